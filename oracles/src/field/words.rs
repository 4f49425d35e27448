//! Products and reductions of field elements on 64-bit words on the stack, for the moduli
//! where they pay: the schoolbook product of two residues, or a sum of such products, and its
//! reduction mod p without num-bigint's per-operation allocations; and the fixed-width signed
//! numbers of Lehmer's inversion ([`Signed`]). [`super::Fp`] still stores `BigUint`s; these
//! functions take and return little-endian words.
//!
//! # Algorithms
//!
//! * The product: schoolbook multiplication with a 128-bit accumulator (*Handbook of Applied
//!   Cryptography*, §14.2.3, Algorithm 14.12, <https://cacr.uwaterloo.ca/hac/about/chap14.pdf>).
//! * p = 2ᵏ − c with a small c ([`fold_product`]): x = h·2ᵏ + l folds to l + c·h (≡ x, since
//!   2ᵏ ≡ c) until x < 2ᵏ, then one conditional subtraction (HAC Algorithm 14.47).
//! * Any other p of n ≤ [`BARRETT_MAX_WORDS`] words ([`Barrett`]): Barrett reduction with
//!   base b = 2⁶⁴ and μ = ⌊b²ⁿ/p⌋ (HAC Algorithm 14.42): q̂ = ⌊⌊x/bⁿ⁻¹⌋·μ / bⁿ⁺¹⌋ is at most
//!   two below ⌊x/p⌋, so r = x − q̂·p, computed mod bⁿ⁺¹, needs at most two subtractions of p;
//!   q̂·p is therefore needed mod bⁿ⁺¹ only, a truncated product (HAC Note 14.44). The 4- and
//!   6-word moduli of the curve fields run the same code with n a constant.
//! * Exponentiation ([`window_pow`]): the left-to-right 2ᵏ-ary method with k = 4 (HAC
//!   Algorithm 14.82) over either product, the accumulator kept in words throughout.
//! * Lehmer's inversion ([`super::lehmer_inverse`]) keeps A, B, u₀ and u₁ as [`Signed`]:
//!   two's complement in one word more than p, updated in place by its 2×2 cofactor matrix
//!   ([`Signed::combine`]).
//!
//! # Invariants
//!
//! Inputs are residues below p (so products are below p² < b²ⁿ); results are below p. A sum
//! of products that reaches b²ⁿ is left to the caller's `BigUint` path
//! ([`Barrett::sum_of_products`] returns `None`). The callers' tests compare every function
//! with `(a·b) % p` or `(Σ aᵢbᵢ) % p` at the edges and on random values.

use num_bigint::{BigInt, BigUint};

/// A number below 2²⁵⁶ in little-endian 64-bit words.
pub(super) type Words4 = [u64; 4];

/// `x` in four words, if it fits.
pub(super) fn words4(x: &BigUint) -> Option<Words4> {
    fixed(x, 4)
}

/// `x` in the first `len` ≤ N words of an array of N (the rest zero), if it fits in `len`.
fn fixed<const N: usize>(x: &BigUint, len: usize) -> Option<[u64; N]> {
    let digits = x.iter_u64_digits();
    if digits.len() > len.min(N) {
        return None;
    }
    let mut words = [0; N];
    for (w, d) in words.iter_mut().zip(digits) {
        *w = d;
    }
    Some(words)
}

/// The number in little-endian words `words`. num-bigint takes 32-bit digits only, so the
/// words are split on the stack (up to 16 words; a heap vector beyond).
pub(super) fn to_biguint(words: &[u64]) -> BigUint {
    let halves = words.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]);
    let mut stack = [0u32; 32];
    if words.len() <= 16 {
        for (h, d) in stack.iter_mut().zip(halves) {
            *h = d;
        }
        BigUint::from_slice(&stack[..2 * words.len()])
    } else {
        BigUint::new(halves.collect())
    }
}

/// Bits per digit of [`window_pow`]'s exponent.
const POW_WINDOW: u64 = 4;

