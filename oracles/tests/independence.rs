//! The oracles must not depend on any library under test: a bug shared by both sides of a
//! comparison cancels out. This reads the crate's whole resolved dependency tree with
//! `cargo metadata` and checks it:
//!
//! * everything the oracles link (normal dependencies, transitively) is a `num-*` crate, and
//!   build-time-only crates (build scripts' dependencies) are the few named below;
//! * no crate anywhere in the tree (dev and build dependencies included) is a curve or
//!   field library.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

/// What a build script of a linked crate may use (num-bigint's and num-traits' probe rustc).
const ALLOWED_BUILD_ONLY: &[&str] = &["autocfg"];

/// Names no crate of the tree may have, as exact names or, ending in `*`, prefixes: every
/// library ecdiff tests and the trait crates they share.
const FORBIDDEN: &[&str] = &[
    "ark-*",
    "k256",
    "p256",
    "p384",
    "primeorder",
    "elliptic-curve",
    "curve25519*",
    "ed25519*",
    "x25519*",
    "dory*",
    "tari*",
    "blst",
    "blstrs",
    "bls12_381",
    "halo2curves",
    "halo2derive",
    "pasta_curves",
    "jubjub",
    "pairing",
    "group",
    "ff",
    "secp256k1*",
    "libsecp256k1*",
    "substrate-bn",
    "bn",
    "revm*",
    "crypto-bigint",
    "sha2",
    "sha3",
    "tiny-keccak",
    "ecsm-witness",
];

fn forbidden(name: &str) -> bool {
    FORBIDDEN.iter().any(|f| match f.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == *f,
    })
}

/// The resolved graph: package id → (name, [(dependency id, its kinds)]).
type Graph = BTreeMap<String, (String, Vec<(String, Vec<String>)>)>;

fn resolved_graph() -> (Graph, String) {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--manifest-path",
            manifest,
        ])
        .output()
        .expect("run cargo metadata");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("metadata JSON");
    let names: BTreeMap<&str, &str> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let mut graph = Graph::new();
    for node in metadata["resolve"]["nodes"].as_array().expect("resolve") {
        let id = node["id"].as_str().unwrap().to_string();
        let deps = node["deps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let kinds = d["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|k| k["kind"].as_str().unwrap_or("normal").to_string())
                    .collect();
                (d["pkg"].as_str().unwrap().to_string(), kinds)
            })
            .collect();
        graph.insert(id.clone(), (names[id.as_str()].to_string(), deps));
    }
    let root = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == env!("CARGO_PKG_NAME"))
        .expect("this package")["id"]
        .as_str()
        .unwrap()
        .to_string();
    (graph, root)
}

/// The names reachable from `root` through edges whose kinds `follow` accepts.
fn reachable(graph: &Graph, root: &str, follow: impl Fn(&[String]) -> bool) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut names = BTreeSet::new();
    let mut stack = vec![root.to_string()];
    while let Some(id) = stack.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        let (name, deps) = &graph[&id];
        if id != root {
            names.insert(name.clone());
        }
        for (dep, kinds) in deps {
            if follow(kinds) {
                stack.push(dep.clone());
            }
        }
    }
    names
}

#[test]
fn oracles_link_num_crates_only() {
    let (graph, root) = resolved_graph();
    let linked = reachable(&graph, &root, |kinds| kinds.iter().any(|k| k == "normal"));
    assert!(linked.contains("num-bigint"), "{linked:?}");
    for name in &linked {
        assert!(
            name.starts_with("num-"),
            "the oracles link {name}: only num-* crates are allowed"
        );
    }
    // Build scripts of linked crates, and what they use.
    let build_time = reachable(&graph, &root, |kinds| {
        kinds.iter().any(|k| k == "normal" || k == "build")
    });
    for name in build_time.difference(&linked) {
        assert!(
            ALLOWED_BUILD_ONLY.contains(&name.as_str()),
            "the oracles' build uses {name}: not an allowed build-time crate"
        );
    }
}

#[test]
fn no_curve_library_anywhere_in_the_oracles_tree() {
    let (graph, root) = resolved_graph();
    let everything = reachable(&graph, &root, |_| true);
    assert!(
        everything.contains("proptest"),
        "dev dependencies are read too"
    );
    let bad: Vec<&String> = everything.iter().filter(|n| forbidden(n)).collect();
    assert!(bad.is_empty(), "the oracles' tree contains {bad:?}");
    // The matcher itself works.
    assert!(forbidden("ark-bn254") && forbidden("curve25519-dalek") && forbidden("blst"));
    assert!(forbidden("halo2curves") && forbidden("bls12_381") && forbidden("pairing"));
    assert!(!forbidden("num-bigint") && !forbidden("groups") && !forbidden("ffi"));
}
