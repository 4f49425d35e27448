//! curve25519-dalek 5.0.0: `EdwardsPoint` and `RistrettoPoint` multiscalar multiplication
//! (constant-time Straus, variable-time Straus/Pippenger, the precomputed Straus types),
//! `mul_base`, `vartime_double_scalar_mul_basepoint`, compression, decompression, and the
//! Edwards → Montgomery map (`to_montgomery`, `to_montgomery_batch`).
//!
//! Inputs arrive as bytes only: a point as one canonical encoding that dalek decompresses, or
//! as two encodings whose difference dalek computes with its own subtraction
//! ([`Repr::Difference`], the way to hand dalek a point with an arbitrary projective Z — its
//! coordinates are private). Scalars arrive as canonical integers below ℓ and become
//! `Scalar::from_canonical_bytes`. Results leave through no codec of dalek's: their projective
//! coordinates are read off dalek's `Debug` output (`FieldElement51` limbs of X, Y, Z; the first
//! point of a ristretto255 element's coset) and encoded by the oracle ([`DalekGroup::read`]), so
//! a bug that dalek's decompression and compression share (a sign flipped both ways) cannot
//! cancel between the input and the output. The encoder routines, whose output is dalek's
//! `compress`, also read their inputs back that way ([`read_points`]). Every codec function used
//! is recorded ([`crate::paths`]). dalek's `==` is never used.

use crate::engine::Outcome;
use crate::families::curve25519::edwards::Repr;
use crate::families::curve25519::edwards_msm::{MsmInput, MsmKind, MsmSubject};
use crate::paths::{self, Side};
use crate::repro::project::ReproCode;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint, VartimeEdwardsPrecomputation};
use curve25519_dalek::ristretto::{
    CompressedRistretto, RistrettoPoint, VartimeRistrettoPrecomputation,
};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};
use num_bigint::BigUint;
use std::marker::PhantomData;
use std::ops::{Add, Neg, Sub};

/// The crate and version every adapter here tests.
pub const DALEK: &str = "curve25519-dalek 5.0.0";

/// A canonical integer below ℓ as a dalek `Scalar` (panics on a non-canonical value: the
/// generators only draw canonical scalars, and dalek's `Scalar` cannot hold others).
pub fn scalar(s: &BigUint) -> Scalar {
    let mut bytes = [0u8; 32];
    let le = s.to_bytes_le();
    assert!(le.len() <= 32, "scalar wider than 256 bits");
    bytes[..le.len()].copy_from_slice(&le);
    Option::from(Scalar::from_canonical_bytes(bytes)).expect("scalar not canonical (≥ ℓ)")
}

/// A `Scalar` as its canonical integer.
pub fn from_scalar(s: &Scalar) -> BigUint {
    BigUint::from_bytes_le(s.as_bytes())
}

