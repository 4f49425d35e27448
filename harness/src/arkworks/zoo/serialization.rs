//! Flaws planted in arkworks' `CanonicalSerialize` / `CanonicalDeserialize` of a curve's
//! affine points ([`crate::arkworks::serialization`]), one or more per entry point: the
//! writer in each `Compress` mode and the reader in each `Compress` × `Validate` mode.
//!
//! | entry point | flaw |
//! |---|---|
//! | write, `Compress::Yes` | [`SerializerFlaw::SignByParity`] |
//! | write, `Compress::No` | [`SerializerFlaw::IdentityWrittenAsZeros`] |
//! | read, `Compress::Yes` (either `Validate`) | [`SerializerFlaw::SignInverted`] |
//! | read, `Compress::No`, `Validate::No` (and every read of a coefficient ≥ p) | [`SerializerFlaw::CoordinatesReducedModP`] |
//! | read, `Validate::Yes` | [`SerializerFlaw::ValidateWithoutSubgroupCheck`] (a curve with a cofactor), [`SerializerFlaw::ValidateWithoutCurveCheck`] (uncompressed; a curve of cofactor 1, whose subgroup check passes every point) |
//!
//! [`BrokenSerializer`] (short Weierstrass, over 𝔽ₚ or 𝔽ₚ²) and [`BrokenTeSerializer`]
//! (twisted Edwards) plant them around the real adapter; the byte-level flaws share one
//! implementation ([`reduce_coefficients`], `SerializerFlaw::written`), laid out as
//! `ecdiff_oracles::ark_format` documents the format. `serialization_zoo_rows!` stamps a
//! row's variants.

use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ff::{Field, PrimeField};
use ecdiff_oracles::ark_format::flagged_bytes;
use num_bigint::BigUint;

/// A flaw planted in arkworks' point reading or writing ([`BrokenSerializer`]).
#[derive(Clone, Copy, Debug)]
pub enum SerializerFlaw {
    /// A compressed point's sign flag read the other way round: the larger root for a clear
    /// flag (arkworks' own `Affine::from_random_bytes` did this,
    /// <https://github.com/arkworks-rs/algebra/pull/1037>).
    SignInverted,
    /// `Validate::Yes` checks the curve equation only, not the subgroup.
    ValidateWithoutSubgroupCheck,
    /// `Validate::Yes` checks the subgroup only (ark's check *assuming* the point is on the
    /// curve), not the curve equation: an invalid-curve point passes.
    ValidateWithoutCurveCheck,
    /// The compressed sign flag written from the flagged coordinate's parity (odd: set), SEC 1's
    /// and RFC 8032's rule, where arkworks' is x > −x: a point whose coordinate is odd and
    /// below −coordinate (or even and above) is written as its negative.
    SignByParity,
    /// The uncompressed identity written as all-zero bytes, the EVM's encoding of the point
    /// at infinity: short Weierstrass loses the infinity flag, twisted Edwards writes (0, 0)
    /// for its identity (0, 1).
    IdentityWrittenAsZeros,
    /// Each coefficient's integer reduced mod p before it is read, where arkworks refuses one
    /// ≥ p: x + p reads as x.
    CoordinatesReducedModP,
}

