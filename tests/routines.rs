//! One differential suite per registered routine, enumerated from the registry
//! (`ecdiff::routines`): a routine added to its family's table gets its test here in debug and
//! release without any other edit, and deleting the row removes it. Each suite runs the
//! routine's default budget under proptest and fails on a finding (saved, with its replay
//! command) or when a declared edge class was never generated.
//!
//! Tests are named `<family>::<routine>`, so `cargo test --test routines -- curve25519::`
//! runs one family and `cargo test --test routines -- dory_g1_msm` one routine.

use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let trials = ecdiff::routines::rows()
        .map(|(family, row)| {
            let name = row.name;
            Trial::test(format!("{family}::{name}"), move || {
                let routine = ecdiff::routines::by_name(name)
                    .ok_or_else(|| Failed::from(format!("{name} is not registered")))?;
                ecdiff_tests::run_caught(|| ecdiff::suite::Suite::new(routine).run()).map(drop)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