/// dalek's two prime-order-or-not point types, as the adapters need them.
pub trait DalekGroup:
    Copy
    + Send
    + Sync
    + 'static
    + MultiscalarMul<Point = Self>
    + VartimeMultiscalarMul<Point = Self>
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + Neg<Output = Self>
{
    /// The precomputed-Straus type for this group.
    type Precomputation: VartimePrecomputedMultiscalarMul<Point = Self> + Send + Sync;
    /// For reproducers ([`crate::repro`]): the paths of the point, compressed-point and
    /// precomputation types.
    const REPRO_PATHS: [&'static str; 3];
    /// The names [`crate::paths`] records: the codec type's decoder and encoder, and the
    /// `Debug` reading.
    const PATH_NAMES: [&'static str; 3];
    /// `Compressed*::decompress`.
    fn decompress(bytes: &[u8; 32]) -> Option<Self>;
    /// `compress().to_bytes()`.
    fn compress(&self) -> [u8; 32];
    /// The point's encoding by ecdiff's oracle (RFC 8032 / RFC 9496) from its coordinates as
    /// dalek's `Debug` prints them: no dalek codec on the way out.
    fn read(&self) -> [u8; 32];
    /// `mul_base` (the precomputed basepoint table).
    fn mul_base(s: &Scalar) -> Self;
    /// The identity.
    fn identity() -> Self;
    /// `s · self` (variable-base scalar multiplication).
    fn mul(&self, s: &Scalar) -> Self;
    /// `vartime_double_scalar_mul_basepoint(a, A, b)`: a·A + b·B, B the group's base point.
    fn vartime_double_scalar_mul_basepoint(a: &Scalar, point: &Self, b: &Scalar) -> Self;
}

impl DalekGroup for EdwardsPoint {
    type Precomputation = VartimeEdwardsPrecomputation;
    const REPRO_PATHS: [&'static str; 3] = [
        "curve25519_dalek::edwards::EdwardsPoint",
        "curve25519_dalek::edwards::CompressedEdwardsY",
        "curve25519_dalek::edwards::VartimeEdwardsPrecomputation",
    ];
    const PATH_NAMES: [&'static str; 3] = [
        "curve25519_dalek::CompressedEdwardsY::decompress",
        "curve25519_dalek::CompressedEdwardsY::compress",
        "curve25519_dalek::EdwardsPoint::debug",
    ];
    fn decompress(bytes: &[u8; 32]) -> Option<Self> {
        CompressedEdwardsY(*bytes).decompress()
    }
    fn compress(&self) -> [u8; 32] {
        EdwardsPoint::compress(self).to_bytes()
    }
    fn read(&self) -> [u8; 32] {
        paths::conversion(Side::Out, Self::PATH_NAMES[2]);
        ecdiff_oracles::edwards::encode(&debug_point(&format!("{self:?}")))
    }
    fn mul_base(s: &Scalar) -> Self {
        EdwardsPoint::mul_base(s)
    }
    fn identity() -> Self {
        <EdwardsPoint as curve25519_dalek::traits::Identity>::identity()
    }
    fn mul(&self, s: &Scalar) -> Self {
        self * s
    }
    fn vartime_double_scalar_mul_basepoint(a: &Scalar, point: &Self, b: &Scalar) -> Self {
        EdwardsPoint::vartime_double_scalar_mul_basepoint(a, point, b)
    }
}

impl DalekGroup for RistrettoPoint {
    type Precomputation = VartimeRistrettoPrecomputation;
    const REPRO_PATHS: [&'static str; 3] = [
        "curve25519_dalek::ristretto::RistrettoPoint",
        "curve25519_dalek::ristretto::CompressedRistretto",
        "curve25519_dalek::ristretto::VartimeRistrettoPrecomputation",
    ];
    const PATH_NAMES: [&'static str; 3] = [
        "curve25519_dalek::CompressedRistretto::decompress",
        "curve25519_dalek::CompressedRistretto::compress",
        "curve25519_dalek::RistrettoPoint::debug",
    ];
    fn decompress(bytes: &[u8; 32]) -> Option<Self> {
        CompressedRistretto(*bytes).decompress()
    }
    fn compress(&self) -> [u8; 32] {
        RistrettoPoint::compress(self).to_bytes()
    }
    /// The first point of the coset `Debug` prints is the element's own Edwards
    /// representative; RFC 9496's encoder takes any representative.
    fn read(&self) -> [u8; 32] {
        paths::conversion(Side::Out, Self::PATH_NAMES[2]);
        ecdiff_oracles::ristretto::encode(&debug_point(&format!("{self:?}")))
    }
    fn mul_base(s: &Scalar) -> Self {
        RistrettoPoint::mul_base(s)
    }
    fn identity() -> Self {
        <RistrettoPoint as curve25519_dalek::traits::Identity>::identity()
    }
    fn mul(&self, s: &Scalar) -> Self {
        self * s
    }
    fn vartime_double_scalar_mul_basepoint(a: &Scalar, point: &Self, b: &Scalar) -> Self {
        RistrettoPoint::vartime_double_scalar_mul_basepoint(a, point, b)
    }
}

/// The affine point of the first `EdwardsPoint{ X: …, Y: …, Z: … }` in a `Debug` string of
/// dalek's: each coordinate's limbs (`FieldElement51([5 limbs])`, radix 2⁵¹, on 64-bit
/// backends; `FieldElement2625([10 limbs])`, radix 2^25.5, on 32-bit ones), possibly not
/// reduced, summed and reduced mod p; x = X/Z, y = Y/Z in the oracle's field.
pub fn debug_point(debug: &str) -> ecdiff_oracles::edwards::EdPoint {
    let fp = ecdiff_oracles::curves::ed25519_fp();
    let coordinate = |key: &str| {
        let at = debug
            .find(key)
            .unwrap_or_else(|| panic!("no {key} in {debug}"));
        let rest = &debug[at..];
        let (open, close) = (
            rest.find('[').expect("limbs"),
            rest.find(']').expect("limbs"),
        );
        let limbs: Vec<u64> = (rest[open + 1..close].split(','))
            .map(|l| l.trim().parse().expect("a limb"))
            .collect();
        let offsets: &[u32] = match limbs.len() {
            5 => &[0, 51, 102, 153, 204],
            10 => &[0, 26, 51, 77, 102, 128, 153, 179, 204, 230],
            n => panic!("{n} limbs in {debug}"),
        };
        let value = (limbs.iter().zip(offsets)).fold(BigUint::from(0u8), |acc, (&l, &o)| {
            acc + (BigUint::from(l) << o)
        });
        fp.elem(value)
    };
    let (x, y, z) = (coordinate("X:"), coordinate("Y:"), coordinate("Z:"));
    let z_inv = z.inv().expect("a point's Z is not zero");
    ecdiff_oracles::edwards::EdPoint {
        x: x.mul(&z_inv),
        y: y.mul(&z_inv),
    }
}

/// The oracle's encodings of the points dalek decodes from `reprs` (as [`point`] builds them),
/// each read with [`DalekGroup::read`]: the encoder routines' independent reading of what
/// dalek holds, beside the encodings under test.
pub fn read_points<G: DalekGroup>(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    match points::<G>(reprs) {
        Ok(ps) => Outcome::Value(ps.iter().map(G::read).collect()),
        Err(e) => Outcome::Rejected(e),
    }
}

/// The point a [`Repr`] denotes, built with dalek: decompression, and for a difference dalek's
/// own subtraction. `None` if dalek refuses an encoding (the generators only produce valid
/// ones, so a refusal is a finding).
pub fn point<G: DalekGroup>(repr: &Repr) -> Option<G> {
    paths::conversion(Side::In, G::PATH_NAMES[0]);
    match repr {
        Repr::Encoded(b) => G::decompress(b),
        Repr::Difference { sum, shift } => Some(G::decompress(sum)? - &G::decompress(shift)?),
    }
}

/// Every point of `reprs`, or the index of the first one dalek refuses.
pub fn points<G: DalekGroup>(reprs: &[Repr]) -> Result<Vec<G>, String> {
    reprs
        .iter()
        .enumerate()
        .map(|(i, r)| point(r).ok_or_else(|| format!("dalek refused input point {i}: {}", r.hex())))
        .collect()
}

/// Optional points: `None` stays `None`; a refused encoding is an error.
pub fn optional_points<G: DalekGroup>(reprs: &[Option<Repr>]) -> Result<Vec<Option<G>>, String> {
    reprs
        .iter()
        .enumerate()
        .map(|(i, r)| match r {
            None => Ok(None),
            Some(r) => point(r)
                .map(Some)
                .ok_or_else(|| format!("dalek refused input point {i}: {}", r.hex())),
        })
        .collect()
}

/// The scalars of a case as dalek `Scalar`s.
pub fn scalars(s: &[BigUint]) -> Vec<Scalar> {
    s.iter().map(scalar).collect()
}

/// dalek's multiscalar multiplication of `kind` for the group `G`.
pub struct DalekMsm<G> {
    kind: MsmKind,
    _group: PhantomData<G>,
}

impl<G> DalekMsm<G> {
    /// The adapter for `kind`.
    pub fn new(kind: MsmKind) -> Self {
        DalekMsm {
            kind,
            _group: PhantomData,
        }
    }
}

/// Runs dalek's multiscalar multiplication of `kind` on decoded inputs; `None` is the
/// optional forms' `None`.
pub fn run_msm<G: DalekGroup>(
    kind: MsmKind,
    static_scalars: &[Scalar],
    static_points: &[G],
    scalars: &[Scalar],
    points: Vec<Option<G>>,
) -> Option<G> {
    let all = || -> Vec<G> {
        points
            .iter()
            .map(|p| p.expect("the non-optional forms get no None"))
            .collect()
    };
    match kind {
        MsmKind::ConstTime => Some(G::multiscalar_mul(scalars, all())),
        MsmKind::Vartime => Some(G::vartime_multiscalar_mul(scalars, all())),
        MsmKind::Optional => G::optional_multiscalar_mul(scalars, points),
        MsmKind::Mixed => {
            let pre = G::Precomputation::new(static_points);
            Some(pre.vartime_mixed_multiscalar_mul(static_scalars, scalars, all()))
        }
        MsmKind::OptionalMixed => {
            let pre = G::Precomputation::new(static_points);
            pre.optional_mixed_multiscalar_mul(static_scalars, scalars, points)
        }
    }
}

impl<G: DalekGroup> MsmSubject for DalekMsm<G> {
    fn msm(&self, input: &MsmInput<'_>) -> Outcome<[u8; 32]> {
        let decoded = points::<G>(input.static_points)
            .and_then(|st| Ok((st, optional_points::<G>(input.points)?)));
        let (static_points, points) = match decoded {
            Ok(v) => v,
            Err(e) => return Outcome::Rejected(e),
        };
        match run_msm(
            self.kind,
            &scalars(input.static_scalars),
            &static_points,
            &scalars(input.scalars),
            points,
        ) {
            Some(p) => Outcome::Value(p.read()),
            None => Outcome::Rejected("dalek returned None".into()),
        }
    }

    /// The inputs decompressed (a difference subtracted) by dalek as [`point`] does, the
    /// scalars through `from_canonical_bytes`, collected into `Vec`s as [`run_msm`] passes
    /// them (the size hint picks the path), then the form; the result printed compressed.
    fn reproducer(&self, input: &MsmInput<'_>, expected: Option<&[u8; 32]>) -> Option<ReproCode> {
        let [point, compressed, precomputation] = G::REPRO_PATHS;
        let repr = |r: &Repr| match r {
            Repr::Encoded(b) => format!("decode(\"{}\")", hex::encode(b)),
            Repr::Difference { sum, shift } => format!(
                "decode(\"{}\") - decode(\"{}\")",
                hex::encode(sum),
                hex::encode(shift)
            ),
        };
        let list = |items: Vec<String>| -> String {
            if items.is_empty() {
                "vec![]".into()
            } else {
                format!("vec![\n    {},\n]", items.join(",\n    "))
            }
        };
        let scalar_list = |s: &[BigUint]| {
            list(
                s.iter()
                    .map(|v| format!("scalar(\"{}\")", hex::encode(le32(v))))
                    .collect(),
            )
        };
        let points = list(
            (input.points.iter())
                .map(|p| {
                    p.as_ref()
                        .map_or("None".into(), |r| format!("Some({})", repr(r)))
                })
                .collect(),
        );
        let call = match self.kind {
            MsmKind::ConstTime => format!("Some({point}::multiscalar_mul(&scalars, all()))"),
            MsmKind::Vartime => format!("Some({point}::vartime_multiscalar_mul(&scalars, all()))"),
            MsmKind::Optional => format!("{point}::optional_multiscalar_mul(&scalars, points)"),
            MsmKind::Mixed => format!(
                "Some({precomputation}::new(&static_points).vartime_mixed_multiscalar_mul(\n    \
                 &static_scalars,\n    &scalars,\n    all(),\n))"
            ),
            MsmKind::OptionalMixed => format!(
                "{precomputation}::new(&static_points).optional_mixed_multiscalar_mul(\n    \
                 &static_scalars,\n    &scalars,\n    points,\n)"
            ),
        };
        let body = format!(
            "fn decode(hex: &str) -> {point} {{\n    \
             let bytes: [u8; 32] = unhex(hex).try_into().expect(\"32 bytes\");\n    \
             {compressed}(bytes).decompress().expect(\"a valid encoding\")\n}}\n\
             fn scalar(le: &str) -> Scalar {{\n    \
             let bytes: [u8; 32] = unhex(le).try_into().expect(\"32 bytes\");\n    \
             Option::from(Scalar::from_canonical_bytes(bytes)).expect(\"a canonical scalar\")\n}}\n\
             // The inputs as ecdiff hands them over: decompressed by dalek (a difference of two\n\
             // points subtracted by dalek, which leaves its own projective Z).\n\
             #[allow(unused_variables)]\n\
             let static_points: Vec<{point}> = {};\n\
             #[allow(unused_variables)]\n\
             let static_scalars: Vec<Scalar> = {};\n\
             let points: Vec<Option<{point}>> = {points};\n\
             let scalars: Vec<Scalar> = {};\n\
             #[allow(unused_variables)]\n\
             let all = || -> Vec<{point}> {{ points.iter().map(|p| p.expect(\"no None\")).collect() }};\n\
             // The multiscalar multiplication under test.\n\
             let result: Option<{point}> = {call};\n\
             match result {{\n    \
             Some(p) => format!(\"point {{}}\", hex(p.compress().as_bytes())),\n    \
             None => \"none\".to_string(),\n}}\n",
            list(input.static_points.iter().map(repr).collect()),
            scalar_list(input.static_scalars),
            scalar_list(input.scalars),
        );
        Some(ReproCode {
            dependencies: Vec::new(),
            uses: vec![
                "use curve25519_dalek::scalar::Scalar;".into(),
                "#[allow(unused_imports)]".into(),
                "use curve25519_dalek::traits::{MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul};".into(),
            ],
            body,
            expected: expected.map_or("none".into(), |e| format!("point {}", hex::encode(e))),
            expected_from: "ecdiff's oracle on this case (known logs with torsion bookkeeping: \
                            (Σ sᵢaᵢ mod ℓ)·B + (Σ sᵢtᵢ mod 8)·T, RFC 8032 / RFC 9496 encoded), \
                            embedded"
                .into(),
        })
    }
}

/// A scalar below 2²⁵⁶ as 32 little-endian bytes.
fn le32(s: &BigUint) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    let le = s.to_bytes_le();
    bytes[..le.len()].copy_from_slice(&le);
    bytes
}

/// `G::mul_base(s)`, read by [`DalekGroup::read`].
pub fn mul_base<G: DalekGroup>(s: &BigUint) -> [u8; 32] {
    G::mul_base(&scalar(s)).read()
}

/// `G::vartime_double_scalar_mul_basepoint(a, A, b)` (a·A + b·B), read by
/// [`DalekGroup::read`]; A is built
/// with dalek's arithmetic (see [`point`]).
pub fn vartime_double_scalar_mul_basepoint<G: DalekGroup>(
    a: &BigUint,
    repr: &Repr,
    b: &BigUint,
) -> Outcome<[u8; 32]> {
    match point::<G>(repr) {
        Some(p) => Outcome::Value(
            G::vartime_double_scalar_mul_basepoint(&scalar(a), &p, &scalar(b)).read(),
        ),
        None => Outcome::Rejected(format!("dalek refused the point A: {}", repr.hex())),
    }
}

/// `EdwardsPoint::to_montgomery_batch` (one batch inversion of the Z − Y denominators), each
/// u as `MontgomeryPoint::to_bytes()`.
pub fn edwards_to_montgomery_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    match points::<EdwardsPoint>(reprs) {
        Ok(ps) => Outcome::Value(
            EdwardsPoint::to_montgomery_batch(&ps)
                .iter()
                .map(|m| m.to_bytes())
                .collect(),
        ),
        Err(e) => Outcome::Rejected(e),
    }
}

