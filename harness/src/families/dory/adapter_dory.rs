//! dory-pcs 0.5.0 (`backends` feature): the arkworks `DoryRoutines` for BN254 G1 and G2 and
//! `PairingCurve::gt_msm`, through ark-bn254's types ([`super::adapter_ark`] converts them).
//! Each adapter implements a [`crate::shapes`] trait: the same public API a downstream crate
//! uses for its own routines.

use super::adapter_ark as ark;
use crate::curve::Jacobian;
use crate::families::dory::vector::{BasesThenAdd, FixedBaseVectorScalarMul, VsThenAdd};
use crate::repro::project::{Dependency, ReproCode};
use crate::shapes::fold::FieldFold;
use crate::shapes::gt::{GtMultiExp, GtScale};
use crate::shapes::msm::Msm;
use ark_ec::pairing::PairingOutput;
use dory_pcs::backends::arkworks::{ArkFr, ArkG1, ArkG2, ArkGT, G1Routines, G2Routines, BN254};
use dory_pcs::primitives::arithmetic::{DoryRoutines, Group as _, PairingCurve};
use ecdiff_oracles::curves::{Bn254G1, Bn254G2};
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::tower::bn254::Fp12;
use ecdiff_oracles::tower::Fp2;
use ecdiff_oracles::weierstrass::Point;
use num_bigint::BigUint;

/// The crate and version every adapter here tests.
pub const DORY: &str = "dory-pcs 0.5.0";

fn frs(s: &[BigUint]) -> Vec<ArkFr> {
    s.iter().map(|x| ArkFr(ark::fr(x))).collect()
}

fn g1s(p: &[Jacobian<Fp>]) -> Vec<ArkG1> {
    p.iter().map(|p| ArkG1(ark::g1(p))).collect()
}

fn g2s(p: &[Jacobian<Fp2>]) -> Vec<ArkG2> {
    p.iter().map(|p| ArkG2(ark::g2(p))).collect()
}

/// `G1Routines` / `G2Routines` from dory-pcs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dory;

impl Msm<Bn254G1> for Dory {
    fn msm(&self, bases: &[Jacobian<Fp>], scalars: &[BigUint]) -> Point<Fp> {
        ark::from_g1(&G1Routines::msm(&g1s(bases), &frs(scalars)).0)
    }

    /// The bases in ark's Jacobian coordinates exactly as drawn (`new_unchecked`, as the
    /// adapter does), the scalars by `from_be_bytes_mod_order` (canonical values), then
    /// `G1Routines::msm`; the result printed as its affine coordinates.
    fn reproducer(
        &self,
        bases: &[Jacobian<Fp>],
        scalars: &[BigUint],
        expected: &Point<Fp>,
    ) -> Option<ReproCode> {
        let mut body = String::from(
            "fn fq(be: &str) -> Fq {\n    Fq::from_be_bytes_mod_order(&unhex(be))\n}\n\
             fn fr(be: &str) -> Fr {\n    Fr::from_be_bytes_mod_order(&unhex(be))\n}\n\
             /// A field element as big-endian hex without leading zeros.\n\
             fn int(f: &Fq) -> String {\n    \
             let digits = hex(&f.into_bigint().to_bytes_be()).trim_start_matches('0').to_string();\n    \
             if digits.is_empty() { \"0\".to_string() } else { digits }\n}\n\
             // ecdiff runs subjects in a pool of 4 threads.\n\
             std::env::set_var(\"RAYON_NUM_THREADS\", \"4\");\n\
             // The bases in ark's Jacobian coordinates (X, Y, Z) exactly as ecdiff drew them.\n\
             let bases: Vec<ArkG1> = vec![",
        );
        let c = |x: &Fp| format!("fq(\"{:064x}\")", x.value());
        for b in bases {
            body.push_str(&format!(
                "\n    ArkG1(G1Projective::new_unchecked({}, {}, {})),",
                c(&b.x),
                c(&b.y),
                c(&b.z)
            ));
        }
        body.push_str(if bases.is_empty() { "];\n" } else { "\n];\n" });
        body.push_str("let scalars: Vec<ArkFr> = vec![");
        for s in scalars {
            body.push_str(&format!("\n    ArkFr(fr(\"{s:064x}\")),"));
        }
        body.push_str(if scalars.is_empty() { "];\n" } else { "\n];\n" });
        body.push_str(
            "// The MSM under test.\n\
             let sum = G1Routines::msm(&bases, &scalars).0.into_affine();\n\
             if sum.infinity {\n    return \"identity\".to_string();\n}\n\
             format!(\"(0x{}, 0x{})\", int(&sum.x), int(&sum.y))\n",
        );
        let mut dory = Dependency::new("dory-pcs", "0.5.0");
        dory.features.push("backends");
        let mut bn254 = Dependency::new("ark-bn254", "0.5.0");
        bn254.features.push("curve");
        Some(ReproCode {
            dependencies: vec![
                dory,
                bn254,
                Dependency::new("ark-ec", "0.5.0"),
                Dependency::new("ark-ff", "0.5.0"),
            ],
            uses: vec![
                "use ark_bn254::{Fq, Fr, G1Projective};".into(),
                "use ark_ec::CurveGroup;".into(),
                "use ark_ff::{BigInteger, PrimeField};".into(),
                "use dory_pcs::backends::arkworks::{ArkFr, ArkG1, G1Routines};".into(),
                "use dory_pcs::primitives::arithmetic::DoryRoutines;".into(),
            ],
            body,
            expected: match expected {
                Point::Identity => "identity".into(),
                Point::Affine { x, y } => format!("(0x{:x}, 0x{:x})", x.value(), y.value()),
            },
            expected_from: "ecdiff's oracle on this case (the known-log sum Σ sᵢ·aᵢ times the \
                            generator, in num-bigint arithmetic), embedded"
                .into(),
        })
    }
}

