//! halo2curves 0.10 adapters: the MSM entry points of `halo2curves::msm` (`msm_best`,
//! `msm_parallel`, `msm_serial`) and `group::Curve::batch_normalize` over BN254 G1
//! (`bn256::G1`), secp256k1 and secp256r1 (P-256), between ecdiff's neutral values and
//! halo2curves types.
//!
//! # Conversions
//!
//! Field elements go in and out through their canonical little-endian `PrimeField::Repr`
//! (`from_repr` of the canonical integer, `to_repr`), scalars likewise; nothing is reduced.
//! Affine bases are `CurveAffine::from_xy(x, y)` (it checks the curve equation, which every
//! drawn point satisfies), the identity `CurveAffine::identity()` — halo2curves' one affine
//! identity, (0, 0).
//!
//! halo2curves' projective type is **homogeneous**, (X : Y : Z) ↦ (X/Z, Y/Z), not Jacobian
//! (`derive/curve.rs`: `to_affine` divides by Z, `jacobian_coordinates` returns (X·Z, Y·Z², Z)).
//! A drawn Jacobian point (X, Y, Z) is therefore handed over as the homogeneous point
//! (X·Z, Y, Z³) — the same affine point, (X·Z)/Z³ = X/Z² and Y/Z³ — computed with the
//! oracle's integer arithmetic and written into the public coordinate fields, so a Jacobian
//! identity (X, Y, 0) stays an identity with its own Y and Z = 0. Results come back as the raw
//! homogeneous coordinates converted by the oracle's textbook `Curve::from_homogeneous`
//! (affine results: `coordinates()`, the identity by `is_identity()`), never through a
//! library `==`.

use crate::curve::{Jacobian, SwGroup};
use crate::families::halo2curves::compressed::{Halo2Codec, Halo2Compressed};
use crate::families::halo2curves::large_repro::{CompactMsm, Edit};
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::msm::AffineMsm;
use crate::shapes::normalize::NormalizeBatch;
use ecdiff_oracles::curves::{Bn254G1, Secp256k1, P256};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use halo2curves::ff::PrimeField;
use halo2curves::group::prime::PrimeCurveAffine as _;
use halo2curves::group::Curve as _;
use halo2curves::{CurveAffine, CurveExt};
use num_bigint::BigUint;

/// halo2curves 0.10.0.
pub const HALO2CURVES: &str = "halo2curves 0.10.0";

/// A canonical integer as a halo2curves prime-field element (`from_repr` of its
/// little-endian bytes).
///
/// # Panics
/// If the integer is not canonical for the field (never for drawn values).
pub fn to_field<F: PrimeField>(v: &BigUint) -> F {
    let mut repr = F::Repr::default();
    let le = v.to_bytes_le();
    repr.as_mut()[..le.len()].copy_from_slice(&le);
    Option::from(F::from_repr(repr)).expect("a canonical field element")
}

/// A halo2curves prime-field element as its canonical integer (`to_repr`, little-endian).
pub fn from_field<F: PrimeField>(f: &F) -> BigUint {
    BigUint::from_bytes_le(f.to_repr().as_ref())
}

/// An oracle group with its halo2curves types.
pub trait Halo2Group: SwGroup<F = Fp> {
    /// The affine type (the MSM bases).
    type Affine: CurveAffine<CurveExt = Self::Curve, Base = Self::Base>;
    /// The homogeneous projective type.
    type Curve: CurveExt<AffineExt = Self::Affine, Base = Self::Base>;
    /// The base field.
    type Base: PrimeField;
    /// The raw homogeneous coordinates (X, Y, Z).
    fn xyz(p: &Self::Curve) -> [Self::Base; 3];
    /// The homogeneous point with these raw coordinates.
    fn from_xyz(x: Self::Base, y: Self::Base, z: Self::Base) -> Self::Curve;
    /// For reproducers ([`crate::repro`]): the affine type's and the base field's paths.
    const REPRO_PATHS: (&'static str, &'static str);
    /// For reproducers: the scalar field's path.
    const REPRO_SCALAR: &'static str;
}

macro_rules! halo2_group {
    ($group:ty, $curve:path, $affine:ty, $base:ty, $scalar:ty) => {
        impl Halo2Group for $group {
            type Affine = $affine;
            type Curve = $curve;
            type Base = $base;
            fn xyz(p: &$curve) -> [$base; 3] {
                [p.x, p.y, p.z]
            }
            fn from_xyz(x: $base, y: $base, z: $base) -> $curve {
                $curve { x, y, z }
            }
            const REPRO_PATHS: (&'static str, &'static str) =
                (stringify!($affine), stringify!($base));
            const REPRO_SCALAR: &'static str = stringify!($scalar);
        }
    };
}