impl SerializerFlaw {
    /// The bug it models, with its public source (a zoo row's `bug`).
    pub const fn bug(self) -> &'static str {
        match self {
            SerializerFlaw::SignInverted => "a compressed point's sign flag read the other way round, the larger root for a clear flag (arkworks' own Affine::from_random_bytes, https://github.com/arkworks-rs/algebra/pull/1037)",
            SerializerFlaw::ValidateWithoutSubgroupCheck => "Validate::Yes checks the curve equation only, not the subgroup (Frontier's EIP-2537 MSM precompiles checked on-curve membership only, https://github.com/polkadot-evm/frontier/pull/1900; on an Edwards curve with cofactor 8, CryptoNote's key images without a subgroup check, the Monero double-spend bug, https://www.getmonero.org/2017/05/17/disclosure-of-a-major-bug-in-cryptonote-based-currencies.html)",
            SerializerFlaw::ValidateWithoutCurveCheck => "Validate::Yes skips the curve equation, so an invalid-curve point passes (go-jose and node-jose's ECDH-ES, https://blog.intothesymmetry.com/2017/03/critical-vulnerability-uncovered-in.html)",
            SerializerFlaw::SignByParity => "the compressed sign flag written from the flagged coordinate's parity — SEC 1's rule for y, RFC 8032's for an Edwards x, RFC 9380's sgn0 (c0 first) for 𝔽ₚ² — where the format's is y > −y, c1 compared first: interoperable encoders disagreeing on the sign convention (https://www.rfc-editor.org/rfc/rfc9380#section-4.1, https://www.rfc-editor.org/rfc/rfc8032#section-5.1.2)",
            SerializerFlaw::IdentityWrittenAsZeros => "the uncompressed identity written as all-zero bytes, the EVM's point at infinity (EIP-196, EIP-2537), not the format's: the infinity flag missing (noble-bls12-381, https://github.com/paulmillr/noble-bls12-381/issues/6; (0, 0) taken for the point at infinity, https://github.com/kroma-network/tachyon/pull/10), or (0, 0) for the Edwards identity (0, 1)",
            SerializerFlaw::CoordinatesReducedModP => "coordinates ≥ p reduced instead of refused, a second encoding of each point (Go IsOnCurve, CVE-2022-23806, https://www.cve.org/CVERecord?id=CVE-2022-23806)",
        }
    }

    /// The input class that triggers it (a zoo row's `trigger`).
    pub const fn trigger(self) -> &'static str {
        match self {
            SerializerFlaw::SignInverted => {
                "op_read_compressed of a point other than the identity and of order > 2"
            }
            SerializerFlaw::ValidateWithoutSubgroupCheck => {
                "validate_yes on an encoding of a point outside the subgroup"
            }
            SerializerFlaw::ValidateWithoutCurveCheck => {
                "validate_yes on an uncompressed pair off the curve"
            }
            SerializerFlaw::SignByParity => {
                "op_write_compressed of a point whose flagged coordinate's parity is not its sign in the format"
            }
            SerializerFlaw::IdentityWrittenAsZeros => "op_write_uncompressed of the identity",
            SerializerFlaw::CoordinatesReducedModP => {
                "coefficient_out_of_range (op_read_uncompressed with validate_no reads it as it is)"
            }
        }
    }

    /// The verdicts that count as catching it (a zoo row's `caught_as`).
    pub const fn caught_as(self) -> &'static [crate::engine::VerdictKind] {
        &[crate::engine::VerdictKind::Mismatch]
    }

    /// `bytes`, a compressed encoding, with the sign flag (bit 7 of the last byte) written from
    /// `coordinate`'s parity ([`SerializerFlaw::SignByParity`]).
    fn sign_by_parity(mut bytes: Vec<u8>, coordinate: &BigUint) -> Vec<u8> {
        use ecdiff_oracles::ark_format::SW_NEGATIVE;
        let last = bytes.len() - 1;
        bytes[last] &= !SW_NEGATIVE;
        if coordinate.bit(0) {
            bytes[last] |= SW_NEGATIVE;
        }
        bytes
    }

    /// What a writer with this flaw writes for a point whose encoding is `bytes`
    /// (`identity`: the point is the group's identity; `parity`: the flagged coordinate's
    /// lowest coefficient).
    fn written(self, bytes: Vec<u8>, compress: bool, identity: bool, parity: &BigUint) -> Vec<u8> {
        match self {
            SerializerFlaw::SignByParity if compress && !identity => {
                SerializerFlaw::sign_by_parity(bytes, parity)
            }
            SerializerFlaw::IdentityWrittenAsZeros if !compress && identity => {
                vec![0; bytes.len()]
            }
            _ => bytes,
        }
    }
}

