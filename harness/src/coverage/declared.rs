//! Reading a routine's declared function string (which functions it says are under test),
//! and reading the demangled names of compiled functions to match them.

use serde::Serialize;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// Declared functions

/// One function (or type) a routine's function string declares.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Declared {
    /// The path segment before the name (a type or trait), when the row gives one.
    pub qualifier: Option<String>,
    /// The function's name; `None` when the row names a whole type (`qualifier`).
    pub name: Option<String>,
}

impl std::fmt::Display for Declared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.qualifier, &self.name) {
            (Some(q), Some(n)) => write!(f, "{q}::{n}"),
            (None, Some(n)) => write!(f, "{n}"),
            (Some(q), None) => write!(f, "{q}::*"),
            (None, None) => write!(f, "?"),
        }
    }
}

/// Removes `(…)` and `<…>` groups (nested).
fn drop_groups(s: &str) -> String {
    let mut out = String::new();
    let (mut paren, mut angle) = (0usize, 0usize);
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            '<' if paren == 0 => angle += 1,
            '>' if paren == 0 && prev != '-' => angle = angle.saturating_sub(1),
            _ if paren == 0 && angle == 0 => out.push(c),
            _ => {}
        }
        prev = c;
    }
    out
}

/// Splits on `,` and `/` outside `{…}`.
fn split_parts(s: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' | '/' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("one part at least").push(c);
    }
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Expands the first `{a,b,…}` group, recursively: `f{,_x}` → `f`, `f_x`.
fn expand_braces(s: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (s.find('{'), s.find('}')) else {
        return vec![s.to_string()];
    };
    if close < open {
        return vec![s.to_string()];
    }
    let (head, alts, tail) = (&s[..open], &s[open + 1..close], &s[close + 1..]);
    alts.split(',')
        .flat_map(|a| expand_braces(&format!("{head}{a}{tail}")))
        .collect()
}

/// The functions a row's function string declares (see the module docs for the rules).
pub fn declared(function: &str) -> Vec<Declared> {
    let mut out: Vec<Declared> = Vec::new();
    let mut inherited: Option<String> = None;
    for part in split_parts(&drop_groups(function)) {
        if let Some((lhs, _)) = part.split_once(" * ") {
            let q = lhs.split("::").last().unwrap_or(lhs).trim().to_string();
            for n in ["mul", "mul_assign"] {
                out.push(Declared {
                    qualifier: Some(q.clone()),
                    name: Some(n.into()),
                });
            }
            inherited = Some(q);
            continue;
        }
        let Some(word) = part.split_whitespace().next() else {
            continue;
        };
        for path in expand_braces(word) {
            let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            let Some(last) = segs.last() else { continue };
            let ident = |s: &str| s.chars().all(|c| c.is_alphanumeric() || c == '_');
            if !ident(last) {
                continue;
            }
            if last.starts_with(|c: char| c.is_uppercase()) {
                out.push(Declared {
                    qualifier: Some(last.to_string()),
                    name: None,
                });
                inherited = Some(last.to_string());
            } else {
                let q = if segs.len() >= 2 {
                    Some(segs[segs.len() - 2].to_string())
                } else {
                    inherited.clone()
                };
                out.push(Declared {
                    qualifier: q.clone(),
                    name: Some(last.to_string()),
                });
                inherited = q;
            }
        }
    }
    out.dedup();
    out
}

// ---------------------------------------------------------------------------------------------
// Demangled names

/// Splits `s` on `::` outside `<…>`.
fn split_path(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut pieces = Vec::new();
    let (mut depth, mut start, mut i) = (0i32, 0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'<' => depth += 1,
            b'>' if i == 0 || b[i - 1] != b'-' => depth -= 1,
            b':' if depth == 0 && i + 1 < b.len() && b[i + 1] == b':' => {
                pieces.push(&s[start..i]);
                i += 2;
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    pieces.push(&s[start..]);
    pieces
}

/// `s` without any `<…>` group.
fn without_generics(s: &str) -> String {
    drop_groups_angle(s)
}

fn drop_groups_angle(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '<' => depth += 1,
            '>' if prev != '-' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
        prev = c;
    }
    out
}

/// The last segment of a path: `a::b::<T>` → `b`.
fn last_of_path(s: &str) -> String {
    split_path(s)
        .into_iter()
        .rev()
        .find(|p| !p.is_empty() && !p.starts_with('<'))
        .map(without_generics)
        .unwrap_or_default()
}

/// A demangled function name, as ecdiff reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnName {
    /// The demangled name without its hash.
    pub full: String,
    /// The function's own name: the last path segment, generic arguments aside
    /// (`{closure#0}` for a closure).
    pub last: String,
    /// A short readable name: `<Projective as CurveGroup>::normalize_batch`,
    /// `variable_base::msm_bigint_wnaf`.
    pub short: String,
    idents: BTreeSet<String>,
}