halo2_group!(
    Bn254G1,
    halo2curves::bn256::G1,
    halo2curves::bn256::G1Affine,
    halo2curves::bn256::Fq,
    halo2curves::bn256::Fr
);
halo2_group!(
    Secp256k1,
    halo2curves::secp256k1::Secp256k1,
    halo2curves::secp256k1::Secp256k1Affine,
    halo2curves::secp256k1::Fp,
    halo2curves::secp256k1::Fq
);
halo2_group!(
    P256,
    halo2curves::secp256r1::Secp256r1,
    halo2curves::secp256r1::Secp256r1Affine,
    halo2curves::secp256r1::Fp,
    halo2curves::secp256r1::Fq
);

/// An oracle affine point as a halo2curves affine base.
pub fn affine<C: Halo2Group>(p: &Point<Fp>) -> C::Affine {
    match p {
        Point::Identity => C::Affine::identity(),
        Point::Affine { x, y } => {
            Option::from(C::Affine::from_xy(to_field(x.value()), to_field(y.value())))
                .expect("a point on the curve")
        }
    }
}

/// A halo2curves affine point as the oracle's point.
pub fn from_affine<C: Halo2Group>(a: &C::Affine) -> Point<Fp> {
    if bool::from(a.is_identity()) {
        return Point::Identity;
    }
    let coords = Option::from(a.coordinates()).expect("a non-identity point has coordinates");
    let field = C::instance().curve().b.field();
    let elem = |f: &C::Base| {
        field
            .from_canonical(&from_field(f))
            .expect("halo2curves coordinates are canonical")
    };
    let c: halo2curves::Coordinates<C::Affine> = coords;
    Point::Affine {
        x: elem(c.x()),
        y: elem(c.y()),
    }
}

/// A halo2curves homogeneous point as the oracle's point: its raw coordinates through the
/// oracle's `from_homogeneous` (Z = 0 is the identity).
pub fn from_curve<C: Halo2Group>(p: &C::Curve) -> Point<Fp> {
    let field = C::instance().curve().b.field();
    let [x, y, z] = C::xyz(p).map(|f| {
        field
            .from_canonical(&from_field(&f))
            .expect("halo2curves coordinates are canonical")
    });
    C::instance().curve().from_homogeneous(&x, &y, &z)
}

/// A Jacobian point (X, Y, Z) as the homogeneous (X·Z, Y, Z³), computed with the oracle's
/// arithmetic (see the module doc).
pub fn curve<C: Halo2Group>(j: &Jacobian<Fp>) -> C::Curve {
    let x = j.x.mul(&j.z);
    let z3 = j.z.square().mul(&j.z);
    C::from_xyz(
        to_field(x.value()),
        to_field(j.y.value()),
        to_field(z3.value()),
    )
}

/// Canonical scalars as halo2curves scalars.
pub fn scalars<C: Halo2Group>(s: &[BigUint]) -> Vec<<C::Affine as CurveAffine>::ScalarExt> {
    s.iter().map(to_field).collect()
}

/// Which `halo2curves::msm` entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsmEntry {
    /// `msm_best`: `msm_parallel` below window c = 10 (n < 8104), the batch-affine
    /// ("CycloneMSM") path from there.
    Best,
    /// `msm_parallel` (feature `std`, ecdiff's `parallel`): n split into
    /// `rayon::current_num_threads()` chunks of ⌊n / threads⌋ when n > threads, each through
    /// `msm_serial`. In builds without `parallel` halo2curves has no `msm_parallel`; the entry
    /// then runs `msm_best`, which is serial there.
    Parallel,
    /// `msm_serial(coeffs, bases, &mut acc)` with `acc` = identity.
    Serial,
}

/// A `halo2curves::msm` entry point.
#[derive(Clone, Copy, Debug)]
pub struct Halo2Msm(pub MsmEntry);

/// Runs an entry point on halo2curves values.
pub fn run_msm<C: Halo2Group>(
    entry: MsmEntry,
    coeffs: &[<C::Affine as CurveAffine>::ScalarExt],
    bases: &[C::Affine],
) -> C::Curve {
    use halo2curves::msm;
    match entry {
        MsmEntry::Best => msm::msm_best(coeffs, bases),
        #[cfg(feature = "parallel")]
        MsmEntry::Parallel => msm::msm_parallel(coeffs, bases),
        #[cfg(not(feature = "parallel"))]
        MsmEntry::Parallel => msm::msm_best(coeffs, bases),
        MsmEntry::Serial => {
            let mut acc = <C::Curve as halo2curves::group::Group>::identity();
            msm::msm_serial(coeffs, bases, &mut acc);
            acc
        }
    }
}

