//! `group`'s wNAF multiplication (`src/wnaf.rs`, the same code in 0.13.0 and 0.14.0) over any
//! curve behind the traits, in its three forms:
//!
//! * **windowed**: `&WnafBase::<G, W>::new(P) * &WnafScalar::<_, W>::new(&s)`, W = 2 ..= 8
//!   (every window a user is likely to fix; larger ones only grow the table, 2ᵂ⁻¹ points, and
//!   run the same recoding);
//! * **fixed scalar**: `Wnaf::new().scalar(&s).base(P)` (window 4, fixed by `group`);
//! * **fixed base**: `Wnaf::new().base(P, n).scalar(&s)`, the window
//!   `G::recommended_wnaf_for_num_scalars(n)`.
//!
//! `Wnaf`'s two forms need `G: WnafGroup` (bls12_381, blstrs, p256, pasta_curves implement
//! it; k256 and halo2curves do not: windowed cases only).
//!
//! A case is one form, one point P = a·G drawn with a known log (the identity, G, small
//! multiples, random), and one scalar s: the scalar classes of
//! [`crate::generators::scalars`] (0, 1, 2, r − 1, near r, …), plus scalars that use the full
//! width of the representation (s ≥ 2ᴸ⁻¹, L its bits, where r allows it: `scalar_full_width`;
//! elsewhere scalars with r's top bit, s ≥ 2ᵇ⁻¹ for b the bits of r: `scalar_top_bit`, where
//! a recoding that stops at the field's bit length loses its carry) and scalars of one 0xff
//! byte (0xff·2⁸ⁱ: `scalar_one_byte_ff`). Points enter and results leave
//! as in [`crate::zkgroup`] (generator times `from_repr`, `to_bytes` read by the oracle).
//!
//! Oracle: known logs, (s·a mod r)·G.
//!
//! On a curve with a cofactor the check can take the whole curve ([`WnafCheck::with_torsion`],
//! as the group law's [`super::group_law::GroupLawCheck::with_torsion`]): P = a·G + t·T with a
//! torsion part (none, the order-2 multiple h/2, any t < h, or a point of small order, each
//! a quarter of the cases), handed to the subject as its encoding (as from an unchecked
//! decoder); the oracle is (s·a mod r)·G + (s·t mod h)·T, and the classes `torsion_component`
//! (r·P ≠ O) and `small_order` (P ≠ O, h·P = O) are read off the whole point.
//!
//! # Known findings
//!
//! `group` recodes the representation's bytes as a little-endian integer and drops the final
//! carry of the recoding ([`super::wnaf_model`]). Wherever that multiplier differs from s, the
//! case expects a mismatch whose value is pinned: the subject must return exactly
//! (multiplier·a)·G ([`WNAF_CARRY_DROPPED`] for little-endian representations,
//! [`WNAF_BIG_ENDIAN_REPR`] for big-endian ones); any other value is a new finding.

use super::group_law::{identity_gen_point, torsion_base, GroupValue, TORSION_CLASSES};
use super::wnaf_model;
use super::ReproPaths;
use crate::curve::SwGroup;
use crate::engine::{Expected, Outcome, Routine, RoutineInfo, VerdictKind};
use crate::generators::points::{point_class_holds, points, GenPoint, Representation};
use crate::generators::scalars::{scalar as draw_scalar, scalar_class_holds, SCALAR_CLASSES};
use crate::generators::Gen;
use crate::repro::project::ReproCode;
use crate::shapes::{hex_gen_points, Spec};
use ecdiff_oracles::field::SqrtField;
use ecdiff_oracles::weierstrass::{FixedBase, Point};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// One of the three ways to multiply with `group`'s wNAF code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `WnafBase::<G, W>` times `WnafScalar::<_, W>`, the window W.
    Windowed(usize),
    /// `Wnaf::new().scalar(&s).base(P)`.
    FixedScalar,
    /// `Wnaf::new().base(P, n).scalar(&s)`, n scalars announced.
    FixedBase(usize),
}

/// The windows of [`Form::Windowed`] a case draws.
pub const WINDOWS: std::ops::RangeInclusive<usize> = 2..=8;

/// The window `Wnaf::new().scalar(..)` fixes.
const FIXED_SCALAR_WINDOW: usize = 4;

