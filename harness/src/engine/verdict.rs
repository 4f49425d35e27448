//! Outcomes of one side, and the verdict on a case.

use super::panic::PanicReport;
use serde::Serialize;

/// What one side (subject or oracle) did with a case.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<T> {
    /// A result, as a canonical encoding.
    Value(T),
    /// The input was refused (an `Err`, a `None`, a failed validation), with the reason.
    Rejected(String),
    /// A lazy-field contract was broken on the way (reported by the magnitude shadow).
    Violated(String),
    /// This side cannot express the case; the case is skipped, never counted as agreement.
    Unsupported(String),
    /// The call panicked (set by the engine; adapters never build this).
    Panicked(PanicReport),
}

impl<T> Outcome<T> {
    /// Maps the value, keeping every other outcome.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Value(v) => Outcome::Value(f(v)),
            Outcome::Rejected(r) => Outcome::Rejected(r),
            Outcome::Violated(r) => Outcome::Violated(r),
            Outcome::Unsupported(r) => Outcome::Unsupported(r),
            Outcome::Panicked(p) => Outcome::Panicked(p),
        }
    }

    /// The value, if there is one.
    pub fn value(&self) -> Option<&T> {
        match self {
            Outcome::Value(v) => Some(v),
            _ => None,
        }
    }

    /// Renders the outcome with `show` for the value.
    pub fn render(&self, show: impl Fn(&T) -> String) -> String {
        match self {
            Outcome::Value(v) => show(v),
            Outcome::Rejected(r) => format!("rejected: {r}"),
            Outcome::Violated(r) => format!("contract violated: {r}"),
            Outcome::Unsupported(r) => format!("unsupported: {r}"),
            Outcome::Panicked(p) => p.to_string(),
        }
    }
}

impl<T, E: std::fmt::Display> From<Result<T, E>> for Outcome<T> {
    fn from(r: Result<T, E>) -> Self {
        match r {
            Ok(v) => Outcome::Value(v),
            Err(e) => Outcome::Rejected(e.to_string()),
        }
    }
}

/// The kinds of verdict. Every kind but [`VerdictKind::Agree`] and
/// [`VerdictKind::Unsupported`] is a finding unless the routine expected it for that case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictKind {
    /// Both sides gave the same canonical result, or both refused the input.
    Agree,
    /// Different results, or the subject refused an input the oracle accepts.
    Mismatch,
    /// The subject panicked where the oracle gave a result or a clean rejection.
    SubjectPanicked,
    /// A lazy-field contract was broken: k256's debug checker fired, or the shadow caught it.
    ContractViolation,
    /// The subject accepted an input the oracle rejects.
    OracleRejected,
    /// The oracle itself panicked: a bug in ecdiff.
    OraclePanicked,
    /// One side cannot express the case.
    Unsupported,
}

impl VerdictKind {
    /// All kinds, in report order.
    pub const ALL: [VerdictKind; 7] = [
        VerdictKind::Agree,
        VerdictKind::Mismatch,
        VerdictKind::SubjectPanicked,
        VerdictKind::ContractViolation,
        VerdictKind::OracleRejected,
        VerdictKind::OraclePanicked,
        VerdictKind::Unsupported,
    ];

    /// The stable lower-case name used in reports, corpus notes and fuzz crash messages.
    pub fn name(self) -> &'static str {
        match self {
            VerdictKind::Agree => "agree",
            VerdictKind::Mismatch => "mismatch",
            VerdictKind::SubjectPanicked => "subject_panicked",
            VerdictKind::ContractViolation => "contract_violation",
            VerdictKind::OracleRejected => "oracle_rejected",
            VerdictKind::OraclePanicked => "oracle_panicked",
            VerdictKind::Unsupported => "unsupported",
        }
    }

    /// Parses [`VerdictKind::name`].
    pub fn from_name(name: &str) -> Option<VerdictKind> {
        VerdictKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl std::fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The verdict on one case: its kind and a one-line explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// What happened.
    pub kind: VerdictKind,
    /// Why, in one line (which element differs, the panic message, the broken rule).
    pub detail: String,
}

impl Verdict {
    /// A verdict of `kind` with `detail`.
    pub fn new(kind: VerdictKind, detail: impl Into<String>) -> Self {
        Verdict {
            kind,
            detail: detail.into(),
        }
    }

    /// What tells this bug from another of the same kind, for minimization and grouping: the
    /// panic's location (or its message with numbers blanked) for a panic or a contract check;
    /// for a mismatch, whether the routine's own self-check blamed the oracle. Values never take
    /// part: a minimized case shows the same bug with other numbers.
    pub fn attribution(&self) -> String {
        match self.kind {
            VerdictKind::SubjectPanicked
            | VerdictKind::ContractViolation
            | VerdictKind::OraclePanicked => match self.detail.split_once("panicked at ") {
                Some((_, rest)) => rest
                    .split_once(": ")
                    .map_or(rest, |(location, _)| location)
                    .to_string(),
                None => blank_numbers(&self.detail),
            },
            VerdictKind::Mismatch | VerdictKind::OracleRejected
                if self.detail.contains("SELF-CHECK FAILED") =>
            {
                "oracle self-check failed".to_string()
            }
            _ => String::new(),
        }
    }