impl<C: Halo2Group> AffineMsm<C> for Halo2Msm {
    fn msm(&self, bases: &[Point<Fp>], s: &[BigUint]) -> Point<Fp> {
        let bases: Vec<C::Affine> = bases.iter().map(affine::<C>).collect();
        from_curve::<C>(&run_msm::<C>(self.0, &scalars::<C>(s), &bases))
    }

    /// The bases from their affine coordinates (`from_xy`), the scalars by `from_repr`, in
    /// rayon's global pool of 4 threads (`RAYON_NUM_THREADS`, as ecdiff's subject pool: the
    /// parallel entry chunks by thread count); the result printed as its affine coordinates.
    fn reproducer(
        &self,
        bases: &[Point<Fp>],
        s: &[BigUint],
        expected: &Point<Fp>,
    ) -> Option<ReproCode> {
        let (affine, base) = C::REPRO_PATHS;
        let scalar = C::REPRO_SCALAR;
        let mut body = format!("{MSM_REPRO_HELPERS}let bases: Vec<{affine}> = vec![");
        for b in bases {
            let item = match b {
                Point::Identity => format!("{affine}::identity()"),
                Point::Affine { x, y } => format!(
                    "Option::from({affine}::from_xy(field::<{base}>(\"{:064x}\"), field::<{base}>(\"{:064x}\"))).expect(\"on the curve\")",
                    x.value(),
                    y.value()
                ),
            };
            body.push_str(&format!("\n    {item},"));
        }
        body.push_str(if bases.is_empty() { "];\n" } else { "\n];\n" });
        body.push_str(&format!("let scalars: Vec<{scalar}> = vec!["));
        for v in s {
            body.push_str(&format!("\n    field::<{scalar}>(\"{v:064x}\"),"));
        }
        body.push_str(if s.is_empty() { "];\n" } else { "\n];\n" });
        body.push_str(&msm_call_and_print::<C>(self.0));
        Some(msm_repro_code(body, expected))
    }
}

/// The helpers of the MSM reproducers: field elements from big-endian hex and back, and
/// rayon's pool of 4 threads (ecdiff runs subjects in a pool of 4 threads).
const MSM_REPRO_HELPERS: &str = "fn field<F: PrimeField>(be: &str) -> F {\n    \
     let mut repr = F::Repr::default();\n    \
     let mut le = unhex(be);\n    \
     le.reverse();\n    \
     repr.as_mut()[..le.len()].copy_from_slice(&le);\n    \
     Option::from(F::from_repr(repr)).expect(\"a canonical field element\")\n}\n\
     /// A field element as big-endian hex without leading zeros.\n\
     fn int<F: PrimeField>(f: &F) -> String {\n    \
     let mut be = f.to_repr().as_ref().to_vec();\n    \
     be.reverse();\n    \
     let digits = hex(&be).trim_start_matches('0').to_string();\n    \
     if digits.is_empty() { \"0\".to_string() } else { digits }\n}\n\
     // ecdiff runs subjects in a pool of 4 threads.\n\
     std::env::set_var(\"RAYON_NUM_THREADS\", \"4\");\n";

/// The call of `entry` on `bases` and `scalars` and the print of its result (the affine
/// coordinates, or `identity`).
fn msm_call_and_print<C: Halo2Group>(entry: MsmEntry) -> String {
    let (affine, _) = C::REPRO_PATHS;
    let call = match entry {
        MsmEntry::Best => "halo2curves::msm::msm_best(&scalars, &bases)".to_string(),
        MsmEntry::Parallel => "halo2curves::msm::msm_parallel(&scalars, &bases)".to_string(),
        MsmEntry::Serial => format!(
            "{{\n    let mut acc = <{affine} as CurveAffine>::CurveExt::identity();\n    \
             halo2curves::msm::msm_serial(&scalars, &bases, &mut acc);\n    acc\n}}"
        ),
    };
    format!(
        "// The MSM under test.\nlet sum = {call};\n\
         let a: {affine} = sum.to_affine();\n\
         if bool::from(a.is_identity()) {{\n    return \"identity\".to_string();\n}}\n\
         let c: halo2curves::Coordinates<{affine}> =\n    \
         Option::from(a.coordinates()).expect(\"a point other than the identity\");\n\
         format!(\"(0x{{}}, 0x{{}})\", int(c.x()), int(c.y()))\n"
    )
}

/// An MSM reproducer's project parts around `body`, with the oracle's `expected` point.
fn msm_repro_code(body: String, expected: &Point<Fp>) -> ReproCode {
    let mut halo2 = Dependency::new("halo2curves", "0.10.0");
    halo2.features.push("std");
    ReproCode {
        dependencies: vec![halo2],
        uses: vec![
            "use halo2curves::ff::PrimeField;".into(),
            "use halo2curves::group::prime::PrimeCurveAffine;".into(),
            "#[allow(unused_imports)]".into(),
            "use halo2curves::group::{Curve, Group};".into(),
            "use halo2curves::CurveAffine;".into(),
        ],
        body,
        expected: match expected {
            Point::Identity => "identity".to_string(),
            Point::Affine { x, y } => format!("(0x{:x}, 0x{:x})", x.value(), y.value()),
        },
        expected_from: "ecdiff's oracle on this case (the known-log sum Σ sᵢ·aᵢ times the \
                        generator, in num-bigint arithmetic), embedded"
            .into(),
    }
}

