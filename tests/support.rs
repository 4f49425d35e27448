//! Shared helpers for ecdiff's integration suites.

/// Stamps one `#[test]` per named routine, each running the routine's suite with its
/// default budget (see `ecdiff::suite`).
#[macro_export]
macro_rules! suites {
    ($($name:ident),* $(,)?) => {
        $(
            ecdiff::routine_suite!(
                $name,
                ecdiff::routines::by_name(stringify!($name)).expect("a registered routine")
            );
        )*
    };
}