/// `bytes` with each coefficient's integer reduced mod `p`, its flags kept
/// ([`SerializerFlaw::CoordinatesReducedModP`]). The layout is the format's: one element per
/// entry of `element_flags` (the flag bits its last coefficient carries), each of `degree`
/// coefficients, the integer read from at most the 64-bit words p needs (a flag byte of its
/// own beyond them is left as it is). Bytes past the layout, or a layout cut short, are left
/// as they are.
pub fn reduce_coefficients(
    bytes: &[u8],
    p: &BigUint,
    degree: usize,
    element_flags: &[usize],
) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let words = (p.bits() as usize).div_ceil(64) * 8;
    let mut at = 0;
    for &flag_bits in element_flags {
        for i in 0..degree {
            let flag_bits = if i + 1 == degree { flag_bits } else { 0 };
            let width = flagged_bytes(p, flag_bits);
            let Some(chunk) = out.get_mut(at..at + width) else {
                return out;
            };
            at += width;
            let integer = width.min(words);
            // The flags share the integer's last byte unless they have a byte of their own.
            let mask = if width > words {
                0
            } else {
                !(0xffu8 >> flag_bits)
            };
            let flags = chunk[integer - 1] & mask;
            chunk[integer - 1] &= !mask;
            let mut reduced = (BigUint::from_bytes_le(&chunk[..integer]) % p).to_bytes_le();
            reduced.resize(integer, 0);
            chunk[..integer].copy_from_slice(&reduced);
            chunk[integer - 1] |= flags;
        }
    }
    out
}

/// arkworks' serializer of curve `P` with one [`SerializerFlaw`] planted; everything else is
/// the real adapter's.
pub struct BrokenSerializer<C, P> {
    /// The real serializer.
    pub inner: crate::arkworks::serialization::ArkSerializer<C, P>,
    /// The flaw.
    pub flaw: SerializerFlaw,
}

impl<C, P> BrokenSerializer<C, P>
where
    C: crate::curve::SwGroup,
    C::F: crate::arkworks::coordinates::ArkCoordinate<P::BaseField>
        + ecdiff_oracles::ark_format::FormatField,
    P: SWCurveConfig,
    <P::BaseField as Field>::BasePrimeField: PrimeField,
{
    /// The check of ark's format over `C` with `flaw` planted.
    pub fn check(
        spec: crate::shapes::Spec,
        flaw: SerializerFlaw,
    ) -> crate::shapes::ark_format::ArkFormatCheck<C, Self> {
        crate::arkworks::curve_ops::assert_compatible_sw::<C, P>();
        crate::shapes::ark_format::check(
            spec,
            BrokenSerializer {
                inner: crate::arkworks::serialization::ArkSerializer::new(None),
                flaw,
            },
        )
    }
}