/// The reproducer of `msm_best` on a large case in its compact form
/// ([`super::large_repro::CompactMsm`]): the background bases as a running sum of the
/// generator and the scalars from splitmix64, as ecdiff rebuilt them, then the case's edits.
pub fn compact_msm_best_reproducer<C: Halo2Group>(
    compact: &CompactMsm,
    expected: &Point<Fp>,
) -> ReproCode {
    let (affine, _) = C::REPRO_PATHS;
    let scalar = C::REPRO_SCALAR;
    let (n, seed) = (compact.n, compact.seed);
    let mut body = format!(
        "{MSM_REPRO_HELPERS}\
         // {n} terms, rebuilt as ecdiff rewrote the case: base i is (i + 1)·G (a running sum of\n\
         // the generator), scalar i three splitmix64 outputs from seed {seed:#x}, low word first.\n\
         let n = {n};\n\
         let g = {affine}::generator();\n\
         let mut running = <{affine} as CurveAffine>::CurveExt::identity();\n\
         let mut bases: Vec<{affine}> = Vec::with_capacity(n);\n\
         for _ in 0..n {{\n    running = running + g;\n    bases.push(running.to_affine());\n}}\n\
         let mut state: u64 = {seed:#x};\n\
         let mut splitmix64 = move || {{\n    \
         state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);\n    \
         let mut z = state;\n    \
         z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);\n    \
         z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);\n    \
         z ^ (z >> 31)\n}};\n\
         #[allow(unused_mut)]\n\
         let mut scalars: Vec<{scalar}> = (0..n)\n    \
         .map(|_| {{\n        \
         let (a, b, c) = (splitmix64(), splitmix64(), splitmix64());\n        \
         field::<{scalar}>(&format!(\"{{c:016x}}{{b:016x}}{{a:016x}}\"))\n    }})\n    \
         .collect();\n"
    );
    if !compact.edits.is_empty() {
        body.push_str("// The case's own terms, laid over that background.\n");
    }
    for &(j, edit) in &compact.edits {
        body.push_str(&match edit {
            Edit::Identity => format!("bases[{j}] = {affine}::identity();\n"),
            Edit::CopyOf(i) => format!("bases[{j}] = bases[{i}];\nscalars[{j}] = scalars[{i}];\n"),
            Edit::NegationOf(i) => {
                format!("bases[{j}] = -bases[{i}];\nscalars[{j}] = scalars[{i}];\n")
            }
        });
    }
    body.push_str(&msm_call_and_print::<C>(MsmEntry::Best));
    msm_repro_code(body, expected)
}

/// `group::Curve::batch_normalize` on homogeneous points.
#[derive(Clone, Copy, Debug, Default)]
pub struct Halo2BatchNormalize;

impl<C: Halo2Group> NormalizeBatch<C> for Halo2BatchNormalize {
    fn normalize_batch(&self, points: &[Jacobian<Fp>]) -> Vec<Point<Fp>> {
        let ps: Vec<C::Curve> = points.iter().map(curve::<C>).collect();
        let mut out = vec![C::Affine::identity(); ps.len()];
        C::Curve::batch_normalize(&ps, &mut out);
        out.iter().map(from_affine::<C>).collect()
    }
}

/// halo2curves' compressed encoding (`GroupEncoding::to_bytes` / `from_bytes` of the affine
/// type: `src/serde.rs` `Compressed::{encode,decode}`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Halo2Encoding;

impl<C: Halo2Group + Halo2Compressed> Halo2Codec<C> for Halo2Encoding {
    fn encode(&self, p: &Point<Fp>) -> Vec<u8> {
        use halo2curves::group::GroupEncoding;
        affine::<C>(p).to_bytes().as_ref().to_vec()
    }

    fn decode(&self, bytes: &[u8]) -> Option<Point<Fp>> {
        use halo2curves::group::GroupEncoding;
        let mut repr = <C::Affine as GroupEncoding>::Repr::default();
        if repr.as_ref().len() != bytes.len() {
            return None;
        }
        repr.as_mut().copy_from_slice(bytes);
        Option::<C::Affine>::from(C::Affine::from_bytes(&repr)).map(|a| from_affine::<C>(&a))
    }

    fn repro_paths(&self) -> Option<(&'static str, &'static str)> {
        let (affine, base) = C::REPRO_PATHS;
        Some((affine, base))
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