/// The scalar counts a fixed-base case announces: each changes the recommended window of some
/// curve (bls12_381 recommends a new one at 1, 3, 7, 20, 43, 120, 273, 563, 1630, 3128 and
/// 7933 scalars).
const SCALAR_COUNTS: [usize; 12] = [1, 2, 3, 7, 20, 43, 120, 273, 563, 1630, 3128, 7933];

/// The classes of the forms, then of the windows.
const FORM_CLASSES: [&str; 3] = ["form_windowed", "form_fixed_scalar", "form_fixed_base"];
const WINDOW_CLASSES: [&str; 7] = [
    "window_2", "window_3", "window_4", "window_5", "window_6", "window_7", "window_8",
];

/// The point classes one point can have.
const POINT_CLASSES: [&str; 4] = ["identity", "generator", "non_generator", "small_multiple"];

/// The scalar classes of this check beyond [`SCALAR_CLASSES`].
const FULL_WIDTH: &str = "scalar_full_width";
/// s ≥ 2ᵇ⁻¹, b the bits of r, on a row where [`FULL_WIDTH`] is out of reach (r < 2ᴸ⁻¹): with
/// the draws of [`draw_scalar`] alone, a planted recoding that drops its carry at
/// `NUM_BITS` (a carry only such scalars need) went unseen on 1 seed of 5 on jubjub.
const TOP_BIT: &str = "scalar_top_bit";
const ONE_BYTE_FF: &str = "scalar_one_byte_ff";

/// A scalar below r with r's top bit set ([`TOP_BIT`]): uniform half the time, else
/// k·2ᵇ⁻ʷ with k odd and k ≥ 2ʷ⁻¹ (b the bits of r, w the form's window), whose width-w NAF
/// is one negative digit at bit b − w and a carry into bit b. A uniform draw needs its top
/// window to end at bit b − 1 for that carry, which it does about once in w: a planted
/// recoding that drops the carry at `NUM_BITS` went unseen on jubjub's fixed-base form
/// (windows up to 14) on 1 seed of 5 with uniform draws alone.
fn top_window_scalar(g: &mut Gen, r: &BigUint, w: usize) -> BigUint {
    let b = r.bits() as usize;
    let top = BigUint::one() << (b - 1);
    let uniform = |g: &mut Gen| &top + g.biguint_below(&(r - &top));
    if b <= w || g.chance(1, 2) {
        return uniform(g);
    }
    let shift = b - w;
    // k·2^shift < r for every k < r >> shift.
    let (low, high) = (BigUint::one() << (w - 1), r >> shift);
    if high <= &low + 1u8 {
        return uniform(g);
    }
    let k = (&low + g.biguint_below(&(&high - &low - 1u8))) | BigUint::one();
    k << shift
}

/// The known finding of a little-endian representation.
pub const WNAF_CARRY_DROPPED: &str = "group 0.13.0 / 0.14.0 wNAF (Wnaf, WnafBase × WnafScalar) \
     drops the final carry of the scalar's recoding (wnaf_form's loop ends at bit_len with the \
     carry unused), so for a scalar whose width-w NAF needs a digit at bit 8·len it multiplies \
     by s − 2^(8·len): reachable where r > 2^(8·len − 1) (secp256k1, secp256r1); smallest \
     input: P = G, s = r − 1, any window: (r − 1 − 2^256)·G instead of −G; fix proposed in \
     https://github.com/zkcrypto/group/pull/83";

/// The known finding of a big-endian representation.
pub const WNAF_BIG_ENDIAN_REPR: &str = "group 0.14.0 wNAF (Wnaf, WnafBase × WnafScalar) reads \
     PrimeField::to_repr as little-endian, but k256's and p256's representation is big-endian \
     (SEC 1 FieldBytes), so it multiplies by the byte-reversed scalar (less 2^256 when that \
     one's recoding carries out): smallest input: P = G, s = 1: 2^248·G instead of G; \
     https://github.com/zkcrypto/group/issues/78";

/// How a scalar field lays out `to_repr`: read off `ONE.to_repr()` by the adapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReprLayout {
    /// Whether the least significant byte comes first.
    pub little_endian: bool,
    /// The representation's length in bytes.
    pub len: usize,
}

impl ReprLayout {
    /// The representation of `s` (below 2^(8·len)) in this layout.
    pub fn bytes(&self, s: &BigUint) -> Vec<u8> {
        let mut le = s.to_bytes_le();
        le.resize(self.len, 0);
        if !self.little_endian {
            le.reverse();
        }
        le
    }
}