/// `base^exp` in the ring whose product on words is `mul` and whose 1 is `one`, by the
/// left-to-right 2ᵏ-ary method with k = [`POW_WINDOW`] (HAC Algorithm 14.82): the table
/// `base⁰ … base¹⁵`, then for each 4-bit digit of `exp` from the top, four squarings of the
/// accumulator and one product by the digit's entry (none for a zero digit). `exp = 0` gives
/// `one` (so 0⁰ = 1). No allocation but the exponent's digits.
pub(super) fn window_pow<W: Copy>(
    base: &W,
    one: &W,
    exp: &BigUint,
    mul: impl Fn(&W, &W) -> W,
) -> W {
    let mut table = [*one; 1 << POW_WINDOW];
    for i in 1..table.len() {
        table[i] = mul(&table[i - 1], base);
    }
    let words = exp.to_u64_digits();
    let digit = |i: u64| {
        let bit = i * POW_WINDOW;
        (words[(bit / 64) as usize] >> (bit % 64)) as usize & ((1 << POW_WINDOW) - 1)
    };
    let digits = exp.bits().div_ceil(POW_WINDOW);
    let mut acc = *one;
    for i in (0..digits).rev() {
        if i + 1 < digits {
            for _ in 0..POW_WINDOW {
                acc = mul(&acc, &acc);
            }
        }
        let d = digit(i);
        if d != 0 {
            acc = mul(&acc, &table[d]);
        }
    }
    acc
}

/// out ← a·b (schoolbook, HAC Algorithm 14.12); `out` holds at least a.len() + b.len() words.
#[inline(always)]
fn mul_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    out.fill(0);
    for (i, ai) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, bj) in b.iter().enumerate() {
            let t = u128::from(out[i + j]) + u128::from(*ai) * u128::from(*bj) + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        out[i + b.len()] = carry as u64;
    }
}

/// out ← a·b mod 2^(64·out.len()): the schoolbook product's low words only.
#[inline(always)]
fn mul_low_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    out.fill(0);
    let len = out.len();
    for (i, ai) in a.iter().enumerate().take(len) {
        let mut carry = 0u128;
        for (j, bj) in b.iter().enumerate().take(len - i) {
            let t = u128::from(out[i + j]) + u128::from(*ai) * u128::from(*bj) + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        if i + b.len() < len {
            out[i + b.len()] = carry as u64;
        }
    }
}

/// The bit length of `x`.
fn bits(x: &[u64]) -> u64 {
    (x.iter().enumerate().rev())
        .find(|(_, w)| **w != 0)
        .map_or(0, |(i, w)| {
            64 * i as u64 + u64::from(64 - w.leading_zeros())
        })
}

/// Whether a ≥ b, for numbers of equal width.
#[inline(always)]
fn at_least(a: &[u64], b: &[u64]) -> bool {
    (a.iter().rev().zip(b.iter().rev()))
        .find(|(x, y)| x != y)
        .is_none_or(|(x, y)| x > y)
}

/// a ← a − b mod 2^(64·len), for numbers of equal width.
#[inline(always)]
fn sub_assign(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (w, q) in a.iter_mut().zip(b) {
        let (d, b1) = w.overflowing_sub(*q);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *w = d;
        borrow = b1 || b2;
    }
}

/// a·b mod p for a, b < p = 2ᵏ − c < 2²⁵⁶ (0 < c < 2¹⁶, k ≥ 64): the schoolbook product in
/// eight words, folded as [`super::Reduction::reduce`] does (x ← (x mod 2ᵏ) + c·⌊x / 2ᵏ⌋
/// while x ≥ 2ᵏ, then one conditional subtraction of p), all on stack words.
pub(super) fn fold_product(a: &Words4, b: &Words4, k: u64, c: u16, p: &Words4) -> Words4 {
    let mut x = [0u64; 8];
    mul_into(&mut x, a, b);
    let (word, bit) = ((k / 64) as usize, (k % 64) as u32);
    while bits(&x) > k {
        // high = ⌊x / 2ᵏ⌋, x = x mod 2ᵏ, then x += c·high (fits: x < 2ᵏ + c·2⁵¹²⁻ᵏ).
        let mut high = [0u64; 8];
        for (i, h) in high.iter_mut().enumerate() {
            let low = x.get(i + word).copied().unwrap_or(0);
            let above = x.get(i + word + 1).copied().unwrap_or(0);
            *h = if bit == 0 {
                low
            } else {
                low >> bit | above << (64 - bit)
            };
        }
        for (i, w) in x.iter_mut().enumerate() {
            if i > word {
                *w = 0;
            } else if i == word {
                *w &= (1 << bit) - 1; // all of it when bit = 0
            }
        }
        let mut carry = 0u128;
        for (w, h) in x.iter_mut().zip(high) {
            let t = u128::from(*w) + u128::from(h) * u128::from(c) + carry;
            *w = t as u64;
            carry = t >> 64;
        }
        assert_eq!(carry, 0, "a fold fits eight words");
    }
    // Now x < 2ᵏ = p + c < 2p, and x < 2²⁵⁶ sits in its low four words.
    let mut r = [x[0], x[1], x[2], x[3]];
    if at_least(&r, p) {
        sub_assign(&mut r, p);
    }
    r
}