    /// Agreement.
    pub fn agree() -> Self {
        Verdict::new(VerdictKind::Agree, "")
    }
}

/// The verdict a routine expects for a case: agreement, or a documented known finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Expected {
    /// The expected kind.
    pub kind: VerdictKind,
    /// Why this kind is expected (empty for agreement): the known bug and its reference.
    pub reason: &'static str,
}

impl Expected {
    /// Agreement, the default.
    pub const AGREE: Expected = Expected {
        kind: VerdictKind::Agree,
        reason: "",
    };

    /// A known finding of `kind`, documented by `reason`.
    pub const fn known(kind: VerdictKind, reason: &'static str) -> Self {
        Expected { kind, reason }
    }
}

/// `text` with every run of decimal digits replaced by `#`.
fn blank_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_number = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

/// The default comparison of two outcomes.
///
/// Accept/reject is an output like any other: one side rejecting what the other accepts is a
/// finding, never filtered away.
pub fn compare<T: PartialEq>(
    subject: &Outcome<T>,
    oracle: &Outcome<T>,
    diff: impl FnOnce(&T, &T) -> String,
) -> Verdict {
    use Outcome::*;
    use VerdictKind as K;
    match (subject, oracle) {
        (_, Panicked(p)) => Verdict::new(K::OraclePanicked, format!("oracle {p}")),
        (Unsupported(r), _) => Verdict::new(K::Unsupported, format!("subject: {r}")),
        (_, Unsupported(r)) => Verdict::new(K::Unsupported, format!("oracle: {r}")),
        (Violated(r), _) => Verdict::new(K::ContractViolation, format!("subject: {r}")),
        (_, Violated(r)) => Verdict::new(K::ContractViolation, format!("shadow: {r}")),
        (Panicked(p), _) => Verdict::new(K::SubjectPanicked, format!("subject {p}")),
        (Value(s), Value(o)) if s == o => Verdict::agree(),
        (Value(s), Value(o)) => Verdict::new(K::Mismatch, diff(s, o)),
        (Rejected(_), Rejected(_)) => Verdict::agree(),
        (Value(_), Rejected(r)) => Verdict::new(
            K::OracleRejected,
            format!("subject accepted; oracle rejected: {r}"),
        ),
        (Rejected(r), Value(_)) => Verdict::new(
            K::Mismatch,
            format!("subject rejected an input the oracle accepts: {r}"),
        ),
    }
}

/// A first-difference description for two sequences of equal element type.
pub fn diff_vec<T: PartialEq + std::fmt::Debug>(subject: &[T], oracle: &[T]) -> String {
    if subject.len() != oracle.len() {
        return format!(
            "length {} (subject) vs {} (oracle)",
            subject.len(),
            oracle.len()
        );
    }
    let bad: Vec<usize> = (0..subject.len())
        .filter(|&i| subject[i] != oracle[i])
        .collect();
    match bad.first() {
        None => "equal".into(),
        Some(&i) => format!(
            "{} of {} elements differ; first at index {i}: subject {:?}, oracle {:?}",
            bad.len(),
            subject.len(),
            subject[i],
            oracle[i]
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: u32) -> Outcome<u32> {
        Outcome::Value(x)
    }

    #[test]
    fn compare_covers_every_pairing() {
        let d = |_: &u32, _: &u32| "differ".to_string();
        let rej = || Outcome::<u32>::Rejected("no".into());
        let panic = |msg: &str, loc: Option<&str>| {
            Outcome::<u32>::Panicked(PanicReport {
                message: msg.into(),
                location: loc.map(Into::into),
            })
        };
        assert_eq!(compare(&v(1), &v(1), d).kind, VerdictKind::Agree);
        assert_eq!(compare(&v(1), &v(2), d).kind, VerdictKind::Mismatch);
        assert_eq!(compare(&rej(), &rej(), d).kind, VerdictKind::Agree);
        assert_eq!(compare(&v(1), &rej(), d).kind, VerdictKind::OracleRejected);
        assert_eq!(compare(&rej(), &v(1), d).kind, VerdictKind::Mismatch);
        assert_eq!(
            compare(&panic("x", None), &v(1), d).kind,
            VerdictKind::SubjectPanicked
        );
        assert_eq!(
            compare(&v(1), &panic("x", None), d).kind,
            VerdictKind::OraclePanicked
        );
        assert_eq!(
            compare(
                &v(1),
                &Outcome::Violated("negate(1) on magnitude 2".into()),
                d
            )
            .kind,
            VerdictKind::ContractViolation
        );
        assert_eq!(
            compare(&Outcome::Unsupported("n/a".into()), &v(1), d).kind,
            VerdictKind::Unsupported
        );
    }

    #[test]
    fn verdict_names_round_trip() {
        for k in VerdictKind::ALL {
            assert_eq!(VerdictKind::from_name(k.name()), Some(k));
        }
    }

    #[test]
    fn diff_vec_names_the_first_difference() {
        assert!(diff_vec(&[1, 2, 3], &[1, 5, 3]).contains("index 1"));
        assert!(diff_vec(&[1], &[1, 2]).contains("length"));
    }
}
