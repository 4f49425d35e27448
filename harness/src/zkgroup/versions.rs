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
        use crate::zkgroup::PointEncoding;
        use num_bigint::BigUint;
        use std::marker::PhantomData;
        use $group::ff::PrimeField;
        use $group::{Curve, GroupEncoding};

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

        /// The entry points of `G`, results read through `encoding`.
        struct Traits<G, E> {
            encoding: E,
            _group: PhantomData<fn() -> G>,
        }

        impl<C, G, E> GroupLawSubject<C> for Traits<G, E>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
        {
            fn run(&self, op: Op, logs: &[&BigUint], s: &BigUint) -> GroupValue<C::F> {
                let point = |i: usize| G::generator() * scalar::<G::Scalar>(logs[i]);
                let out = |p: G| {
                    let bytes = p.to_bytes();
                    match self.encoding.decode(bytes.as_ref()) {
                        Some(p) => GroupValue::Point(p),
                        None => GroupValue::NotAPoint(bytes.as_ref().to_vec()),
                    }
                };
                match op {
                    Op::Add => out(point(0) + point(1)),
                    Op::Sub => out(point(0) - point(1)),
                    Op::Neg => out(-point(0)),
                    Op::Double => out(point(0).double()),
                    Op::AddAffine => out(point(0) + point(1).to_affine()),
                    Op::SubAffine => out(point(0) - point(1).to_affine()),
                    Op::Mul => out(point(0) * scalar::<G::Scalar>(s)),
                    Op::IsIdentity => GroupValue::Flag(bool::from(point(0).is_identity())),
                }
            }
        }

        #[doc = concat!("The group-law check of `G` (a type implementing `group` ", $version, "'s")]
        /// `Curve` and `GroupEncoding`), against the oracle curve `C` (the same curve,
        /// declared from its specification), its results read through `encoding`.
        pub fn group_law<G, C, E>(spec: Spec, encoding: E) -> GroupLawCheck<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
        {
            let name = encoding.name();
            check(spec, traits::<G, C, E>(encoding), name)
        }

        /// The entry points of `G`, results read through `encoding`: the subject of
        /// [`group_law()`], for a planted bug around it.
        pub fn traits<G, C, E>(encoding: E) -> impl GroupLawSubject<C>
        where
            C: SwGroup,
            G: Curve + GroupEncoding + 'static,
            E: PointEncoding<C>,
        {
            Traits::<G, E> {
                encoding,
                _group: PhantomData,
            }
        }
    };
}

pub(crate) use entry_points;