/// The widest modulus [`Barrett`] takes, in words (BLS12-381's p has six).
pub(super) const BARRETT_MAX_WORDS: usize = 6;

/// Barrett reduction mod a fixed p of n words, 2 ≤ n ≤ [`BARRETT_MAX_WORDS`] (module docs).
#[derive(Clone, Debug)]
pub(super) struct Barrett {
    /// Words of p (its top word, n − 1, is non-zero).
    n: usize,
    /// p, zero-padded to n + 1 words.
    p: [u64; BARRETT_MAX_WORDS + 1],
    /// μ = ⌊b²ⁿ / p⌋, n + 1 words.
    mu: [u64; BARRETT_MAX_WORDS + 1],
}

impl Barrett {
    /// The reduction for `p`, or `None` if p has fewer than 2 or more than
    /// [`BARRETT_MAX_WORDS`] words.
    pub(super) fn new(p: &BigUint) -> Option<Barrett> {
        let n = p.iter_u64_digits().len();
        if !(2..=BARRETT_MAX_WORDS).contains(&n) {
            return None;
        }
        let mu = (BigUint::from(1u8) << (128 * n)) / p;
        let padded = |x: &BigUint| fixed(x, n + 1).expect("p and μ fit n + 1 words");
        Some(Barrett {
            n,
            p: padded(p),
            mu: padded(&mu),
        })
    }

    /// `x` in n words, if it fits (a residue below p always does).
    pub(super) fn words(&self, x: &BigUint) -> Option<[u64; BARRETT_MAX_WORDS]> {
        fixed(x, self.n)
    }

    /// a·b mod p for a, b < p given in n words: the product, then [`Barrett::reduce`].
    pub(super) fn mul(
        &self,
        a: &[u64; BARRETT_MAX_WORDS],
        b: &[u64; BARRETT_MAX_WORDS],
    ) -> BigUint {
        to_biguint(&self.mul_words(a, b)[..self.n])
    }

    /// A residue in words as a `BigUint`.
    pub(super) fn to_biguint(&self, x: &[u64; BARRETT_MAX_WORDS]) -> BigUint {
        to_biguint(&x[..self.n])
    }

    /// [`Barrett::mul`] with the result in words, for chains of products.
    pub(super) fn mul_words(
        &self,
        a: &[u64; BARRETT_MAX_WORDS],
        b: &[u64; BARRETT_MAX_WORDS],
    ) -> [u64; BARRETT_MAX_WORDS] {
        let mut x = [0u64; 2 * BARRETT_MAX_WORDS];
        match self.n {
            4 => self.mul_n::<4>(&mut x, a, b),
            6 => self.mul_n::<6>(&mut x, a, b),
            n => mul_into(&mut x[..2 * n], &a[..n], &b[..n]),
        }
        self.reduce_to_words(&x)
    }

    /// [`Barrett::mul`]'s product for n = N, a constant the loops can be unrolled for.
    fn mul_n<const N: usize>(
        &self,
        x: &mut [u64; 2 * BARRETT_MAX_WORDS],
        a: &[u64; BARRETT_MAX_WORDS],
        b: &[u64; BARRETT_MAX_WORDS],
    ) {
        mul_into(&mut x[..2 * N], &a[..N], &b[..N]);
    }

