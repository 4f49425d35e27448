//! The bug zoo: every deliberately broken variant must be caught by the suite of the routine
//! it breaks, with that routine's default budget, in this profile. Variants are enumerated
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

fn main() {
    let args = Arguments::from_args();
    let variants = ecdiff::zoo::all();
    assert!(!variants.is_empty(), "the zoo has no variants");
    let trials = variants
        .into_iter()
        .map(|v| {
            Trial::test(v.name, move || {
                ecdiff_tests::run_caught(|| check_variant(&v))?
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
