//! The bug zoo: every deliberately broken variant must be caught by the suite of the routine
//! it breaks, with that routine's default budget, in this profile. A variant added without
//! being caught fails here.

use ecdiff::zoo::ZooVariant;

fn check_family(family: &str, variants: Vec<ZooVariant>) {
    assert!(
        !variants.is_empty(),
        "the {family} family has no zoo variants"
    );
    let mut missed = Vec::new();
    for v in &variants {
        let routine = ecdiff::routines::by_name(v.routine).unwrap_or_else(|| {
            panic!(
                "{}: breaks {}, which is not a registered routine",
                v.name, v.routine
            )
        });
        let (real, broken) = (routine.info(), v.check.info());
        assert_eq!(
            real.name, broken.name,
            "{}: the variant must reuse its routine's spec",
            v.name
        );
        assert_eq!(
            real.classes, broken.classes,
            "{}: the variant must reuse its routine's classes",
            v.name
        );
        assert_eq!(
            real.default_cases, broken.default_cases,
            "{}: same budget as the routine",
            v.name
        );
        match ecdiff::suite::Suite::new(&*v.check)
            .no_shrink()
            .no_save()
            .try_run()
        {
            Err(failure) => eprintln!("caught {}: {}", v.name, failure.run.verdict.kind),
            Ok(report) => missed.push(format!("{} ({} cases)", v.name, report.cases)),
        }
    }
    assert!(
        missed.is_empty(),
        "zoo variants not caught with their routine's default budget: {missed:?}"
    );
}

#[test]
fn dory_zoo_variants_are_caught() {
    check_family("dory", ecdiff::families::dory::zoo());
}

#[test]
fn secp256k1_zoo_variants_are_caught() {
    let variants = ecdiff::families::secp256k1::zoo();
    if !variants.is_empty() {
        check_family("secp256k1", variants);
    }
}

#[test]
fn curve25519_zoo_variants_are_caught() {
    let variants = ecdiff::families::curve25519::zoo();
    if !variants.is_empty() {
        check_family("curve25519", variants);
    }
}
