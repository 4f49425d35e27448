//! Which of a subject's codec functions a case's input and output went through, so a test can
//! show that no routine lets a library referee itself.
//!
//! A library is its own referee when the path that hands a subject its input and the path that
//! reads its result back are the two directions of one codec of that library (an encoder and
//! its decoder): a bug both directions share (a sign flip, a swapped limb order) cancels out.
//! Adapters call [`record`] at every codec function of a subject they use to build an input
//! ([`Side::In`]) or to read a result ([`Side::Out`]), as a conversion ([`Role::Conversion`])
//! or as the function under test ([`Role::UnderTest`]); [`trace`] collects what one closure
//! recorded, and [`shared_pair`] names an encoder/decoder pair found on the two sides, unless
//! one of the two is the function under test and the case has an independent reading: a
//! conversion on its output side that is no input's inverse. (A routine that checks both
//! directions of a codec, a round trip, has both under test; an encoder routine whose inputs
//! come through the decoder has the decoder as a conversion. Either needs the independent
//! reading — of the result, or of the inputs as the library holds them — for a bug both
//! directions share to show. A pair of two conversions is never exempt: nothing of it is
//! checked.) Recording costs one thread-local check when no trace is running.
//!
//! `docs/paths.md` lists, per family, the functions each side uses.

use std::cell::RefCell;
use std::collections::BTreeSet;

/// Which side of a case a codec function was used on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// To build the subject's input.
    In,
    /// To read the subject's result back.
    Out,
}

/// Why a codec function was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// It is the function the routine checks.
    UnderTest,
    /// It only carries a value into or out of the subject.
    Conversion,
}

/// The codec functions one traced closure used, as (`crate::Type::function`, role).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Functions that built inputs.
    pub inputs: BTreeSet<(&'static str, Role)>,
    /// Functions that read results.
    pub outputs: BTreeSet<(&'static str, Role)>,
}

thread_local! {
    static CURRENT: RefCell<Option<Trace>> = const { RefCell::new(None) };
}

/// Records that `function` (`crate::Type::function`) was used on `side` of the current case
/// in `role`.
pub fn record(side: Side, role: Role, function: &'static str) {
    CURRENT.with(|current| {
        if let Some(trace) = current.borrow_mut().as_mut() {
            match side {
                Side::In => trace.inputs.insert((function, role)),
                Side::Out => trace.outputs.insert((function, role)),
            };
        }
    });
}

/// [`record`] of a conversion.
pub fn conversion(side: Side, function: &'static str) {
    record(side, Role::Conversion, function);
}

/// [`record`] of the function under test.
pub fn under_test(side: Side, function: &'static str) {
    record(side, Role::UnderTest, function);
}

/// Runs `f` on this thread with recording on, returning its result and what it recorded.
/// A panic in `f` leaves this thread's recording as it was before.
pub fn trace<R>(f: impl FnOnce() -> R) -> (R, Trace) {
    /// Puts the thread's previous recording back, on return or unwind.
    struct Restore(Option<Option<Trace>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(previous) = self.0.take() {
                CURRENT.with(|c| *c.borrow_mut() = previous);
            }
        }
    }
    let restore = Restore(Some(CURRENT.with(|c| c.replace(Some(Trace::default())))));
    let result = f();
    let trace = CURRENT.with(|c| c.borrow_mut().take()).unwrap_or_default();
    drop(restore);
    (result, trace)
}

/// Whether a [`trace`] is running on this thread.
pub fn active() -> bool {
    CURRENT.with(|c| c.borrow().is_some())
}

/// Runs `f`, traced when `carry` is true: how the engine follows a case into the thread pool
/// its subject runs in (`carry` is [`active`] on the case's thread, and the trace goes back to
/// that thread's [`absorb`]).
pub fn carried<R>(carry: bool, f: impl FnOnce() -> R) -> (R, Option<Trace>) {
    if carry {
        let (result, trace) = trace(f);
        (result, Some(trace))
    } else {
        (f(), None)
    }
}