/// `group`'s wNAF entry points over one curve.
pub trait WnafSubject<C: SwGroup>: Send + Sync + 'static {
    /// P·s in `form`, P the point of log `log`, read back by the oracle.
    fn run(&self, form: Form, log: &BigUint, scalar: &BigUint) -> GroupValue<C::F>;

    /// [`WnafSubject::run`] on a point with a torsion part ([`WnafCheck::with_torsion`]):
    /// `torsion` is the encoding of t·T, to be added to the point of log `log` after decoding
    /// it (empty where the point has none). The default is [`WnafSubject::run`], for a subject
    /// of a check without torsion, and refuses a torsion part.
    fn run_with_torsion(
        &self,
        form: Form,
        log: &BigUint,
        torsion: &[u8],
        scalar: &BigUint,
    ) -> GroupValue<C::F> {
        assert!(
            torsion.is_empty(),
            "a subject of a check with torsion implements WnafSubject::run_with_torsion"
        );
        self.run(form, log, scalar)
    }

    /// `recommended_wnaf_for_num_scalars(n)`, or `None` when the type does not implement
    /// `WnafGroup` (no `Wnaf` forms: windowed cases only).
    fn fixed_base_window(&self, num_scalars: usize) -> Option<usize>;

    /// The scalar field's representation layout.
    fn repr_layout(&self) -> ReprLayout;

    /// `p` in the encoding results are read in (a reproducer's expected `to_bytes`).
    fn encode(&self, p: &Point<C::F>) -> Vec<u8>;
}

/// One case.
#[derive(Clone, Debug)]
pub struct WnafCase<F> {
    /// The form.
    pub form: Form,
    /// P, with its log (one point).
    pub point: Vec<GenPoint<F>>,
    /// s, below r.
    pub scalar: BigUint,
    /// t, P's torsion part t·T on a check with torsion; `None` on a check without.
    pub torsion: Option<BigUint>,
}

/// The differential check of `group`'s wNAF multiplication.
pub struct WnafCheck<C: SwGroup> {
    spec: Spec,
    subject: Box<dyn WnafSubject<C>>,
    encoding: &'static str,
    repro: Option<ReproPaths>,
    /// T with its fixed-base table modulo h, where points get torsion parts.
    torsion: Option<FixedBase<C::F>>,
}

/// The default case count: every form, window, point and scalar class at seed 0.
pub const WNAF_CASES: u32 = 512;

/// The wNAF check of any subject (`zkgroup::wnaf` builds the traits' own), its results read
/// through the encoding called `encoding`.
pub fn check<C: SwGroup>(
    spec: Spec,
    subject: impl WnafSubject<C>,
    encoding: &'static str,
) -> WnafCheck<C> {
    WnafCheck {
        spec: spec.shape_default(WNAF_CASES),
        subject: Box::new(subject),
        encoding,
        repro: None,
        torsion: None,
    }
}

impl<C: SwGroup> WnafCheck<C> {
    /// The check with standalone reproducers ([`crate::repro`]) naming `paths`.
    pub fn with_reproducer(self, paths: ReproPaths) -> Self {
        WnafCheck {
            repro: Some(paths),
            ..self
        }
    }

    /// The check on the whole curve: points a·G + t·T (module docs), for a subject type that
    /// holds it. A curve of cofactor 1 has no T: unchanged.
    pub fn with_torsion(self) -> Self
    where
        C::F: SqrtField,
    {
        WnafCheck {
            torsion: torsion_base::<C>(),
            ..self
        }
    }

    /// t·T (the identity for t = 0 or on a check without torsion).
    fn torsion_part(&self, t: Option<&BigUint>) -> Point<C::F> {
        match (&self.torsion, t) {
            (Some(base), Some(t)) => C::instance().curve().mul_fixed(base, t),
            _ => Point::Identity,
        }
    }

    /// (k·a mod r)·G + (k·t mod h)·T: the case's point P = a·G + t·T times k.
    fn multiple(&self, case: &WnafCase<C::F>, k: &BigUint) -> Point<C::F> {
        let curve = C::instance().curve();
        let prime = curve.mul_generator(&((&case.point[0].log * k) % &curve.order));
        let t = (case.torsion.as_ref()).map(|t| (t * k) % &curve.cofactor);
        curve.add(&prime, &self.torsion_part(t.as_ref()))
    }

