//! A twisted Edwards curve ecdiff does not carry, in arkworks' suite, in one line beyond its
//! constants: the curve over BLS12-377's scalar field (ark-ed-on-bls12-377), declared from its
//! specification with `te_curve!` and checked through arkworks' raw-input entry points
//! (`msm_bigint` with integers at and above the order, `msm_unchecked`, `mul_bigint` of 1 to 8
//! words, `* Fr`, `clear_cofactor`, the subgroup check, `normalize_batch`) on points of the
//! whole curve, torsion included, and its point format (`serialize_with_mode`,
//! `deserialize_with_mode` in every `Compress` × `Validate` mode, on broken encodings too).

use ecdiff::arkworks::curve_ops::ArkCurve;
use ecdiff::arkworks::serialization::te_serialization;
use ecdiff::arkworks::twisted_edwards::te_curve_ops;
use ecdiff::shapes::Spec;

ecdiff::te_curve! {
    /// The twisted Edwards curve over BLS12-377's scalar field (Bowe et al., "Zexe", IACR
    /// ePrint 2018/962, the curve E_Ed/BLS): −x² + y² = 1 + 3021·x²·y² over p = BLS12-377's r,
    /// 4·r points. G is any point of order r, not arkworks' (whose is "generated randomly"):
    /// 4·(x, 2) with the even x of the two on the curve (te_curve! checks r·G = O).
    pub struct EdOnBls12377 {
        name: "ed_on_bls12_377",
        p: "0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001",
        a: "-1",
        d: "3021",
        gx: "0x03e9e5e7bb0b16006f12557a3a09fc078f19f6c3499b4f7cfceb7e688c176cd0",
        gy: "0x0c5b1b74ac5e2a79fa19afc8950ed8ec2f7c8a1be6396e8d69910d5f4f8060a2",
        r: "2111115437357092606062206234695386632838870926408408195193685246394721360383",
        h: "4",
    }
}

// The one line (ark's Edwards curves clear the cofactor by h and multiply by double-and-add:
// `ArkCurve::plain(h)`). ark-ec 0.5's `msm_bigint` truncation (a known finding ecdiff pins for
// every ark curve) is expected exactly where it applies; any other departure fails the test.
ecdiff::check!(
    ark_ed_on_bls12_377_curve_ops,
    te_curve_ops::<EdOnBls12377, ark_ed_on_bls12_377::EdwardsConfig>(
        Spec::new("ark_ed_on_bls12_377_curve_ops"),
        ArkCurve::plain(4u8.into())
    )
);

// Its point format, one line: ark-ec 0.5's acceptance of x's negative flag where x = 0 (the
// identity and (0, −1)) is a known finding ecdiff pins exactly; anything else fails the test.
ecdiff::check!(
    ark_ed_on_bls12_377_serialization,
    te_serialization::<EdOnBls12377, ark_ed_on_bls12_377::EdwardsConfig>(
        Spec::new("ark_ed_on_bls12_377_serialization"),
        None
    )
);