impl FnName {
    /// Reads a (mangled or demangled) symbol name.
    pub fn new(symbol: &str) -> Self {
        // Local symbols may carry a `file:` prefix; the mangled name starts at `_R` or `_ZN`.
        let start = ["_R", "_ZN"]
            .iter()
            .filter_map(|p| symbol.find(p))
            .min()
            .unwrap_or(0);
        let full = match rustc_demangle::try_demangle(&symbol[start..]) {
            Ok(d) => format!("{d:#}"),
            Err(_) => symbol.to_string(),
        };
        let pieces = split_path(&full);
        let mut named: Vec<String> = Vec::new();
        for p in &pieces {
            if p.is_empty() {
                continue;
            }
            if let Some(inner) = p.strip_prefix('<').and_then(|p| p.strip_suffix('>')) {
                // `<T as Trait>` (a qualified self type), or generic arguments `::<…>`.
                let as_parts = split_top(inner, " as ");
                if as_parts.len() == 2 {
                    named.push(format!(
                        "<{} as {}>",
                        last_of_path(as_parts[0]),
                        last_of_path(as_parts[1])
                    ));
                } else if named.is_empty() {
                    named.push(format!("<{}>", last_of_path(inner)));
                }
            } else {
                named.push(without_generics(p));
            }
        }
        let last = named.last().cloned().unwrap_or_default();
        let short = match named.len() {
            0 => full.clone(),
            1 => last.clone(),
            n => format!("{}::{}", named[n - 2], named[n - 1]),
        };
        let idents = full
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        FnName {
            full,
            last,
            short,
            idents,
        }
    }

    /// Whether the name mentions the identifier `ident` (a path segment or generic argument).
    pub fn mentions(&self, ident: &str) -> bool {
        self.idents.contains(ident)
    }
}

/// Splits `s` on `sep` outside `<…>`.
fn split_top<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut depth = 0i32;
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' if prev != '-' => depth -= 1,
            _ => {}
        }
        prev = c;
        if depth == 0 && s[i..].starts_with(sep) && c == sep.chars().next().unwrap_or(' ') {
            return vec![&s[..i], &s[i + sep.len()..]];
        }
    }
    vec![s]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_strings() {
        let d = |q: Option<&str>, n: Option<&str>| Declared {
            qualifier: q.map(Into::into),
            name: n.map(Into::into),
        };
        assert_eq!(
            declared("G1Routines::msm"),
            vec![d(Some("G1Routines"), Some("msm"))]
        );
        assert_eq!(
            declared("BatchNormalize::batch_normalize{,_vartime}, CurveGroup::batch_normalize"),
            vec![
                d(Some("BatchNormalize"), Some("batch_normalize")),
                d(Some("BatchNormalize"), Some("batch_normalize_vartime")),
                d(Some("CurveGroup"), Some("batch_normalize")),
            ]
        );
        assert_eq!(
            declared("compute_witness{,_serial,_x} over FieldElement and ShadowFe"),
            vec![
                d(None, Some("compute_witness")),
                d(None, Some("compute_witness_serial")),
                d(None, Some("compute_witness_x")),
            ]
        );
        assert_eq!(
            declared("ProjectivePoint * Scalar, mul_vartime"),
            vec![
                d(Some("ProjectivePoint"), Some("mul")),
                d(Some("ProjectivePoint"), Some("mul_assign")),
                d(Some("ProjectivePoint"), Some("mul_vartime")),
            ]
        );
        assert_eq!(
            declared("BatchNormalize<[ProjectivePoint; N]>::batch_normalize"),
            vec![d(Some("BatchNormalize"), Some("batch_normalize"))]
        );
        assert_eq!(
            declared("RangeProof::from_bytes / to_bytes"),
            vec![
                d(Some("RangeProof"), Some("from_bytes")),
                d(Some("RangeProof"), Some("to_bytes"))
            ]
        );
        assert_eq!(
            declared("BN254::gt_msm (PairingCurve)"),
            vec![d(Some("BN254"), Some("gt_msm"))]
        );
        assert_eq!(
            declared("FieldElement lazy arithmetic (expose-field)"),
            vec![d(Some("FieldElement"), None)]
        );
        assert_eq!(
            declared("group::Curve::batch_normalize (G2)"),
            vec![d(Some("Curve"), Some("batch_normalize"))]
        );
    }

    #[test]
    fn demangled_names() {
        let n = FnName::new(
            "<ark_ec::models::short_weierstrass::group::Projective<ark_bn254::curves::g1::Config> \
             as ark_ec::CurveGroup>::normalize_batch",
        );
        assert_eq!(n.last, "normalize_batch");
        assert_eq!(n.short, "<Projective as CurveGroup>::normalize_batch");
        assert!(n.mentions("CurveGroup") && n.mentions("Config") && !n.mentions("Curve"));
        let n = FnName::new(
            "ark_ec::scalar_mul::variable_base::msm_bigint_wnaf::<ark_bn254::G1, fn() -> u8>",
        );
        assert_eq!(n.last, "msm_bigint_wnaf");
        assert_eq!(n.short, "variable_base::msm_bigint_wnaf");
        let n = FnName::new("dory_pcs::backends::msm::{closure#0}");
        assert_eq!(n.last, "{closure#0}");
        // A real mangled (legacy) symbol is demangled, its hash dropped.
        let n = FnName::new("_ZN4core3fmt5write17h0123456789abcdefE");
        assert_eq!(n.full, "core::fmt::write");
        assert_eq!(n.last, "write");
    }
}