    /// P and its torsion multiple t (`None` without torsion): with torsion, P drawn and t = 0,
    /// h/2 or any t < h, or P of small order (no prime part, t ≠ 0), a quarter of the time each.
    fn draw_point(&self, g: &mut Gen) -> (Vec<GenPoint<C::F>>, Option<BigUint>) {
        let c = C::instance();
        if self.torsion.is_none() {
            return (points(g, c, 1, Representation::Affine), None);
        }
        let h = &c.curve().cofactor;
        let (point, t) = match g.weighted(&[1, 1, 1, 1]) {
            3 => (
                vec![identity_gen_point(c)],
                g.biguint_below(&(h - 1u8)) + 1u8,
            ),
            kind => {
                let point = points(g, c, 1, Representation::Affine);
                let t = match kind {
                    0 => BigUint::zero(),
                    1 => h >> 1u8,
                    _ => g.biguint_below(h),
                };
                (point, t)
            }
        };
        if !self.torsion_part(Some(&t)).is_identity() {
            g.hit("torsion_component");
            if (&point[0].log % c.order()).is_zero() {
                g.hit("small_order");
            }
        }
        (point, Some(t))
    }

    /// Whether scalars of the representation's full width exist below r.
    fn full_width_reachable(&self) -> bool {
        C::instance().order().bits() as usize == 8 * self.subject.repr_layout().len
    }

    /// The window `form` runs with.
    fn window(&self, form: Form) -> usize {
        match form {
            Form::Windowed(w) => w,
            Form::FixedScalar => FIXED_SCALAR_WINDOW,
            Form::FixedBase(n) => (self.subject.fixed_base_window(n))
                .expect("fixed-base cases only for WnafGroup types"),
        }
    }

    /// The multiplier `group` is known to apply on `case` ([`wnaf_model::multiplier`]).
    fn known_multiplier(&self, case: &WnafCase<C::F>) -> BigUint {
        let repr = self.subject.repr_layout().bytes(&case.scalar);
        wnaf_model::multiplier(&repr, self.window(case.form), C::instance().order())
    }

    /// The known wrong result on `case`, P times the known multiplier, when it differs from
    /// the right one, s·P.
    fn known_wrong_point(&self, case: &WnafCase<C::F>) -> Option<Point<C::F>> {
        let right = self.multiple(case, &case.scalar);
        let known = self.multiple(case, &self.known_multiplier(case));
        (known != right).then_some(known)
    }
}

impl<C: SwGroup> Routine for WnafCheck<C> {
    type Case = WnafCase<C::F>;
    type Output = GroupValue<C::F>;

    fn info(&self) -> RoutineInfo {
        let wnaf = self.subject.fixed_base_window(1).is_some();
        let mut classes: Vec<&'static str> = (FORM_CLASSES.iter().copied())
            .filter(|c| wnaf || *c == "form_windowed")
            .collect();
        classes.extend(WINDOW_CLASSES);
        classes.extend(POINT_CLASSES);
        classes.extend(SCALAR_CLASSES);
        classes.push(ONE_BYTE_FF);
        if self.full_width_reachable() {
            classes.push(FULL_WIDTH);
        } else {
            classes.push(TOP_BIT);
        }
        if self.torsion.is_some() {
            classes.extend(TORSION_CLASSES);
            return (self.spec).info(
                "known logs with torsion: (s·a mod r)·G + (s·t mod h)·T",
                classes,
            );
        }
        self.spec.info("known logs: (s·a mod r)·G", classes)
    }

    fn generate(&self, g: &mut Gen) -> Self::Case {
        let c = C::instance();
        let wnaf = u32::from(self.subject.fixed_base_window(1).is_some());
        let form = match g.weighted(&[6, 2 * wnaf, 2 * wnaf]) {
            0 => {
                let w = g.range(*WINDOWS.start(), *WINDOWS.end());
                g.hit(WINDOW_CLASSES[w - WINDOWS.start()]);
                g.hit("form_windowed");
                Form::Windowed(w)
            }
            1 => {
                g.hit("form_fixed_scalar");
                Form::FixedScalar
            }
            _ => {
                g.hit("form_fixed_base");
                Form::FixedBase(*g.pick(&SCALAR_COUNTS))
            }
        };
        // Rows without torsion draw as before torsion was modelled.
        let (point, torsion) = self.draw_point(g);
        let r = c.order();
        let len = self.subject.repr_layout().len;
        let full_width = self.full_width_reachable();
        let scalar = match g.weighted(&[8, 1, 1]) {
            0 => draw_scalar(g, r),
            1 => {
                // 0xff at a byte below r's top byte.
                let bytes = (r.bits() as usize - 1) / 8;
                let s = BigUint::from(0xffu8) << (8 * g.below(bytes.min(len) as u64) as usize);
                g.hit(ONE_BYTE_FF);
                s
            }
            _ if full_width => {
                let top = BigUint::one() << (8 * len - 1);
                let s = &top + g.biguint_below(&(r - &top));
                g.hit(FULL_WIDTH);
                s
            }
            _ => {
                let s = top_window_scalar(g, r, self.window(form));
                g.hit(TOP_BIT);
                s
            }
        };
        WnafCase {
            form,
            point,
            scalar,
            torsion,
        }
    }

