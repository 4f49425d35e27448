//! Keccak-256 (Ethereum's hash, the address of an `ecrecover`ed key is its last 20 bytes) and
//! SHA3-256, written from FIPS 202 (<https://doi.org/10.6028/NIST.FIPS.202>).
//!
//! Keccak-f\[1600\] (FIPS 202 §3.3, Algorithm 7) on 25 lanes of 64 bits, lane (x, y) at index
//! x + 5·y, bit z of a lane its bit z (little-endian): per round θ (each lane XORed with the
//! parities of two neighbouring columns, Algorithm 1), ρ (lane (x, y) rotated by
//! (t + 1)(t + 2)/2 for the t-th lane of the walk (1, 0), (x, y) ↦ (y, 2x + 3y), Algorithm 2),
//! π (lane (x, y) moved to (y, 2x + 3y), Algorithm 3), χ (a ^= ¬b ∧ c along each row,
//! Algorithm 4) and ι (bits 2ʲ − 1 of lane (0, 0) XORed with rc(j + 7·round), the LFSR of
//! Algorithm 5). The offsets and round constants are computed from those algorithms, not
//! copied from a table.
//!
//! The sponge (§4, Algorithm 8) with capacity 512 bits (rate 136 bytes), 256 bits out. The two
//! hashes differ only in the domain bits appended before the pad10*1 padding: none for the
//! original Keccak submission that Ethereum adopted (the first padding byte 0x01), `01` for
//! SHA3-256 (§6.1: 0x06). Checked in this module's tests on FIPS 202's SHA3-256 examples and
//! padding-boundary lengths, and on Keccak-256's published digests of "" and "abc".

/// The rate of a 256-bit-output sponge (capacity 512 bits), in bytes.
const RATE: usize = 136;

/// Keccak-256, as Ethereum uses it (`keccak256`): the sponge with the first padding byte 0x01.
pub fn keccak256(data: &[u8]) -> [u8; 32] {
    sponge(data, 0x01)
}

/// SHA3-256 (FIPS 202 §6.1): the sponge with the domain bits `01` (first padding byte 0x06).
pub fn sha3_256(data: &[u8]) -> [u8; 32] {
    sponge(data, 0x06)
}

/// Absorbs `data` padded with `first_pad` … 0x80 (pad10*1 after the domain bits), permutes,
/// and squeezes 32 bytes.
fn sponge(data: &[u8], first_pad: u8) -> [u8; 32] {
    let mut state = [0u64; 25];
    let mut padded = data.to_vec();
    padded.push(first_pad);
    padded.resize(padded.len().div_ceil(RATE) * RATE, 0);
    *padded.last_mut().expect("one block at least") |= 0x80;
    for block in padded.chunks(RATE) {
        for (lane, bytes) in state.iter_mut().zip(block.chunks(8)) {
            *lane ^= u64::from_le_bytes(bytes.try_into().expect("8 bytes a lane"));
        }
        keccak_f(&mut state);
    }
    let mut out = [0u8; 32];
    for (bytes, lane) in out.chunks_mut(8).zip(&state) {
        bytes.copy_from_slice(&lane.to_le_bytes());
    }
    out
}

/// Keccak-f\[1600\]: 24 rounds of θ, ρ, π, χ, ι.
fn keccak_f(a: &mut [u64; 25]) {
    let offsets = rho_offsets();
    for round in 0..24 {
        // θ: each lane XORed with the parities of columns x − 1 and x + 1 (rotated by 1).
        let parity: [u64; 5] = std::array::from_fn(|x| (0..5).fold(0, |p, y| p ^ a[x + 5 * y]));
        for x in 0..5 {
            let d = parity[(x + 4) % 5] ^ parity[(x + 1) % 5].rotate_left(1);
            for y in 0..5 {
                a[x + 5 * y] ^= d;
            }
        }
        // ρ and π: lane (x, y) rotated, then moved to (y, 2x + 3y).
        let mut b = [0u64; 25];
        for x in 0..5 {
            for y in 0..5 {
                b[y + 5 * ((2 * x + 3 * y) % 5)] = a[x + 5 * y].rotate_left(offsets[x + 5 * y]);
            }
        }
        // χ: along each row, a ^= ¬(next) ∧ (the one after).
        for y in 0..5 {
            for x in 0..5 {
                a[x + 5 * y] = b[x + 5 * y] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
            }
        }
        // ι.
        a[0] ^= round_constant(round);
    }
}