impl Msm<Bn254G2> for Dory {
    fn msm(&self, bases: &[Jacobian<Fp2>], scalars: &[BigUint]) -> Point<Fp2> {
        ark::from_g2(&G2Routines::msm(&g2s(bases), &frs(scalars)).0)
    }
}

impl FixedBaseVectorScalarMul<Bn254G1> for Dory {
    fn fixed_base_vector_scalar_mul(
        &self,
        base: &Jacobian<Fp>,
        scalars: &[BigUint],
    ) -> Vec<Point<Fp>> {
        let out = G1Routines::fixed_base_vector_scalar_mul(&ArkG1(ark::g1(base)), &frs(scalars));
        out.iter().map(|p| ark::from_g1(&p.0)).collect()
    }
}

impl FixedBaseVectorScalarMul<Bn254G2> for Dory {
    fn fixed_base_vector_scalar_mul(
        &self,
        base: &Jacobian<Fp2>,
        scalars: &[BigUint],
    ) -> Vec<Point<Fp2>> {
        let out = G2Routines::fixed_base_vector_scalar_mul(&ArkG2(ark::g2(base)), &frs(scalars));
        out.iter().map(|p| ark::from_g2(&p.0)).collect()
    }
}

impl BasesThenAdd<Bn254G1> for Dory {
    fn fixed_scalar_mul_bases_then_add(
        &self,
        bases: &[Jacobian<Fp>],
        vs: &[Jacobian<Fp>],
        scalar: &BigUint,
    ) -> Vec<Point<Fp>> {
        let mut vs = g1s(vs);
        G1Routines::fixed_scalar_mul_bases_then_add(&g1s(bases), &mut vs, &ArkFr(ark::fr(scalar)));
        vs.iter().map(|p| ark::from_g1(&p.0)).collect()
    }
}

impl BasesThenAdd<Bn254G2> for Dory {
    fn fixed_scalar_mul_bases_then_add(
        &self,
        bases: &[Jacobian<Fp2>],
        vs: &[Jacobian<Fp2>],
        scalar: &BigUint,
    ) -> Vec<Point<Fp2>> {
        let mut vs = g2s(vs);
        G2Routines::fixed_scalar_mul_bases_then_add(&g2s(bases), &mut vs, &ArkFr(ark::fr(scalar)));
        vs.iter().map(|p| ark::from_g2(&p.0)).collect()
    }
}

impl VsThenAdd<Bn254G1> for Dory {
    fn fixed_scalar_mul_vs_then_add(
        &self,
        vs: &[Jacobian<Fp>],
        addends: &[Jacobian<Fp>],
        scalar: &BigUint,
    ) -> Vec<Point<Fp>> {
        let mut vs = g1s(vs);
        G1Routines::fixed_scalar_mul_vs_then_add(&mut vs, &g1s(addends), &ArkFr(ark::fr(scalar)));
        vs.iter().map(|p| ark::from_g1(&p.0)).collect()
    }
}

impl VsThenAdd<Bn254G2> for Dory {
    fn fixed_scalar_mul_vs_then_add(
        &self,
        vs: &[Jacobian<Fp2>],
        addends: &[Jacobian<Fp2>],
        scalar: &BigUint,
    ) -> Vec<Point<Fp2>> {
        let mut vs = g2s(vs);
        G2Routines::fixed_scalar_mul_vs_then_add(&mut vs, &g2s(addends), &ArkFr(ark::fr(scalar)));
        vs.iter().map(|p| ark::from_g2(&p.0)).collect()
    }
}

/// `fold_field_vectors` through one group's routines (G1's and G2's share an implementation
/// in dory 0.5.0, but each is a public entry point of its own).
#[derive(Clone, Copy, Debug)]
pub enum DoryFold {
    /// Through `G1Routines`.
    G1,
    /// Through `G2Routines`.
    G2,
}

impl FieldFold for DoryFold {
    fn fold(&self, left: &[BigUint], right: &[BigUint], scalar: &BigUint) -> Vec<BigUint> {
        let mut left = frs(left);
        let (right, scalar) = (frs(right), ArkFr(ark::fr(scalar)));
        match self {
            DoryFold::G1 => {
                <G1Routines as DoryRoutines<ArkG1>>::fold_field_vectors(&mut left, &right, &scalar)
            }
            DoryFold::G2 => {
                <G2Routines as DoryRoutines<ArkG2>>::fold_field_vectors(&mut left, &right, &scalar)
            }
        }
        left.iter().map(|x| ark::from_fr(&x.0)).collect()
    }
}

fn gt(x: &Fp12) -> ArkGT {
    ArkGT(PairingOutput(ark::fq12(x)))
}

impl GtMultiExp for Dory {
    fn gt_msm(&self, elems: &[Fp12], exps: &[BigUint]) -> Fp12 {
        let ts: Vec<ArkGT> = elems.iter().map(gt).collect();
        ark::from_fq12(&BN254::gt_msm(&ts, &frs(exps)).0 .0)
    }
}

impl GtScale for Dory {
    fn scale(&self, elem: &Fp12, exp: &BigUint) -> Fp12 {
        ark::from_fq12(&gt(elem).scale(&ArkFr(ark::fr(exp))).0 .0)
    }
}
