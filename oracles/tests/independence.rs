//! The oracles must not depend on any library under test: a bug shared by both sides of a
//! comparison cancels out. This reads the crate's declared dependencies with
//! `cargo metadata --no-deps` and checks them.

use std::process::Command;

use serde_json::Value;

/// The only normal dependencies allowed.
const ALLOWED_NORMAL: &[&str] = &["num-bigint", "num-traits", "num-integer"];

/// Names no dependency of any kind (normal, dev, build) may have, as exact names or, when
/// ending in `*`, prefixes.
const FORBIDDEN: &[&str] = &[
    "ark-*",
    "k256",
    "curve25519*",
    "dory*",
    "tari*",
    "elliptic-curve",
    "primeorder",
    "group",
    "ff",
    "sha2",
];

fn forbidden(name: &str) -> bool {
    FORBIDDEN.iter().any(|f| match f.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == *f,
    })
}

#[test]
fn oracles_depend_on_num_crates_only() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
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
    let package = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == env!("CARGO_PKG_NAME"))
        .expect("this package in the metadata");
    let deps = package["dependencies"].as_array().expect("dependencies");
    assert!(!deps.is_empty());
    for dep in deps {
        // `name` is the package name (a renamed dependency keeps it; `rename` is separate).
        let name = dep["name"].as_str().expect("name");
        let kind = dep["kind"].as_str().unwrap_or("normal");
        assert!(
            !forbidden(name),
            "{kind} dependency {name} is a library under test"
        );
        if let Some(rename) = dep["rename"].as_str() {
            assert!(!forbidden(rename), "{kind} dependency renamed {rename}");
        }
        if kind == "normal" {
            assert!(
                ALLOWED_NORMAL.contains(&name),
                "normal dependency {name} not allowed"
            );
        }
    }
    // The matcher itself works.
    assert!(forbidden("ark-bn254") && forbidden("curve25519-dalek") && forbidden("k256"));
    assert!(!forbidden("num-bigint") && !forbidden("groups") && !forbidden("ffi"));
}