impl<C, P> crate::shapes::ark_format::PointFormat<C> for BrokenSerializer<C, P>
where
    C: crate::curve::SwGroup,
    C::F: crate::arkworks::coordinates::ArkCoordinate<P::BaseField>
        + ecdiff_oracles::ark_format::FormatField,
    P: SWCurveConfig,
    <P::BaseField as Field>::BasePrimeField: PrimeField,
{
    type Model = crate::shapes::ark_format::Weierstrass;

    fn write(&self, p: &ecdiff_oracles::weierstrass::Point<C::F>, compress: bool) -> Vec<u8> {
        use ecdiff_oracles::weierstrass::Point;
        let bytes = self.inner.write(p, compress);
        match p {
            Point::Identity => self.flaw.written(bytes, compress, true, &BigUint::ZERO),
            Point::Affine { y, .. } => {
                let parity = &ecdiff_oracles::field::Field::coeffs(y)[0];
                self.flaw.written(bytes, compress, false, parity)
            }
        }
    }

    fn read(
        &self,
        bytes: &[u8],
        compress: bool,
        validate: bool,
    ) -> Option<ecdiff_oracles::weierstrass::Point<C::F>> {
        use ecdiff_oracles::ark_format::{FormatField, SW_INFINITY, SW_NEGATIVE};
        use ecdiff_oracles::field::Field as _;
        let on_curve = |a: &Affine<P>| a.is_on_curve();
        let unchecked = || {
            let point = <Affine<P> as ark_serialize::CanonicalDeserialize>::deserialize_with_mode(
                bytes,
                crate::arkworks::serialization::compress_mode(compress),
                ark_serialize::Validate::No,
            );
            point.ok()
        };
        let read = |a: Affine<P>| {
            <crate::arkworks::curve_ops::Sw<P> as crate::arkworks::curve_ops::ArkModel<C>>::read_affine(&a)
        };
        match self.flaw {
            SerializerFlaw::SignInverted => {
                let size = <Affine<P> as ark_serialize::CanonicalSerialize>::serialized_size(
                    &Affine::identity(),
                    ark_serialize::Compress::Yes,
                );
                let mut flipped = bytes.to_vec();
                if compress && flipped.len() >= size && flipped[size - 1] & SW_INFINITY == 0 {
                    flipped[size - 1] ^= SW_NEGATIVE;
                }
                self.inner.read(&flipped, compress, validate)
            }
            SerializerFlaw::ValidateWithoutSubgroupCheck if validate => {
                unchecked().filter(|a| a.infinity || on_curve(a)).map(read)
            }
            SerializerFlaw::ValidateWithoutCurveCheck if validate => unchecked()
                .filter(|a| a.infinity || a.is_in_correct_subgroup_assuming_on_curve())
                .map(read),
            SerializerFlaw::CoordinatesReducedModP => {
                let like = &C::instance().curve().b;
                let layout: &[usize] = if compress { &[2] } else { &[0, 2] };
                let reduced =
                    reduce_coefficients(bytes, &like.base_modulus(), like.coeffs().len(), layout);
                self.inner.read(&reduced, compress, validate)
            }
            _ => self.inner.read(bytes, compress, validate),
        }
    }

    fn departure(&self, departure: ecdiff_oracles::ark_format::Departure) -> Option<&'static str> {
        self.inner.departure(departure)
    }
}

/// arkworks' serializer of the twisted Edwards curve `P` with one [`SerializerFlaw`] planted;
/// everything else is the real adapter's.
pub struct BrokenTeSerializer<C, P> {
    /// The real serializer.
    pub inner: crate::arkworks::serialization::ArkTeSerializer<C, P>,
    /// The flaw.
    pub flaw: SerializerFlaw,
}

impl<C, P> BrokenTeSerializer<C, P>
where
    C: crate::curve::twisted_edwards::TeGroup,
    P: ark_ec::twisted_edwards::TECurveConfig,
    P::BaseField: PrimeField,
{
    /// The check of ark's format over `C` with `flaw` planted.
    pub fn check(
        spec: crate::shapes::Spec,
        flaw: SerializerFlaw,
    ) -> crate::shapes::ark_format::ArkFormatCheck<C, Self> {
        crate::arkworks::twisted_edwards::assert_compatible::<C, P>();
        crate::shapes::ark_format::check(
            spec,
            BrokenTeSerializer {
                inner: crate::arkworks::serialization::ArkTeSerializer::new(None),
                flaw,
            },
        )
    }
}

