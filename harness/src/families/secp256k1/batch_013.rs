//! The inputs of `k256_013_batch_normalize`: the SEC1 point routines' recipes
//! ([`crate::shapes::sec1_points`]), with the class that meets k256 0.13.4's known finding.
//!
//! `k256_013_batch_normalize` runs k256 0.13.4's `BatchNormalize` (array and slice forms) and
//! `group::Curve::batch_normalize` on the same recipes built with 0.13's arithmetic. Its `batch_normalize_generic` detects identities
//! with `z.ct_eq(&FieldElement::ZERO)`, a comparison of representations (and, in debug builds,
//! of the magnitude and normalized flag too): a lazily reduced zero `z` slips through, the
//! batch inversion gets a zero and `CtOption::unwrap` panics, in both profiles. The routine
//! declares `subject_panicked` as expected for exactly the batches that hold such a point: an
//! input whose oracle log is 0 and whose `z` is not `FieldElement::ZERO`'s representation
//! (read from the point's `Debug` output, the only public view of 0.13's `z`), and checks that
//! the panic is that `unwrap` (`crate::shapes::known::ct_option_unwrap`). Every other batch must agree with the oracle. Fixed
//! upstream in RustCrypto/elliptic-curves#1029; k256 0.14 is checked by `k256_batch_normalize`.
//!
//! The same `unwrap` panics on the empty batch: elliptic-curve 0.13's `BatchInvert` reports
//! failure for zero elements (fixed in <https://github.com/RustCrypto/traits/pull/1884>). The
//! routine declares that too, for `n = 0`.

use crate::generators::Gen;
use crate::shapes::sec1_points::{
    draw_points, recipe_point, BatchNormalizeKind, PointInput, PointKind, Recipe, Sec1Curve,
    RECIPE_CLASSES,
};
use crate::shapes::Spec;
use ecdiff_oracles::field::Fp;
use ecdiff_oracles::weierstrass::Point;
use num_traits::Zero;

/// k256 0.13.4's `batch_normalize` inputs (its known findings are declared by the subject).
pub struct Batch013Kind;

impl PointKind for Batch013Kind {
    type Case = Vec<PointInput>;
    const ORACLE: &'static str = BatchNormalizeKind::ORACLE;

    fn classes(&self) -> Vec<&'static str> {
        let mut v = RECIPE_CLASSES.to_vec();
        v.push("batch_lazy_zero_identity");
        v
    }

    fn generate<C: Sec1Curve>(&self, spec: &Spec, g: &mut Gen) -> Self::Case {
        let n = spec.lengths.draw(g);
        let pts = draw_points::<C>(g, n);
        let arithmetic_identity = |p: &PointInput| {
            p.log.is_zero() && !matches!(p.recipe, Recipe::IdentityConst | Recipe::Sec1 { .. })
        };
        if pts.iter().any(arithmetic_identity) {
            g.hit("batch_lazy_zero_identity");
        }
        pts
    }

    fn expect<C: Sec1Curve>(&self, case: &Self::Case) -> Vec<Point<Fp>> {
        BatchNormalizeKind.expect::<C>(case)
    }

    fn render(&self, case: &Self::Case) -> String {
        BatchNormalizeKind.render(case)
    }

    /// `batch_lazy_zero_identity`: an input whose recipe is arithmetic (not the `IDENTITY`
    /// constant, not a decoded encoding) and builds the identity, by the oracle's arithmetic on
    /// the recipe; the other classes as [`BatchNormalizeKind`]'s.
    fn class_holds<C: Sec1Curve>(
        &self,
        spec: &Spec,
        case: &Self::Case,
        class: &str,
    ) -> Option<bool> {
        if class == "batch_lazy_zero_identity" {
            return Some(case.iter().any(|p| {
                !matches!(p.recipe, Recipe::IdentityConst | Recipe::Sec1 { .. })
                    && recipe_point::<C>(p) == Some(Point::Identity)
            }));
        }
        BatchNormalizeKind.class_holds::<C>(spec, case, class)
    }
}
