//! The routine table of `docs/routines.md` is generated from the registry: a routine added to
//! or removed from its family's table must show there (`cargo run -p ecdiff -- dev readme`).
//! The README shows the maintainer-mode workflow file that `.ci/run` lints, verbatim.

#[test]
fn the_readme_routine_table_matches_the_registry() {
    let file = ecdiff::routine_table::FILE;
    let path = ecdiff::corpus::repo_root().join(file);
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let want = ecdiff::routine_table::splice(&doc, &ecdiff::routine_table::markdown())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        want == doc,
        "{file}'s routine table is out of date: run `cargo run -p ecdiff -- dev readme`"
    );
}

#[test]
fn the_maintainer_workflow_in_the_readme_is_the_linted_file() {
    let root = ecdiff::corpus::repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let file = std::fs::read_to_string(root.join("examples/maintainer/ecdiff.yml"))
        .expect("examples/maintainer/ecdiff.yml");
    let start = "<!-- maintainer workflow: examples/maintainer/ecdiff.yml -->\n```yaml\n";
    let block = readme
        .split_once(start)
        .and_then(|(_, rest)| rest.split_once("```\n<!-- end maintainer workflow -->"))
        .map(|(block, _)| block)
        .expect("README.md shows the maintainer workflow between its markers");
    assert_eq!(
        block, file,
        "README.md's maintainer workflow differs from examples/maintainer/ecdiff.yml (which \
         .ci/run lints): copy the file into the README"
    );
}