impl<C, P> crate::shapes::ark_format::PointFormat<C> for BrokenTeSerializer<C, P>
where
    C: crate::curve::twisted_edwards::TeGroup,
    P: ark_ec::twisted_edwards::TECurveConfig,
    P::BaseField: PrimeField,
{
    type Model = crate::shapes::ark_format::Edwards;

    fn write(&self, p: &ecdiff_oracles::twisted_edwards::TePoint, compress: bool) -> Vec<u8> {
        use num_traits::{One, Zero};
        let bytes = self.inner.write(p, compress);
        let identity = p.x.value().is_zero() && p.y.value().is_one();
        self.flaw.written(bytes, compress, identity, p.x.value())
    }

    fn read(
        &self,
        bytes: &[u8],
        compress: bool,
        validate: bool,
    ) -> Option<ecdiff_oracles::twisted_edwards::TePoint> {
        use ark_ec::twisted_edwards::Affine as TeAffine;
        let unchecked = || {
            let point = <TeAffine<P> as ark_serialize::CanonicalDeserialize>::deserialize_with_mode(
                bytes,
                crate::arkworks::serialization::compress_mode(compress),
                ark_serialize::Validate::No,
            );
            point.ok()
        };
        let read = |a: TeAffine<P>| ecdiff_oracles::twisted_edwards::TePoint {
            x: crate::arkworks::twisted_edwards::fp::<C, _>(&a.x),
            y: crate::arkworks::twisted_edwards::fp::<C, _>(&a.y),
        };
        match self.flaw {
            SerializerFlaw::SignInverted if compress => {
                let mut flipped = bytes.to_vec();
                let size = <TeAffine<P> as ark_serialize::CanonicalSerialize>::serialized_size(
                    &TeAffine::zero(),
                    ark_serialize::Compress::Yes,
                );
                if flipped.len() >= size {
                    flipped[size - 1] ^= ecdiff_oracles::ark_format::TE_NEGATIVE;
                }
                self.inner.read(&flipped, compress, validate)
            }
            SerializerFlaw::ValidateWithoutSubgroupCheck if validate => {
                unchecked().filter(|a| a.is_on_curve()).map(read)
            }
            SerializerFlaw::ValidateWithoutCurveCheck if validate => unchecked()
                .filter(|a| a.is_in_correct_subgroup_assuming_on_curve())
                .map(read),
            SerializerFlaw::CoordinatesReducedModP => {
                let p = C::instance().edwards().field().modulus();
                let layout: &[usize] = if compress { &[1] } else { &[0, 0] };
                let reduced = reduce_coefficients(bytes, p, 1, layout);
                self.inner.read(&reduced, compress, validate)
            }
            _ => self.inner.read(bytes, compress, validate),
        }
    }

    fn departure(&self, departure: ecdiff_oracles::ark_format::Departure) -> Option<&'static str> {
        self.inner.departure(departure)
    }
}

/// (Used by the dory family's zoo table only, whose feature brings the ark serialization rows.)
///
/// The zoo rows of an ark serialization routine: one per listed [`SerializerFlaw`], named
/// `<routine>__<suffix>`, built by `$broken`, a `fn(Spec, SerializerFlaw) -> Box<dyn
/// DynRoutine>` naming the row's curve. The flaws of every row ([`SerializerFlaw`]'s table of
/// entry points) and the validation flaw that fits its cofactor:
///
/// ```ignore
/// serialization_zoo_rows!("ark_g2_serialization", broken_g2_format,
///     "validate_without_subgroup_check" ValidateWithoutSubgroupCheck)
/// ```
#[cfg(all(not(test), feature = "dory"))]
macro_rules! serialization_zoo_rows {
    ($routine:literal, $broken:expr, $validate_suffix:literal $validate_flaw:ident) => {
        $crate::arkworks::zoo::serialization_zoo_rows!(@each $routine, $broken,
            "sign_inverted" SignInverted,
            "sign_by_parity" SignByParity,
            "identity_written_as_zeros" IdentityWrittenAsZeros,
            "coordinates_reduced_mod_p" CoordinatesReducedModP,
            $validate_suffix $validate_flaw)
    };
    (@each $routine:literal, $broken:expr, $($suffix:literal $flaw:ident),*) => {
        [$($crate::declare::ZooRow {
            name: concat!($routine, "__", $suffix),
            routine: $routine,
            bug: $crate::arkworks::zoo::SerializerFlaw::$flaw.bug(),
            trigger: $crate::arkworks::zoo::SerializerFlaw::$flaw.trigger(),
            caught_as: $crate::arkworks::zoo::SerializerFlaw::$flaw.caught_as(),
            build: |spec| {
                let broken: fn(
                    $crate::shapes::Spec,
                    $crate::arkworks::zoo::SerializerFlaw,
                ) -> Box<dyn $crate::engine::DynRoutine> = $broken;
                broken(spec, $crate::arkworks::zoo::SerializerFlaw::$flaw)
            },
        }),*]
    };
}
#[cfg(all(not(test), feature = "dory"))]
pub(crate) use serialization_zoo_rows;

