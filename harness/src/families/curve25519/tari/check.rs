//! The routine: a tari batch-verification check in one mode — the whole of `TariCheck`: its
//! cases come from [`super::generate`], its oracle from [`super::ground_truth`], its subject
//! from the adapter; here they meet, are compared and rendered.

use super::generate::TariCases;
use super::ground_truth::truth;
use crate::engine::{compare, Outcome, Routine, RoutineInfo, Verdict, VerdictKind};
use crate::families::curve25519::adapter_tari::{pool, BatchVerifier, PROVE_LABEL};
use crate::families::curve25519::tari::batch_verify::*;
use crate::generators::Gen;
use crate::shapes::Spec;

/// The differential check of tari's batch verification in one mode.
pub struct TariCheck {
    spec: Spec,
    mode: Mode,
    subject: Box<dyn BatchVerifier>,
}

/// A check of `subject` in `mode`.
pub fn check(spec: Spec, mode: Mode, subject: impl BatchVerifier) -> TariCheck {
    TariCheck {
        spec,
        mode,
        subject: Box::new(subject),
    }
}

impl Routine for TariCheck {
    type Case = TariCase;
    type Output = TariOutput;

    fn info(&self) -> RoutineInfo {
        self.spec.info(
            "ground truth: ecdiff created the proofs and knows their validity and masks",
            TariCases { mode: self.mode }.classes(),
        )
    }

    fn generate(&self, g: &mut Gen) -> TariCase {
        TariCases { mode: self.mode }.generate_case(g)
    }

    fn class_holds(&self, case: &TariCase, class: &str) -> Option<bool> {
        super::classes::batch_class_holds(self.mode, case, class)
    }

    fn subject(&self, case: &TariCase) -> Outcome<TariOutput> {
        crate::families::curve25519::adapter_tari::run(&*self.subject, pool(), case, self.mode)
    }

    fn oracle(&self, case: &TariCase) -> Outcome<TariOutput> {
        truth(self.mode, case)
    }

    fn compare(
        &self,
        _case: &TariCase,
        subject: &Outcome<TariOutput>,
        oracle: &Outcome<TariOutput>,
    ) -> Verdict {
        let v = compare(subject, oracle, |s, o| {
            format!(
                "subject {} vs oracle {}",
                self.render_output(s),
                self.render_output(o)
            )
        });
        if v.kind == VerdictKind::Mismatch {
            if let (Some(s), Some(o)) = (subject.value(), oracle.value()) {
                if outputs_match(s, o) {
                    return Verdict::agree();
                }
            }
        }
        v
    }

    fn render_case(&self, case: &TariCase) -> String {
        let pool = pool();
        let fam = &pool.families[case.family];
        let entries: Vec<String> = case
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let p = &pool.proofs[e.proof];
                format!(
                    "  [{i}] proof {} (agg {}, promises {:?}) params {:?} tamper {:?}{}{}{}",
                    e.proof,
                    p.agg(),
                    e.promises,
                    e.params,
                    e.tamper,
                    if e.wrong_seed { ", wrong seed" } else { "" },
                    if e.label != PROVE_LABEL {
                        ", other label"
                    } else {
                        ""
                    },
                    if e.bytes.is_none() { ", in memory" } else { "" },
                )
            })
            .collect();
        format!(
            "family {} ({} bits, ext {}), {:?}, {} proofs\n{}",
            case.family,
            fam.bits,
            fam.ext,
            case.action,
            case.entries.len(),
            entries.join("\n")
        )
    }

    fn render_output(&self, output: &TariOutput) -> String {
        match output {
            TariOutput::Masks(slots) => {
                let items: Vec<String> = slots
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("  [{i}] {}", render_slot(s)))
                    .collect();
                format!("accepted, masks [\n{}\n]", items.join("\n"))
            }
            TariOutput::Verdicts { batch, singles } => {
                format!("batch {batch}, singles {singles:?}")
            }
        }
    }
}