/// Adds what [`carried`] recorded on another thread to this thread's running trace.
pub fn absorb(carried: Option<Trace>) {
    let Some(carried) = carried else { return };
    CURRENT.with(|current| {
        if let Some(trace) = current.borrow_mut().as_mut() {
            trace.inputs.extend(carried.inputs);
            trace.outputs.extend(carried.outputs);
        }
    });
}

/// A decoder's name stem → its encoder's (after [`stem`] removes `_unchecked`-style suffixes).
const INVERSES: &[(&str, &str)] = &[
    ("from_uncompressed", "to_uncompressed"),
    ("from_compressed", "to_compressed"),
    ("decompress", "compress"),
    ("from_bytes", "to_bytes"),
    ("from_repr", "to_repr"),
    ("from_sec1_bytes", "to_sec1_bytes"),
    ("from_encoded_point", "to_encoded_point"),
    ("deserialize", "serialize"),
];

/// `crate::Type::function` with the variant suffixes removed from the function: the checked
/// and unchecked decoders of one format are one decoder.
fn stem(function: &str) -> (&str, &str) {
    let (owner, name) = function.rsplit_once("::").unwrap_or(("", function));
    let name = ["_unchecked", "_checked", "_vartime"]
        .iter()
        .fold(name, |name, suffix| {
            name.strip_suffix(suffix).unwrap_or(name)
        });
    (owner, name)
}

/// Whether `a` and `b` are the two directions of one codec of one type.
fn inverse(a: &str, b: &str) -> bool {
    let ((owner_a, a), (owner_b, b)) = (stem(a), stem(b));
    owner_a == owner_b
        && INVERSES
            .iter()
            .any(|&(dec, enc)| (a == dec && b == enc) || (a == enc && b == dec) || a == b)
}