    fn class_holds(&self, case: &Self::Case, class: &str) -> Option<bool> {
        let c = C::instance();
        let len = self.subject.repr_layout().len;
        match class {
            "form_windowed" => return Some(matches!(case.form, Form::Windowed(_))),
            "form_fixed_scalar" => return Some(case.form == Form::FixedScalar),
            "form_fixed_base" => return Some(matches!(case.form, Form::FixedBase(_))),
            FULL_WIDTH => return Some(case.scalar.bits() as usize == 8 * len),
            TOP_BIT => return Some(case.scalar.bits() == c.order().bits()),
            ONE_BYTE_FF => {
                let s = &case.scalar;
                let shift = s.trailing_zeros().unwrap_or(0) as usize / 8 * 8;
                return Some(*s == BigUint::from(0xffu8) << shift);
            }
            _ => {}
        }
        if let Some(i) = WINDOW_CLASSES.iter().position(|w| *w == class) {
            return Some(case.form == Form::Windowed(i + WINDOWS.start()));
        }
        if TORSION_CLASSES.contains(&class) {
            let curve = c.curve();
            let p = self.multiple(case, &BigUint::one());
            return Some(match class {
                "torsion_component" => !curve.mul(&p, &curve.order).is_identity(),
                _ => !p.is_identity() && curve.mul(&p, &curve.cofactor).is_identity(),
            });
        }
        point_class_holds(c, class, &case.point)
            .or_else(|| scalar_class_holds(class, std::slice::from_ref(&case.scalar), c.order()))
    }

    fn subject(&self, case: &Self::Case) -> Outcome<Self::Output> {
        let part = self.torsion_part(case.torsion.as_ref());
        let torsion = match part {
            Point::Identity => Vec::new(),
            part => self.subject.encode(&part),
        };
        Outcome::Value(self.subject.run_with_torsion(
            case.form,
            &case.point[0].log,
            &torsion,
            &case.scalar,
        ))
    }

    fn oracle(&self, case: &Self::Case) -> Outcome<Self::Output> {
        Outcome::Value(GroupValue::Point(self.multiple(case, &case.scalar)))
    }

    fn expected(&self, case: &Self::Case) -> Expected {
        if self.known_wrong_point(case).is_none() {
            return Expected::AGREE;
        }
        let reason = if self.subject.repr_layout().little_endian {
            WNAF_CARRY_DROPPED
        } else {
            WNAF_BIG_ENDIAN_REPR
        };
        Expected::known(VerdictKind::Mismatch, reason)
    }

    /// The known wrong value, exactly: multiplier·P.
    fn known_behaviour(
        &self,
        case: &Self::Case,
        subject: &Outcome<Self::Output>,
    ) -> Result<(), String> {
        let known = self
            .known_wrong_point(case)
            .ok_or("no known finding on this case")?;
        let known = GroupValue::Point(known);
        match subject {
            Outcome::Value(v) if *v == known => Ok(()),
            other => Err(format!(
                "the known wrong result is {}, the subject gave {other:?}",
                self.render_output(&known)
            )),
        }
    }