    /// x mod p for x < b²ⁿ given in 2n words (HAC Algorithm 14.42).
    pub(super) fn reduce(&self, x: &[u64; 2 * BARRETT_MAX_WORDS]) -> BigUint {
        to_biguint(&self.reduce_to_words(x)[..self.n])
    }

    /// [`Barrett::reduce`] with the result in words.
    fn reduce_to_words(&self, x: &[u64; 2 * BARRETT_MAX_WORDS]) -> [u64; BARRETT_MAX_WORDS] {
        match self.n {
            4 => self.reduce_n::<4>(x),
            6 => self.reduce_n::<6>(x),
            n => self.reduce_words(x, n),
        }
    }

    /// [`Barrett::reduce`] for n = N, a constant (the curve fields have four or six words).
    fn reduce_n<const N: usize>(
        &self,
        x: &[u64; 2 * BARRETT_MAX_WORDS],
    ) -> [u64; BARRETT_MAX_WORDS] {
        self.reduce_words(x, N)
    }

    #[inline(always)]
    fn reduce_words(&self, x: &[u64; 2 * BARRETT_MAX_WORDS], n: usize) -> [u64; BARRETT_MAX_WORDS] {
        // q̂ = ⌊⌊x / bⁿ⁻¹⌋ · μ / bⁿ⁺¹⌋: q₁ has n + 1 words, q₁·μ 2n + 2.
        let q1 = &x[n - 1..2 * n];
        let mut q2 = [0u64; 2 * BARRETT_MAX_WORDS + 2];
        mul_into(&mut q2[..2 * n + 2], q1, &self.mu[..n + 1]);
        let q3 = &q2[n + 1..2 * n + 2];
        // r = (x mod bⁿ⁺¹) − (q̂·p mod bⁿ⁺¹), mod bⁿ⁺¹ (a negative difference wraps, which
        // is HAC's "add bⁿ⁺¹").
        let mut q3p = [0u64; BARRETT_MAX_WORDS + 1];
        mul_low_into(&mut q3p[..n + 1], q3, &self.p[..n + 1]);
        let mut r = [0u64; BARRETT_MAX_WORDS + 1];
        r[..n + 1].copy_from_slice(&x[..n + 1]);
        sub_assign(&mut r[..n + 1], &q3p[..n + 1]);
        let mut subtractions = 0;
        while at_least(&r[..n + 1], &self.p[..n + 1]) {
            sub_assign(&mut r[..n + 1], &self.p[..n + 1]);
            subtractions += 1;
            assert!(subtractions <= 2, "Barrett's estimate is at most two below");
        }
        let mut out = [0u64; BARRETT_MAX_WORDS];
        out[..n].copy_from_slice(&r[..n]);
        out
    }

    /// Σ aᵢ·bᵢ mod p for residues aᵢ, bᵢ, reduced once: the products are accumulated in
    /// 2n + 1 words; `None` if an operand is wider than n words or the sum reaches b²ⁿ
    /// (Barrett takes less).
    pub(super) fn sum_of_products<'a>(
        &self,
        pairs: impl IntoIterator<Item = (&'a BigUint, &'a BigUint)>,
    ) -> Option<BigUint> {
        let n = self.n;
        let mut acc = [0u64; 2 * BARRETT_MAX_WORDS + 1];
        for (a, b) in pairs {
            let (a, b) = (self.words(a)?, self.words(b)?);
            for (i, ai) in a[..n].iter().enumerate() {
                let mut carry = 0u128;
                for (j, bj) in b[..n].iter().enumerate() {
                    let t = u128::from(acc[i + j]) + u128::from(*ai) * u128::from(*bj) + carry;
                    acc[i + j] = t as u64;
                    carry = t >> 64;
                }
                for w in &mut acc[i + n..] {
                    if carry == 0 {
                        break;
                    }
                    let t = u128::from(*w) + carry;
                    *w = t as u64;
                    carry = t >> 64;
                }
                assert_eq!(carry, 0, "a sum of products fits 2n + 1 words");
            }
        }
        if acc[2 * n..].iter().any(|w| *w != 0) {
            return None;
        }
        let mut x = [0u64; 2 * BARRETT_MAX_WORDS];
        x.copy_from_slice(&acc[..2 * BARRETT_MAX_WORDS]);
        Some(self.reduce(&x))
    }

    /// `x` in 2n words, if x < b²ⁿ (a product of two residues always is).
    pub(super) fn wide(&self, x: &BigUint) -> Option<[u64; 2 * BARRETT_MAX_WORDS]> {
        fixed(x, 2 * self.n)
    }
}