/// The first (input, output) pair of `trace` that is one codec of one type used both ways,
/// unless one of the two is under test and the case has an independent reading (an output
/// conversion that is no input's inverse): a pair of conversions always counts.
pub fn shared_pair(trace: &Trace) -> Option<(&'static str, &'static str)> {
    let independent_reading = (trace.outputs.iter()).any(|&(o, role)| {
        role == Role::Conversion && !trace.inputs.iter().any(|&(i, _)| inverse(i, o))
    });
    trace.inputs.iter().find_map(|&(i, role_i)| {
        (trace.outputs.iter())
            .find(|&&(o, role_o)| {
                let checked = role_i == Role::UnderTest || role_o == Role::UnderTest;
                inverse(i, o) && !(checked && independent_reading)
            })
            .map(|&(o, _)| (i, o))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace_of(inputs: &[&'static str], outputs: &[&'static str]) -> Trace {
        let conversions =
            |names: &[&'static str]| (names.iter()).map(|&n| (n, Role::Conversion)).collect();
        Trace {
            inputs: conversions(inputs),
            outputs: conversions(outputs),
        }
    }

    #[test]
    fn an_encoder_and_its_decoder_on_the_two_sides_are_a_shared_pair() {
        let zk = "bls12_381::G1Affine::";
        let pair = trace_of(
            &["bls12_381::G1Affine::from_uncompressed_unchecked"],
            &["bls12_381::G1Affine::to_uncompressed"],
        );
        assert!(shared_pair(&pair).is_some(), "{zk} uncompressed both ways");
        let dalek = trace_of(
            &["curve25519_dalek::CompressedEdwardsY::decompress"],
            &["curve25519_dalek::CompressedEdwardsY::compress"],
        );
        assert!(shared_pair(&dalek).is_some());
        let same = trace_of(
            &["tari::RangeProof::to_bytes"],
            &["tari::RangeProof::to_bytes"],
        );
        assert!(shared_pair(&same).is_some());
        // A decoder under test whose result is read back by its own encoder.
        let mut read_back = trace_of(&[], &["bls12_381::G1Affine::to_uncompressed"]);
        (read_back.inputs).insert(("bls12_381::G1Affine::from_uncompressed", Role::UnderTest));
        assert!(shared_pair(&read_back).is_some());
    }

    #[test]
    fn a_round_trip_under_test_is_not_a_shared_pair() {
        let mut round_trip = trace_of(&[], &["tari::RangeProof::debug"]);
        round_trip
            .inputs
            .insert(("tari::RangeProof::from_bytes", Role::UnderTest));
        round_trip
            .outputs
            .insert(("tari::RangeProof::to_bytes", Role::UnderTest));
        assert_eq!(shared_pair(&round_trip), None);
        // The same round trip read back only by the encoder it checks.
        round_trip
            .outputs
            .remove(&("tari::RangeProof::debug", Role::Conversion));
        assert_eq!(
            shared_pair(&round_trip),
            Some(("tari::RangeProof::from_bytes", "tari::RangeProof::to_bytes"))
        );
    }

    /// dalek's encoder routines: inputs through the decoder (a conversion), the encoder under
    /// test, and the inputs read back through `Debug` — exempt only with that reading, and a
    /// pair of two conversions never.
    #[test]
    fn an_encoder_under_test_fed_by_its_decoder_needs_an_independent_reading() {
        let (dec, enc, debug) = (
            "curve25519_dalek::CompressedEdwardsY::decompress",
            "curve25519_dalek::CompressedEdwardsY::compress",
            "curve25519_dalek::EdwardsPoint::debug",
        );
        let mut t = trace_of(&[dec], &[debug]);
        t.outputs.insert((enc, Role::UnderTest));
        assert_eq!(shared_pair(&t), None);
        t.outputs.remove(&(debug, Role::Conversion));
        assert_eq!(shared_pair(&t), Some((dec, enc)));
        let plumbing = trace_of(&[dec], &[enc, debug]);
        assert_eq!(shared_pair(&plumbing), Some((dec, enc)));
    }

    #[test]
    fn other_formats_other_types_and_non_codecs_are_not() {
        let other_format = trace_of(
            &["bls12_381::G1Affine::from_compressed_unchecked"],
            &["bls12_381::G1Affine::to_uncompressed"],
        );
        assert_eq!(shared_pair(&other_format), None);
        let other_type = trace_of(
            &["bls12_381::G2Affine::from_uncompressed"],
            &["bls12_381::G1Affine::to_uncompressed"],
        );
        assert_eq!(shared_pair(&other_type), None);
        let arithmetic = trace_of(
            &["bls12_381::G1Projective::generator_multiple"],
            &["bls12_381::G1Affine::debug"],
        );
        assert_eq!(shared_pair(&arithmetic), None);
    }

    #[test]
    fn recording_happens_only_inside_a_trace() {
        conversion(Side::In, "x::Y::from_bytes");
        let ((), t) = trace(|| {
            conversion(Side::In, "x::Y::from_bytes");
            conversion(Side::Out, "x::Y::to_bytes");
        });
        assert_eq!(t, trace_of(&["x::Y::from_bytes"], &["x::Y::to_bytes"]));
        assert_eq!(
            shared_pair(&t),
            Some(("x::Y::from_bytes", "x::Y::to_bytes"))
        );
        let ((), empty) = trace(|| ());
        assert_eq!(empty, Trace::default());
    }

    #[test]
    fn a_trace_follows_a_case_into_another_thread_and_survives_a_panic() {
        let ((), t) = trace(|| {
            let carry = active();
            let ((), carried) = std::thread::scope(|s| {
                (s.spawn(|| carried(carry, || conversion(Side::Out, "x::Y::to_bytes"))))
                    .join()
                    .expect("no panic")
            });
            absorb(carried);
        });
        assert_eq!(t, trace_of(&[], &["x::Y::to_bytes"]));
        assert!(!active());
        let panicked = std::panic::catch_unwind(|| trace(|| panic!("a subject's panic")));
        assert!(panicked.is_err());
        assert!(!active(), "the panic left a trace running");
    }
}
