//! The `ecsm` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use crate::generators::Bias;
use std::sync::mpsc;
use std::time::Duration;

/// An input of zeros after the first byte (which declines the benchmark scalar) draws
/// v = 2²⁵⁵ and then bit 0 on every draw: before POPCOUNT_DRAWS, high_popcount looped
/// forever on it (found by fuzzing ecsm_witness). It must end, with 140 bits set, below n.
fn high_popcount_ends_on_an_input_that_keeps_drawing_one_bit() {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = vec![3u8];
        bytes.resize(8192, 0);
        let _ = tx.send(high_popcount(&mut Gen::new(&bytes, Bias::Edge)));
    });
    let v = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("high_popcount did not end within 60 s");
    assert!(v.count_ones() >= 140, "{v:x}");
    assert!(&v < n(), "{v:x}");
    assert!(v.bit(255), "{v:x}");
}

crate::declare::unit_tests![high_popcount_ends_on_an_input_that_keeps_drawing_one_bit];