/// ρ's rotation of each lane (Algorithm 2): 0 for (0, 0), (t + 1)(t + 2)/2 mod 64 for the
/// t-th lane of the walk from (1, 0) by (x, y) ↦ (y, 2x + 3y).
fn rho_offsets() -> [u32; 25] {
    let mut offsets = [0u32; 25];
    let (mut x, mut y) = (1, 0);
    for t in 0..24u32 {
        offsets[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        (x, y) = (y, (2 * x + 3 * y) % 5);
    }
    offsets
}

/// rc(t), the output bit of FIPS 202's LFSR x⁸ + x⁶ + x⁵ + x⁴ + 1 (Algorithm 5).
fn rc(t: usize) -> u64 {
    // Bit i of `r` is R[i].
    let mut r: u16 = 1;
    for _ in 0..t % 255 {
        r <<= 1;
        let r8 = (r >> 8) & 1;
        r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
        r &= 0xff;
    }
    u64::from(r & 1)
}

/// ι's constant of round `round`: bit 2ʲ − 1 is rc(j + 7·round), j = 0 … 6.
fn round_constant(round: usize) -> u64 {
    (0..7).fold(0, |c, j| c | rc(j + 7 * round) << ((1u32 << j) - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The message of length `n` the boundary vectors hash: byte i = (7·i + 3) mod 256.
    fn message(n: usize) -> Vec<u8> {
        (0..n).map(|i| ((i * 7 + 3) % 256) as u8).collect()
    }

    /// FIPS 202's SHA3-256 examples (the empty string and "abc", NIST's "SHA3-256" example
    /// file, https://csrc.nist.gov/projects/cryptographic-standards-and-guidelines/example-values).
    #[test]
    fn sha3_256_matches_the_fips_202_examples() {
        assert_eq!(
            hex(&sha3_256(b"")),
            "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"
        );
        assert_eq!(
            hex(&sha3_256(b"abc")),
            "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"
        );
    }

    /// SHA3-256 at the padding's edges: one byte, one short of the rate (the domain bits and
    /// the final bit in one byte, 0x86), the rate exactly (a whole block of padding), one over,
    /// two blocks less one and exactly, and a long message. Expected digests from another
    /// implementation: Python 3's `hashlib.sha3_256` (OpenSSL), on `message(n)`.
    #[test]
    fn sha3_256_matches_at_the_padding_boundaries() {
        let expected = [
            (
                1,
                "e3ed56bd086d8958483a12734fa0ae7f5c8bb160ef9092c67e82ed9b19e4c7b2",
            ),
            (
                135,
                "d9dcf1f98e49a79b0643a9e68fef48079ff8777c5e7e7f93469ded65f192ac71",
            ),
            (
                136,
                "743bd32e775ac7387a57d4d574c89ddef5ebcb08bb5cc6b88c55a27b5035cc45",
            ),
            (
                137,
                "01d47e8d6dce6e3dcbf1baa6f845b6ace4ef74bd17da8176ecc49bc35dbe5d21",
            ),
            (
                271,
                "20bf2d2a8b462cf032927768963867773b04bcfdbf1419d1ac06aa23637e5b19",
            ),
            (
                272,
                "ddeb5151c079739970e780e6257d0c4d52d83bf82c6aa8d47d5195530b5d5f4b",
            ),
            (
                1000,
                "bd8b4d76041e0135e53fab1aaf425c7b1c129d8878ffb64cc31230ccafd7dc7c",
            ),
        ];
        for (n, digest) in expected {
            assert_eq!(hex(&sha3_256(&message(n))), digest, "length {n}");
        }
    }

    /// Keccak-256's digests of the empty string (Ethereum's empty-code hash, `KECCAK_EMPTY`)
    /// and of "abc", as the Keccak team's and Ethereum's implementations publish them.
    #[test]
    fn keccak256_matches_its_published_digests() {
        assert_eq!(
            hex(&keccak256(b"")),
            "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
        );
        assert_eq!(
            hex(&keccak256(b"abc")),
            "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"
        );
    }

    /// The first round constants are FIPS 202's (Table of Algorithm 5's outputs, as the
    /// Keccak reference lists them): the LFSR is read the right way round.
    #[test]
    fn round_constants_start_as_published() {
        assert_eq!(round_constant(0), 0x0000_0000_0000_0001);
        assert_eq!(round_constant(1), 0x0000_0000_0000_8082);
        assert_eq!(round_constant(23), 0x8000_0000_8000_8008);
    }
}
