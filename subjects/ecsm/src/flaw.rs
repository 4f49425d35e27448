//! Deliberately broken variants of the replay, each modelling a real bug of lambda_vm PR #866
//! (<https://github.com/yetanotherco/lambda_vm/pull/866>).
//!
//! Public only with the feature `flaws` (a harness enables it to check that it catches
//! them); without it the correct path is the only one reachable.

/// Which bug to inject into the replay. Measured manifestations (this crate's tests
/// `tests/flaws.rs`, k256 0.13.4, x86-64) are given per variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(not(feature = "flaws"), allow(dead_code))]
pub enum Flaw {
    /// The correct replay.
    #[default]
    None,
    /// The PR's first broken replay (review finding, `crypto/ecsm/src/curve.rs:176` and `:200`):
    /// the doubling computes `X3 = F − D.double()` and the mixed addition
    /// `X3 = r² − J − V.double()` (the review's `r * r - hhh - x1hh.double()`; in
    /// madd-2007-bl names `J = 4·HHH`, `V = 4·X1·HH`). Both negate a magnitude-2 value
    /// with `negate(1)`.
    ///
    /// Trigger: any `k ≥ 2` (the first row is always a double), any base.
    /// - debug k256: panics at the first row in `field_impl.rs` (`assertion failed:
    ///   self.magnitude <= magnitude`);
    /// - release k256: no panic, and the witness is **byte-identical** to the correct one
    ///   (a doubled weakly normalized value stays inside `negate(1)`'s limb slack);
    /// - `ShadowFe`: panics in every profile with
    ///   `k256 contract violated: negate(1) on magnitude 2`.
    DoubledSubtrahend,
    /// The PR description's first draft ("subtraction chains over unnormalized
    /// intermediates"): every `normalize`/`normalize_weak` that the correct replay places
    /// in front of a subtraction is dropped, so `D` (magnitude 10), `8C` (magnitude 8) and
    /// the new `X3`/`Y3` (magnitude 5–7) are negated with `negate(1)`.
    ///
    /// Trigger: any `k ≥ 2`, any base.
    /// - debug k256: panics at the first row in `field_impl.rs` (`self.magnitude <=
    ///   magnitude`, `negate(1)` on `D`);
    /// - release k256: **wrong values**. `negate(1)` computes `4·pᵢ − aᵢ` per 52-bit limb,
    ///   which wraps around `u64` for `D`'s limbs (about `12·2⁵²` to `18·2⁵²`), so every
    ///   point from the first double on is wrong: [`crate::replay_flawed`] returns wrong
    ///   points silently, and [`crate::compute_witness_flawed`] panics in its own relation
    ///   check (`relation numerator not divisible by p`) at the first row;
    /// - `ShadowFe`: panics in every profile with
    ///   `k256 contract violated: negate(1) on magnitude 10`.
    UnnormalizedSubtraction,
    /// A replay that is only right for the generator: the mixed addition reads the
    /// hard-coded generator's coordinates where the caller's base belongs (as in a routine
    /// only ever tested with `G`: the PR's tests never reached the Jacobian code with
    /// another base). Doubles, the slopes and the step rows still use the caller's base.
    ///
    /// Trigger: a base `P ≠ G` and a `k` whose schedule has an add (popcount ≥ 2); base
    /// `G`, or `k = 2^j`, computes correctly.
    /// - debug and release k256, and `ShadowFe`: no contract violation. [`crate::replay_flawed`]
    ///   silently returns wrong points from the first add on (it adds `G`, not `P`);
    ///   [`crate::compute_witness_flawed`] panics in its own relation check
    ///   (`relation numerator not divisible by p`) at the first add row, because the
    ///   slope there is the one of `A + P`.
    GeneratorOnlyBase,
}
