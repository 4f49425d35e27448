//! The README's routine table is generated from the registry: a routine added to or removed
//! from its family's table must show in the README (`cargo run -p ecdiff -- dev readme`).

#[test]
fn the_readme_routine_table_matches_the_registry() {
    let path = ecdiff::corpus::repo_root().join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let want = ecdiff::routine_table::splice(&readme, &ecdiff::routine_table::markdown())
        .expect("README markers");
    assert!(
        want == readme,
        "README.md's routine table is out of date: run `cargo run -p ecdiff -- dev readme`"
    );
}