#[cfg(test)]
mod tests {
    use super::reduce_coefficients;
    use ecdiff_oracles::ark_format::{sw_write, FormatField, SW_NEGATIVE};
    use ecdiff_oracles::curves::{bn254_g1, secp256k1};
    use num_bigint::BigUint;

    /// x + p written in x's place, flags kept.
    fn with_x_plus_p(bytes: &[u8], p: &BigUint, x: &BigUint, width: usize) -> Vec<u8> {
        let mut out = bytes.to_vec();
        let mut le = (x + p).to_bytes_le();
        le.resize(width, 0);
        let flags = out[width - 1] & 0xc0;
        out[..width].copy_from_slice(&le);
        out[width - 1] |= flags;
        out
    }

    /// BN254 G1 (254 bits: the flags in x's last byte): x + p and its flags come back as
    /// the canonical encoding, for a point and its negative; a canonical encoding is left as
    /// it is.
    #[test]
    fn a_coefficient_above_p_is_reduced_with_its_flags_kept() {
        use ecdiff_oracles::field::Field;
        let curve = bn254_g1();
        let p = curve.b.base_modulus();
        // The first k·G past G whose x + p fits x's 254 bits (about a third of them do).
        let (g, x) = (2u32..)
            .map(|k| curve.mul_generator(&BigUint::from(k)))
            .find_map(|g| match &g {
                ecdiff_oracles::weierstrass::Point::Affine { x, .. } => {
                    let x = x.coeffs()[0].clone();
                    (&x + &p < BigUint::from(1u8) << 254).then_some((g, x))
                }
                ecdiff_oracles::weierstrass::Point::Identity => None,
            })
            .expect("a point with a small x");
        let x = &x;
        // One of ±P carries the negative flag beside x (compressed) or y (uncompressed).
        let points = [curve.neg(&g), g];
        for (point, compress) in points.iter().flat_map(|q| [(q, true), (q, false)]) {
            let canonical = sw_write(curve, point, compress);
            let layout: &[usize] = if compress { &[2] } else { &[0, 2] };
            assert_eq!(reduce_coefficients(&canonical, &p, 1, layout), canonical);
            let broken = with_x_plus_p(&canonical, &p, x, 32);
            assert_ne!(broken, canonical);
            assert_eq!(reduce_coefficients(&broken, &p, 1, layout), canonical);
        }
    }

    /// secp256k1 (256 bits: the flags in a 33rd byte of their own): p in x's place reads as
    /// 0 and the flag byte is untouched.
    #[test]
    fn a_flag_byte_of_its_own_is_left_alone() {
        let curve = secp256k1();
        let p = curve.b.base_modulus();
        let mut bytes = p.to_bytes_le();
        bytes.push(SW_NEGATIVE | 1);
        let reduced = reduce_coefficients(&bytes, &p, 1, &[2]);
        assert_eq!(reduced[..32], [0u8; 32]);
        assert_eq!(reduced[32], SW_NEGATIVE | 1);
        // A cut-short input is left as it is.
        assert_eq!(reduce_coefficients(&bytes[..20], &p, 1, &[2]), bytes[..20]);
    }
}
