//! Scalar-field vector folds: `out[i] = left[i]·s + right[i] mod q` (dory's
//! `fold_field_vectors`, parallel with rayon's `with_min_len(1024)`).
//!
//! Oracle: the same expression over `BigUint`, reduced mod q, element by element.
//!
//! Users (`scripts/shared-users.py`): dory (its field folds) and the downstream API
//! (`harness/examples/downstream_msm.rs`).

use super::{hex_scalars, SizedCheck, Spec};
use crate::engine::{diff_vec, Outcome, Routine, RoutineInfo};
use crate::generators::scalars::{scalar, scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use num_bigint::BigUint;

/// A field fold under test.
pub trait FieldFold: Send + Sync + 'static {
    /// `left[i]·scalar + right[i]` for every i (dory folds `left` in place; return it).
    fn fold(&self, left: &[BigUint], right: &[BigUint], scalar: &BigUint) -> Vec<BigUint>;
}

/// One fold case: canonical field elements below q.
#[derive(Clone, Debug)]
pub struct FoldCase {
    /// The folded vector.
    pub left: Vec<BigUint>,
    /// The added vector.
    pub right: Vec<BigUint>,
    /// The fold challenge.
    pub scalar: BigUint,
}

/// The differential check of a field fold over the prime field of order `modulus`.
pub struct FoldCheck {
    spec: Spec,
    modulus: &'static BigUint,
    subject: Box<dyn FieldFold>,
}

/// Checks a fold over 𝔽_q, q = `modulus`.
pub fn check<S: FieldFold>(spec: Spec, modulus: &'static BigUint, subject: S) -> FoldCheck {
    FoldCheck {
        spec,
        modulus,
        subject: Box::new(subject),
    }
}

impl SizedCheck for FoldCheck {
    fn generate_len(&self, g: &mut Gen, n: usize) -> Self::Case {
        let left = (0..n).map(|_| scalar(g, self.modulus)).collect();
        let right = (0..n).map(|_| scalar(g, self.modulus)).collect();
        FoldCase {
            left,
            right,
            scalar: scalar(g, self.modulus),
        }
    }
}

impl Routine for FoldCheck {
    type Case = FoldCase;
    type Output = Vec<BigUint>;

    fn info(&self) -> RoutineInfo {
        let mut classes = self.spec.lengths.classes();
        classes.extend(SCALAR_CLASSES);
        self.spec
            .info("BigUint (l·s + r) mod q per element", classes)
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let n = self.spec.lengths.draw(g);
        self.generate_len(g, n)
    }

    /// The scalar classes of any element of the three inputs (each drawn by the same scalar
    /// generator) by value, the length classes by the vectors' length.
    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let mut all = case.left.clone();
        all.extend(case.right.iter().cloned());
        all.push(case.scalar.clone());
        scalar_class_holds(class, &all, self.modulus)
            .or_else(|| self.spec.lengths.class_holds(class, case.left.len()))
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(self.subject.fold(&case.left, &case.right, &case.scalar))
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(
            case.left
                .iter()
                .zip(&case.right)
                .map(|(l, r)| (l * &case.scalar + r) % self.modulus)
                .collect(),
        )
    }

    fn diff(&self, subject: &Self::Output, oracle: &Self::Output) -> String {
        diff_vec(subject, oracle)
    }

    fn render_case(&self, case: &Self::Case) -> String {
        format!(
            "n = {}\nscalar = 0x{:x}\nleft = {}\nright = {}",
            case.left.len(),
            case.scalar,
            hex_scalars(&case.left),
            hex_scalars(&case.right)
        )
    }

    fn render_output(&self, output: &Self::Output) -> String {
        hex_scalars(output)
    }
}
