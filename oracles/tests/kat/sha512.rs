//! SHA-512 (FIPS 180-4 §6.4), written out plainly for the Ed25519 and ristretto255 vectors.
//!
//! The round constants K (§4.2.3) and the initial hash value H⁽⁰⁾ (§5.3.5) are computed as the
//! standard defines them, the first 64 bits of the fractional parts of the cube roots of the
//! first 80 primes and of the square roots of the first 8 primes, instead of being pasted.
//! `sha512_abc` in `known_answers.rs` checks the result against the FIPS 180-2 Appendix C.1
//! "abc" digest before any vector is hashed.

use num_bigint::BigUint;

/// The first `n` primes.
fn primes(n: usize) -> Vec<u32> {
    (2u32..)
        .filter(|c| (2..*c).take_while(|d| d * d <= *c).all(|d| c % d != 0))
        .take(n)
        .collect()
}

/// The low 64 bits of ⌊root(prime · 2^(64·degree))⌋, i.e. the first 64 bits of the fractional
/// part of the prime's square (degree 2) or cube (degree 3) root.
fn fractional_bits(prime: u32, degree: u32) -> u64 {
    let scaled = BigUint::from(prime) << (64 * degree);
    let root = scaled.nth_root(degree);
    root.iter_u64_digits().next().expect("non-zero root")
}

/// SHA-512 of `message`.
pub fn sha512(message: &[u8]) -> [u8; 64] {
    let k: Vec<u64> = primes(80).iter().map(|p| fractional_bits(*p, 3)).collect();
    let mut h: Vec<u64> = primes(8).iter().map(|p| fractional_bits(*p, 2)).collect();

    // §5.1.2 padding: 0x80, zeros, then the 128-bit big-endian bit length.
    let mut padded = message.to_vec();
    padded.push(0x80);
    while padded.len() % 128 != 112 {
        padded.push(0);
    }
    padded.extend_from_slice(&(message.len() as u128 * 8).to_be_bytes());

    for block in padded.chunks(128) {
        // §6.4.2 step 1: the message schedule.
        let mut w = [0u64; 80];
        for (t, word) in block.chunks(8).enumerate() {
            w[t] = u64::from_be_bytes(word.try_into().expect("8-byte word"));
        }
        for t in 16..80 {
            let s0 = w[t - 15].rotate_right(1) ^ w[t - 15].rotate_right(8) ^ (w[t - 15] >> 7);
            let s1 = w[t - 2].rotate_right(19) ^ w[t - 2].rotate_right(61) ^ (w[t - 2] >> 6);
            w[t] = s1
                .wrapping_add(w[t - 7])
                .wrapping_add(s0)
                .wrapping_add(w[t - 16]);
        }
        // Steps 2–4: the 80 rounds.
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] =
            <[u64; 8]>::try_from(h.as_slice()).expect("eight words");
        for t in 0..80 {
            let big_s1 = e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(big_s1)
                .wrapping_add(ch)
                .wrapping_add(k[t])
                .wrapping_add(w[t]);
            let big_s0 = a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = big_s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (word, v) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *word = word.wrapping_add(v);
        }
    }
    let mut digest = [0u8; 64];
    for (chunk, word) in digest.chunks_mut(8).zip(&h) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    digest
}