/// A fixed-width two's-complement integer in little-endian 64-bit words: the numbers of
/// [`super::lehmer_inverse`], which never outgrow the modulus's width plus a sign word.
#[derive(Clone)]
pub(super) struct Signed(Vec<u64>);

impl Signed {
    /// `x` in `words` words; `x` must fit with a sign bit to spare.
    pub(super) fn of(x: &BigUint, words: usize) -> Signed {
        let mut w: Vec<u64> = x.iter_u64_digits().collect();
        assert!(w.len() < words, "value wider than its words");
        w.resize(words, 0);
        Signed(w)
    }

    /// `x` (signed) in `words` words: its magnitude's digits, negated in two's complement
    /// when `x < 0`.
    pub(super) fn of_signed(x: &BigInt, words: usize) -> Signed {
        let mut w = Signed::of(x.magnitude(), words);
        if x.sign() == num_bigint::Sign::Minus {
            w.negate();
        }
        w
    }

    /// self ← −self in two's complement (invert, add one).
    pub(super) fn negate(&mut self) {
        let mut carry = true;
        for w in &mut self.0 {
            let (sum, overflow) = (!*w).overflowing_add(u64::from(carry));
            *w = sum;
            carry = overflow;
        }
    }

    /// The magnitude of the value, and whether it is negative.
    pub(super) fn magnitude(&self) -> (BigUint, bool) {
        if self.is_negative() {
            let mut m = self.clone();
            m.negate();
            (to_biguint(&m.0), true)
        } else {
            (to_biguint(&self.0), false)
        }
    }

    pub(super) fn to_bigint(&self) -> BigInt {
        let (magnitude, negative) = self.magnitude();
        let sign = if negative {
            num_bigint::Sign::Minus
        } else {
            num_bigint::Sign::Plus
        };
        BigInt::from_biguint(sign, magnitude)
    }

    pub(super) fn is_one(&self) -> bool {
        self.0[0] == 1 && self.0[1..].iter().all(|w| *w == 0)
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    pub(super) fn is_negative(&self) -> bool {
        self.0.last().is_some_and(|top| *top >> 63 == 1)
    }

    /// The bit length of a non-negative value.
    pub(super) fn bits(&self) -> u64 {
        bits(&self.0)
    }

    /// Bits `shift .. shift + 62` of a non-negative value.
    pub(super) fn leading(&self, shift: u64) -> i64 {
        let (word, bit) = ((shift / 64) as usize, shift % 64);
        let low = u128::from(self.0.get(word).copied().unwrap_or(0));
        let high = u128::from(self.0.get(word + 1).copied().unwrap_or(0));
        let window = ((high << 64 | low) >> bit) as u64;
        i64::try_from(window & ((1 << 62) - 1)).expect("62-bit value")
    }

    /// self ← a·x + b·y, for |x|, |y| < 2⁶²: each word's two products stay below 2¹²⁶ in
    /// magnitude and the carry below 2⁶⁴, so the i128 accumulator cannot overflow. The
    /// result must fit the width (asserted: the carry out of the top word is its sign).
    pub(super) fn combine(&mut self, a: &Signed, x: i64, b: &Signed, y: i64) {
        let top = self.0.len() - 1;
        let mut carry: i128 = 0;
        for (i, out) in self.0.iter_mut().enumerate() {
            let word = |w: u64| {
                if i == top {
                    i128::from(w as i64)
                } else {
                    i128::from(w)
                }
            };
            let acc = carry + word(a.0[i]) * i128::from(x) + word(b.0[i]) * i128::from(y);
            *out = acc as u64;
            carry = acc >> 64;
        }
        assert_eq!(
            carry,
            i128::from((self.0[top] as i64) >> 63),
            "Lehmer cofactor overflowed its width"
        );
    }
}
