//! The traits' entry points, once per `group` release: [`entry_points!`] writes, for one
//! version of the `group` crate (and the `ff` it re-exports), the functions a user calls to
//! stamp out a suite over a type of that version ([`crate::zkgroup::v013`],
//! [`crate::zkgroup::v014`]). The releases' traits have the same shape but are distinct
//! traits, so a type implements one of them only: blstrs 0.7 and halo2curves 0.10 implement
//! 0.13, k256/p256 0.14, bls12_381 0.9 and pasta_curves 0.6 implement 0.14.

/// The suites' constructors over one `group` version, `$group` its crate's name in this
/// crate (`group_013`, `group_014`).
macro_rules! entry_points {
    ($group:ident, $version:literal) => {
        use crate::curve::SwGroup;
        use crate::shapes::Spec;
        use crate::zkgroup::group_law::{check, GroupLawCheck, GroupLawSubject, GroupValue, Op};
        use crate::zkgroup::wnaf::{self as wnaf_check, Form, ReprLayout, WnafCheck, WnafSubject};
        use crate::zkgroup::PointEncoding;
        use num_bigint::BigUint;
        use std::marker::PhantomData;
        use $group::ff::PrimeField;
        use $group::{Curve, Group, GroupEncoding, Wnaf, WnafBase, WnafGroup, WnafScalar};

        #[doc = concat!("The scalar of `G` (`ff` ", $version, ") whose canonical integer is `k`")]
        /// (below the scalar field's modulus), through `from_repr` in the byte order of the
        /// field's representation (read off `ONE.to_repr()`).
        ///
        /// # Panics
        /// When `k` does not fit the representation or is not canonical, or when
        /// `ONE.to_repr()` is neither little- nor big-endian 1.
        pub fn scalar<S: PrimeField>(k: &BigUint) -> S {
            let one = S::ONE.to_repr();
            let mut repr = S::Repr::default();
            crate::zkgroup::write_repr(k, one.as_ref(), repr.as_mut());
            Option::from(S::from_repr(repr))
                .unwrap_or_else(|| panic!("0x{k:x} is not a canonical scalar of this field"))
        }

        /// The entry points of `G`, results read through `encoding`, on points that are
        /// multiples of `hub`.
        struct Traits<G, E> {
            encoding: E,
            hub: Hub,
            _group: PhantomData<fn() -> G>,
        }

        /// What a check's points are multiples of.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Hub {
            /// `G::generator()`, of prime order r (the oracle's generator).
            Generator,
            /// h·`G::generator()`, for a type whose generator generates the whole group of h·r
            /// points (jubjub's `ExtendedPoint`): the oracle's generator is that multiple.
            ClearedGenerator,
        }

        impl<G: Group + GroupEncoding, E> Traits<G, E> {
            /// The `i`th point of a case: a·`hub` for its log a, plus its torsion part where it
            /// has one (entering through `from_bytes`, as from an unchecked decoder).
            fn point<C: SwGroup>(&self, logs: &[&BigUint], torsion: &[Vec<u8>], i: usize) -> G {
                let prime = point_of::<G, C>(self.hub, logs[i]);
                match torsion.get(i).filter(|t| !t.is_empty()) {
                    Some(bytes) => prime + decoded::<G>(bytes),
                    None => prime,
                }
            }
        }

        impl<C, G, E> GroupLawSubject<C> for Traits<G, E>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C>,
        {
            fn run(&self, op: Op, logs: &[&BigUint], s: &BigUint) -> GroupValue<C::F> {
                self.run_with_torsion(op, logs, &[], s)
            }

            fn run_with_torsion(
                &self,
                op: Op,
                logs: &[&BigUint],
                torsion: &[Vec<u8>],
                s: &BigUint,
            ) -> GroupValue<C::F> {
                let point = |i: usize| self.point::<C>(logs, torsion, i);
                let out = |p: G| read_back(&self.encoding, p);
                match op {
                    Op::Sum => {
                        let points: Vec<G> = (0..logs.len()).map(point).collect();
                        out(points.iter().sum())
                    }
                    Op::BatchNormalize => {
                        let points: Vec<G> = (0..logs.len()).map(point).collect();
                        // Slots start as the identity: one left unwritten shows.
                        let mut affine: Vec<_> =
                            points.iter().map(|_| G::identity().to_affine()).collect();
                        G::batch_normalize(&points, &mut affine);
                        let each = affine.into_iter().map(|a| out(G::identity() + a));
                        GroupValue::List(each.collect())
                    }
                    Op::Decode => panic!("decode cases go through GroupLawSubject::decode"),
                    Op::Add => out(point(0) + point(1)),
                    Op::Sub => out(point(0) - point(1)),
                    Op::Neg => out(-point(0)),
                    Op::Double => out(point(0).double()),
                    Op::AddAffine => out(point(0) + point(1).to_affine()),
                    Op::SubAffine => out(point(0) - point(1).to_affine()),
                    Op::Mul => out(point(0) * scalar::<G::Scalar>(s)),
                    Op::IsIdentity => GroupValue::Flag(bool::from(point(0).is_identity())),
                    Op::Select => {
                        let choice = subtle::Choice::from(u8::from(*s == BigUint::from(1u8)));
                        out(G::conditional_select(&point(0), &point(1), choice))
                    }
                }
            }

            fn decode(&self, bytes: &[u8]) -> GroupValue<C::F> {
                let mut repr = <G as GroupEncoding>::Repr::default();
                if repr.as_ref().len() != bytes.len() {
                    return GroupValue::Refused;
                }
                repr.as_mut().copy_from_slice(bytes);
                match Option::<G>::from(G::from_bytes(&repr)) {
                    Some(p) => read_back(&self.encoding, p),
                    None => GroupValue::Refused,
                }
            }
        }

        #[doc = concat!("The group-law check of `G` (a type implementing `group` ", $version, "'s")]
        /// `Curve` and `GroupEncoding`), against the oracle curve `C` (the same curve,
        /// declared from its specification), its results read through `encoding`.
        pub fn group_law<G, C, E>(spec: Spec, encoding: E) -> GroupLawCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C> + Clone,
        {
            check(spec, traits::<G, C, E>(encoding.clone()), encoding)
        }

        /// The entry points of `G`, results read through `encoding`: the subject of
        /// [`group_law()`], for a planted bug around it.
        pub fn traits<G, C, E>(encoding: E) -> impl GroupLawSubject<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C>,
        {
            Traits::<G, E> {
                encoding,
                hub: Hub::Generator,
                _group: PhantomData,
            }
        }

        /// The entry points of `G` on points a·(h·`generator()`) + t·T, results read through
        /// `encoding`: the subject of [`group_law_with_torsion()`], for a planted bug around
        /// it.
        pub fn traits_with_torsion<G, C, E>(encoding: E) -> impl GroupLawSubject<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C>,
        {
            Traits::<G, E> {
                encoding,
                hub: Hub::ClearedGenerator,
                _group: PhantomData,
            }
        }

        #[doc = concat!("The group-law check of `G` (`group` ", $version, ") on the whole curve,")]
        /// for a type whose `generator()` generates the whole group of h·r points (a curve with
        /// a cofactor, as jubjub's `ExtendedPoint`): the points are a·(h·`generator()`) + t·T,
        /// h·`generator()` the oracle curve `C`'s generator (declared so) and T of the h-part
        /// ([`GroupLawCheck::with_torsion`]). `from_bytes` cases decode any point of the curve,
        /// as `encoding` does.
        pub fn group_law_with_torsion<G, C, E>(spec: Spec, encoding: E) -> GroupLawCheck<C>
        where
            C: SwGroup,
            C::F: ecdiff_oracles::field::SqrtField,
            G: Curve + GroupEncoding + subtle::ConditionallySelectable + 'static,
            E: PointEncoding<C> + Clone,
        {
            let subject = traits_with_torsion::<G, C, E>(encoding.clone());
            check(spec, subject, encoding).with_torsion()
        }

        /// The point of log `a`: `G::generator() * from_repr(a)`, or with the generator
        /// times `C`'s cofactor first ([`Hub::ClearedGenerator`]).
        fn point_of<G: Group, C: SwGroup>(hub: Hub, a: &BigUint) -> G {
            let generator = match hub {
                Hub::Generator => G::generator(),
                Hub::ClearedGenerator => {
                    G::generator() * scalar::<G::Scalar>(&C::instance().curve().cofactor)
                }
            };
            generator * scalar::<G::Scalar>(a)
        }

        /// `G::from_bytes(bytes)`, of bytes the oracle encoded.
        ///
        /// # Panics
        /// When `G` refuses them (the row's torsion points must decode).
        fn decoded<G: GroupEncoding>(bytes: &[u8]) -> G {
            let mut repr = <G as GroupEncoding>::Repr::default();
            repr.as_mut().copy_from_slice(bytes);
            Option::<G>::from(G::from_bytes(&repr)).unwrap_or_else(|| {
                panic!(
                    "from_bytes refused the oracle's torsion point {}",
                    hex::encode(bytes)
                )
            })
        }

        /// `p.to_bytes()`, read through `encoding`.
        fn read_back<C, G, E>(encoding: &E, p: G) -> GroupValue<C::F>
        where
            C: SwGroup,
            G: GroupEncoding,
            E: PointEncoding<C>,
        {
            let bytes = p.to_bytes();
            match encoding.decode(bytes.as_ref()) {
                Some(p) => GroupValue::Point(p),
                None => GroupValue::NotAPoint(bytes.as_ref().to_vec()),
            }
        }

        /// `&WnafBase::<G, W>::new(p) * &WnafScalar::<_, W>::new(s)` for a window W of
        /// [`wnaf_check::WINDOWS`].
        fn windowed<G: Group>(w: usize, p: G, s: &G::Scalar) -> G {
            match w {
                2 => &WnafBase::<G, 2>::new(p) * &WnafScalar::<G::Scalar, 2>::new(s),
                3 => &WnafBase::<G, 3>::new(p) * &WnafScalar::<G::Scalar, 3>::new(s),
                4 => &WnafBase::<G, 4>::new(p) * &WnafScalar::<G::Scalar, 4>::new(s),
                5 => &WnafBase::<G, 5>::new(p) * &WnafScalar::<G::Scalar, 5>::new(s),
                6 => &WnafBase::<G, 6>::new(p) * &WnafScalar::<G::Scalar, 6>::new(s),
                7 => &WnafBase::<G, 7>::new(p) * &WnafScalar::<G::Scalar, 7>::new(s),
                8 => &WnafBase::<G, 8>::new(p) * &WnafScalar::<G::Scalar, 8>::new(s),
                _ => panic!("window {w} outside 2..=8"),
            }
        }

        /// The layout of `S`'s representation, read off `ONE.to_repr()`.
        fn repr_layout<S: PrimeField>() -> ReprLayout {
            let one = S::ONE.to_repr();
            let one = one.as_ref();
            ReprLayout {
                little_endian: one.first() == Some(&1),
                len: one.len(),
            }
        }

        /// `group`'s wNAF entry points of `G`: `WnafBase × WnafScalar`; with `WNAF`, `Wnaf`'s
        /// two forms too (they need `G: WnafGroup`).
        struct WnafTraits<G, E, const WNAF: bool> {
            encoding: E,
            hub: Hub,
            _group: PhantomData<fn() -> G>,
        }

        impl<G: Group + GroupEncoding, E, const WNAF: bool> WnafTraits<G, E, WNAF> {
            /// The point of log `a` with the torsion part `torsion` (an encoding, as from an
            /// unchecked decoder; empty: none) added.
            fn point<C: SwGroup>(&self, a: &BigUint, torsion: &[u8]) -> G {
                let prime = point_of::<G, C>(self.hub, a);
                if torsion.is_empty() {
                    return prime;
                }
                prime + decoded::<G>(torsion)
            }

            /// P·s in `form`, P the point of log `log` with the torsion part `torsion`, read
            /// back: `WnafBase × WnafScalar` here, `Wnaf`'s two forms by `wnaf_forms`.
            fn multiply<C>(
                &self,
                form: Form,
                (log, torsion, s): (&BigUint, &[u8], &BigUint),
                wnaf_forms: impl FnOnce(Form, G, G::Scalar) -> G,
            ) -> GroupValue<C::F>
            where
                C: SwGroup,
                E: PointEncoding<C>,
            {
                let (p, s) = (self.point::<C>(log, torsion), scalar::<G::Scalar>(s));
                let out = match form {
                    Form::Windowed(w) => windowed(w, p, &s),
                    wnaf_form => wnaf_forms(wnaf_form, p, s),
                };
                read_back(&self.encoding, out)
            }
        }

        impl<C, G, E> WnafSubject<C> for WnafTraits<G, E, false>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
        {
            fn run(&self, form: Form, log: &BigUint, s: &BigUint) -> GroupValue<C::F> {
                self.run_with_torsion(form, log, &[], s)
            }

            fn run_with_torsion(
                &self,
                form: Form,
                log: &BigUint,
                torsion: &[u8],
                s: &BigUint,
            ) -> GroupValue<C::F> {
                self.multiply::<C>(form, (log, torsion, s), |_, _, _| {
                    panic!("`Wnaf` needs WnafGroup: windowed cases only")
                })
            }

            fn fixed_base_window(&self, _: usize) -> Option<usize> {
                None
            }

            fn repr_layout(&self) -> ReprLayout {
                repr_layout::<G::Scalar>()
            }

            fn encode(&self, p: &ecdiff_oracles::weierstrass::Point<C::F>) -> Vec<u8> {
                self.encoding.encode(p)
            }
        }

        impl<C, G, E> WnafSubject<C> for WnafTraits<G, E, true>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + WnafGroup + 'static,
            E: PointEncoding<C>,
        {
            fn run(&self, form: Form, log: &BigUint, s: &BigUint) -> GroupValue<C::F> {
                self.run_with_torsion(form, log, &[], s)
            }

            fn run_with_torsion(
                &self,
                form: Form,
                log: &BigUint,
                torsion: &[u8],
                s: &BigUint,
            ) -> GroupValue<C::F> {
                self.multiply::<C>(form, (log, torsion, s), |form, p, s| match form {
                    Form::FixedBase(n) => Wnaf::new().base(p, n).scalar(&s),
                    // Form::FixedScalar (windowed cases never get here).
                    _ => Wnaf::new().scalar(&s).base(p),
                })
            }

            fn fixed_base_window(&self, n: usize) -> Option<usize> {
                Some(G::recommended_wnaf_for_num_scalars(n))
            }

            fn repr_layout(&self) -> ReprLayout {
                repr_layout::<G::Scalar>()
            }

            fn encode(&self, p: &ecdiff_oracles::weierstrass::Point<C::F>) -> Vec<u8> {
                self.encoding.encode(p)
            }
        }

        #[doc = concat!("The wNAF check of `G` (`group` ", $version, "): `WnafBase × WnafScalar`,")]
        /// against the oracle curve `C`, results read through `encoding`. For a type
        /// implementing `WnafGroup`, [`wnaf_group()`] adds `Wnaf`'s fixed-scalar and
        /// fixed-base forms.
        pub fn wnaf<G, C, E>(spec: Spec, encoding: E) -> WnafCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
        {
            let name = encoding.name();
            let subject = WnafTraits::<G, E, false> {
                encoding,
                hub: Hub::Generator,
                _group: PhantomData,
            };
            wnaf_check::check(spec, subject, name)
        }

        /// [`wnaf()`] with `Wnaf`'s forms, `Wnaf::new().scalar(..).base(..)` and
        /// `Wnaf::new().base(P, n).scalar(..)`, for a type implementing `WnafGroup`.
        pub fn wnaf_group<G, C, E>(spec: Spec, encoding: E) -> WnafCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + WnafGroup + 'static,
            E: PointEncoding<C>,
        {
            wnaf_group_with_hub::<G, C, E>(spec, encoding, Hub::Generator)
        }

        /// [`wnaf_group()`] on the whole curve of a type whose `generator()` generates the
        /// whole group of h·r points, as [`group_law_with_torsion()`]: points
        /// a·(h·`generator()`) + t·T ([`WnafCheck::with_torsion`]).
        pub fn wnaf_group_with_torsion<G, C, E>(spec: Spec, encoding: E) -> WnafCheck<C>
        where
            C: SwGroup,
            C::F: ecdiff_oracles::field::SqrtField,
            G: Curve + GroupEncoding + WnafGroup + 'static,
            E: PointEncoding<C>,
        {
            wnaf_group_with_hub::<G, C, E>(spec, encoding, Hub::ClearedGenerator).with_torsion()
        }

        /// [`wnaf_group()`]'s check with the points multiples of `hub`.
        fn wnaf_group_with_hub<G, C, E>(spec: Spec, encoding: E, hub: Hub) -> WnafCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + WnafGroup + 'static,
            E: PointEncoding<C>,
        {
            let name = encoding.name();
            let subject = WnafTraits::<G, E, true> {
                encoding,
                hub,
                _group: PhantomData,
            };
            wnaf_check::check(spec, subject, name)
        }

        #[cfg(feature = "zoo")]
        crate::zkgroup::planted::planted_entry_points!($group);
    };
}

pub(crate) use entry_points;