    /// `G::generator() * from_repr(a)` and `from_repr(s)` with the case's bytes, then the
    /// case's form; the result as `to_bytes` in hex, the expected line the oracle's point in
    /// the same encoding. None for a point with a torsion part (the template builds a·G only).
    fn reproducer(&self, case: &Self::Case, oracle: &Outcome<Self::Output>) -> Option<ReproCode> {
        if case.torsion.as_ref().is_some_and(|t| !t.is_zero()) {
            return None;
        }
        let ReproPaths {
            group_type,
            group_version,
        } = self.repro?;
        let Outcome::Value(GroupValue::Point(expected)) = oracle else {
            return None;
        };
        let layout = self.subject.repr_layout();
        let repr = |k: &BigUint| hex::encode(layout.bytes(k));
        let call = match case.form {
            Form::Windowed(w) => {
                format!("&WnafBase::<G, {w}>::new(p) * &WnafScalar::<S, {w}>::new(&s)")
            }
            Form::FixedScalar => "Wnaf::new().scalar(&s).base(p)".to_string(),
            Form::FixedBase(n) => format!("Wnaf::new().base(p, {n}).scalar(&s)"),
        };
        let body = format!(
            "type G = {group_type};\n\
             type S = <G as Group>::Scalar;\n\
             /// A scalar from its representation's bytes (`PrimeField::from_repr`).\n\
             fn scalar(repr_hex: &str) -> S {{\n    \
             let mut repr = <S as PrimeField>::Repr::default();\n    \
             AsMut::<[u8]>::as_mut(&mut repr).copy_from_slice(&unhex(repr_hex));\n    \
             Option::from(S::from_repr(repr)).expect(\"a canonical scalar\")\n}}\n\
             // P = a·G with a = 0x{a:x}; s = 0x{s:x}.\n\
             let p = G::generator() * scalar(\"{a_repr}\");\n\
             let s = scalar(\"{s_repr}\");\n\
             // The multiplication under test.\n\
             let result: G = {call};\n\
             hex(result.to_bytes().as_ref())\n",
            a = case.point[0].log,
            s = case.scalar,
            a_repr = repr(&case.point[0].log),
            s_repr = repr(&case.scalar),
        );
        Some(ReproCode {
            dependencies: vec![crate::repro::project::Dependency::new(
                "group",
                group_version,
            )],
            uses: vec![
                "#[allow(unused_imports)]".into(),
                "use group::{ff::PrimeField, Group, GroupEncoding, Wnaf, WnafBase, WnafScalar};"
                    .into(),
            ],
            body,
            expected: hex::encode(self.subject.encode(expected)),
            expected_from: format!(
                "ecdiff's oracle on this case ((s·a mod r)·G in num-bigint arithmetic, in {}), \
                 embedded",
                self.encoding
            ),
        })
    }

    fn render_case(&self, case: &Self::Case) -> String {
        let torsion = match &case.torsion {
            Some(t) => format!("\ntorsion part = {t}·T"),
            None => String::new(),
        };
        format!(
            "form = {:?} (window {})\npoint = {}{torsion}\nscalar = 0x{:x}",
            case.form,
            self.window(case.form),
            hex_gen_points(&case.point),
            case.scalar
        )
    }

    fn render_output(&self, output: &Self::Output) -> String {
        super::group_law::render_value(output, self.encoding)
    }
}

/// Test helpers of the families' wNAF rows (compiled with the families, so never in the
/// library's unit-test build).
#[cfg(all(feature = "family-tests", not(test)))]
pub(crate) mod testing {
    use super::*;
    use crate::generators::points::with_log;
    use crate::generators::Bias;
    use crate::shapes::known::testing::assert_pinned;

    /// P = G and `s` through `WnafBase × WnafScalar` at every window: the case is a known
    /// finding whose pinned result is `multiplier`·G (the value the finding's doc states, not
    /// the model's), the real subject returns exactly that, and another value there — the
    /// right one, or the known one negated — is a new finding.
    #[cfg_attr(
        not(any(feature = "secp256k1", feature = "p256", feature = "halo2curves")),
        allow(dead_code)
    )]
    pub(crate) fn assert_wnaf_finding_pinned<C: SwGroup>(
        build: impl Fn() -> WnafCheck<C>,
        s: BigUint,
        multiplier: BigUint,
    ) {
        let c = C::instance();
        let g = with_log(&mut Gen::new(&[0u8; 64], Bias::Edge), c, BigUint::one());
        for w in WINDOWS {
            let case = WnafCase {
                form: Form::Windowed(w),
                point: vec![g.clone()],
                scalar: s.clone(),
                torsion: None,
            };
            let pinned = c.curve().mul_generator(&(&multiplier % c.order()));
            assert_eq!(build().known_wrong_point(&case), Some(pinned));
            let right = build().oracle(&case);
            assert_pinned(build(), &case, move |_, _| right.clone());
            let negated = GroupValue::Point(c.curve().mul_generator(&(c.order() - &multiplier)));
            assert_pinned(build(), &case, move |_, _| Outcome::Value(negated.clone()));
        }
    }
}