/// `EdwardsPoint::to_montgomery` of each point (one inversion per point), as
/// `MontgomeryPoint::to_bytes()`.
pub fn edwards_to_montgomery_each(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    match points::<EdwardsPoint>(reprs) {
        Ok(ps) => Outcome::Value(ps.iter().map(|p| p.to_montgomery().to_bytes()).collect()),
        Err(e) => Outcome::Rejected(e),
    }
}

/// `compress()` of each point (built with dalek's arithmetic, see [`point`]).
pub fn compress_each<G: DalekGroup>(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    paths::under_test(Side::Out, G::PATH_NAMES[1]);
    match points::<G>(reprs) {
        Ok(ps) => Outcome::Value(ps.iter().map(G::compress).collect()),
        Err(e) => Outcome::Rejected(e),
    }
}

/// `EdwardsPoint::compress_batch_alloc` (one batch inversion of the Z coordinates).
pub fn edwards_compress_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    // The batch writes the encoding `compress` writes: recorded as that encoder.
    paths::under_test(Side::Out, <EdwardsPoint as DalekGroup>::PATH_NAMES[1]);
    match points::<EdwardsPoint>(reprs) {
        Ok(ps) => Outcome::Value(
            EdwardsPoint::compress_batch_alloc(&ps)
                .iter()
                .map(|c| c.to_bytes())
                .collect(),
        ),
        Err(e) => Outcome::Rejected(e),
    }
}

/// `RistrettoPoint::double_and_compress_batch`: the encodings of 2·Pᵢ with one batch
/// inversion.
pub fn ristretto_double_and_compress_batch(reprs: &[Repr]) -> Outcome<Vec<[u8; 32]>> {
    paths::under_test(Side::Out, <RistrettoPoint as DalekGroup>::PATH_NAMES[1]);
    match points::<RistrettoPoint>(reprs) {
        Ok(ps) => Outcome::Value(
            RistrettoPoint::double_and_compress_batch(&ps)
                .iter()
                .map(|c| c.to_bytes())
                .collect(),
        ),
        Err(e) => Outcome::Rejected(e),
    }
}

/// `Compressed*::decompress`, the accepted point read by [`DalekGroup::read`].
pub fn decompress<G: DalekGroup>(bytes: &[u8; 32]) -> Outcome<[u8; 32]> {
    paths::under_test(Side::In, G::PATH_NAMES[0]);
    match G::decompress(bytes) {
        Some(p) => Outcome::Value(p.read()),
        None => Outcome::Rejected("decompress returned None".into()),
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
