//! The bug zoo: every deliberately broken variant must be caught by the suite of the routine
//! it breaks, with that routine's default budget, in this profile, as the verdict kind the bug
//! it models gives (an `oracle_panicked` is an ecdiff bug, never a detection). Variants are enumerated
//! from the families' zoo rows: a variant added without being caught fails here.

use libtest_mimic::{Arguments, Failed, Trial};

fn check_variant(v: &ecdiff::zoo::ZooVariant) -> Result<(), Failed> {
    let routine = ecdiff::routines::by_name(v.routine).ok_or_else(|| {
        format!(
            "{}: breaks {}, which is not a registered routine",
            v.name, v.routine
        )
    })?;
    let (real, broken) = (routine.info(), v.check.info());
    if real.name != broken.name || real.classes != broken.classes {
        return Err(format!("{}: the variant must reuse its routine's spec", v.name).into());
    }
    if real.default_cases != broken.default_cases {
        return Err(format!("{}: same budget as the routine", v.name).into());
    }
    match ecdiff::suite::Suite::new(&*v.check)
        .no_shrink()
        .no_save()
        .try_run()
    {
        Err(failure) if failure.run.verdict.kind == ecdiff::VerdictKind::OraclePanicked => {
            Err(format!(
                "{}: an ecdiff bug, not a detection: {}",
                v.name, failure.run.verdict.detail
            )
            .into())
        }
        Err(failure) if !v.caught_as.contains(&failure.run.verdict.kind) => Err(format!(
            "{}: its first finding is {}, the bug it models gives {:?}: {}",
            v.name, failure.run.verdict.kind, v.caught_as, failure.run.verdict.detail
        )
        .into()),
        Err(failure) => {
            eprintln!("caught {}: {}", v.name, failure.run.verdict.kind);
            Ok(())
        }
        Ok(report) => Err(format!(
            "{} not caught with its routine's default budget ({} cases)",
            v.name, report.cases
        )
        .into()),
    }
}

/// Variants whose findings must minimize to at most `max_len` terms (or proofs) with simple
/// scalars, one or more per family (issue 15), with the number of groups (bugs) the campaign
/// reports. A bug
/// that two input classes show (a non-canonical ristretto string with the high bit set, or
/// with s ≥ p; a Shamir table reached through two call forms) is reported once per class:
/// the signature includes the minimized case's classes.
const MINIMIZED: &[(&str, usize, usize)] = &[
    ("dory_g1_msm__zscan_first_base_only", 1, 2),
    ("blst_g1_msm__infinity_filtered_scalars_misaligned", 1, 2),
    ("halo2_bn256_msm_serial__receiver_not_identity", 1, 2),
    ("p256_lincomb__shamir_table_incomplete_sum", 1, 2),
    ("k256_lincomb__shamir_table_infinity", 2, 2),
    (
        "dalek_edwards_vartime_double_scalar_mul_basepoint__torsion_dropped",
        2,
        2,
    ),
    ("dalek_ristretto_decompress__noncanonical_accepted", 2, 2),
    // A batch of proofs minimizes to one proof; the bug is reported once per tari path
    // class the minimized batch shows (with and without `promise_zero_for_none`).
    ("tari_batch_verify__straus_branch_unchecked", 2, 1),
];

/// A campaign over the variant (what `ecdiff run` does for a routine, at its default budget):
/// `groups` groups, each with a minimized witness of at most 2 terms and scalars in
/// {0, 1, 2, −1, small}.
fn check_minimized(
    v: &ecdiff::zoo::ZooVariant,
    groups: usize,
    max_len: usize,
) -> Result<(), Failed> {
    use ecdiff::campaign::{self, Budget, Config, Silent};
    // A generous minimization budget: the suites run many trials at once, and a search cut
    // short by a loaded machine would settle elsewhere (the budget bounds the search, the
    // search itself is deterministic).
    let config = Config {
        budget: Budget::Defaults,
        threads: 1,
        minimize: Some(std::time::Duration::from_secs(120)),
        ..Config::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let report = campaign::run(&[&*v.check], &config, &stop, &Silent);
    let r = &report.routines[0];
    if r.groups.len() != groups {
        return Err(format!(
            "{}: {} groups, not {groups}: {:#?}",
            v.name,
            r.groups.len(),
            r.groups
        )
        .into());
    }
    for g in &r.groups {
        check_witness(v, g, max_len)?;
    }
    Ok(())
}

fn check_witness(
    v: &ecdiff::zoo::ZooVariant,
    g: &ecdiff::report::FindingGroup,
    max_len: usize,
) -> Result<(), Failed> {
    use ecdiff::generators::tape::{Choice, Tape};
    eprintln!(
        "{}: {} {:?} ×{}: {:?}",
        v.name, g.signature, g.classes, g.count, g.witness.minimized
    );
    if g.witness.minimized.is_none() {
        return Err(format!("{}: the witness was not minimized", v.name).into());
    }
    if g.lengths.iter().any(|&n| n > max_len) {
        return Err(format!(
            "{}: witness lengths {:?} (at most {max_len} expected)",
            v.name, g.lengths
        )
        .into());
    }
    // The scalars' classes, read off the witness's tape.
    let bytes = hex::decode(&g.witness_input).map_err(|e| format!("{}: {e}", v.name))?;
    let tape =
        Tape::decode(&bytes).ok_or_else(|| format!("{}: the witness is not a tape", v.name))?;
    let simple = |group: &Vec<Choice>| {
        matches!(
            group.first(),
            None | Some(Choice::W(0..=3)) | Some(Choice::W(5))
        )
    };
    if let Some(groups) = tape.scopes.get("scalar") {
        if !groups.iter().all(simple) {
            return Err(format!("{}: scalars not simple: {groups:?}", v.name).into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let variants = ecdiff::zoo::all();
    assert!(!variants.is_empty(), "the zoo has no variants");
    // One variant per name: a variant stamped twice (a generic flaw and a family's own row of
    // the same name) would be measured and reported as one.
    let mut names: Vec<&str> = variants.iter().map(|v| v.name).collect();
    names.sort_unstable();
    let twice: Vec<&str> = names
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    assert!(twice.is_empty(), "zoo variants declared twice: {twice:?}");
    let mut trials: Vec<Trial> = MINIMIZED
        .iter()
        .map(|&(name, groups, max_len)| {
            let v = ecdiff::zoo::all()
                .into_iter()
                .find(|v| v.name == name)
                .unwrap_or_else(|| panic!("no zoo variant {name}"));
            Trial::test(format!("minimized::{name}"), move || {
                ecdiff_tests::run_caught(|| check_minimized(&v, groups, max_len))?
            })
        })
        .collect();
    trials.extend(variants.into_iter().map(|v| {
        Trial::test(v.name, move || {
            ecdiff_tests::run_caught(|| check_variant(&v))?
        })
    }));
    libtest_mimic::run(&args, trials).exit();
}
