//! The `group`-trait rows' variants (blstrs 0.7 through `group` 0.13, zkcrypto's bls12_381
//! through 0.14, G1 and G2): every entry point of the group law and of the wNAF forms with
//! a generic planted flaw ([`crate::zkgroup::planted`]), one row each.

use crate::declare::ZooRow;
use crate::zkgroup::planted::{group_law_zoo_rows, wnaf_zoo_rows};
use crate::zkgroup::{v013, v014, ZcashCompressed};
use ecdiff_oracles::bls12_381::{Bls12381G1, Bls12381G2};

const BLSTRS_G1_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("blstrs_g1_group_law", |s, f| {
    Box::new(v013::planted_group_law::<blstrs::G1Projective, Bls12381G1, _>(s, ZcashCompressed, f))
});
const BLSTRS_G2_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("blstrs_g2_group_law", |s, f| {
    Box::new(v013::planted_group_law::<blstrs::G2Projective, Bls12381G2, _>(s, ZcashCompressed, f))
});
const ZKCRYPTO_G1_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("zkcrypto_g1_group_law", |s, f| {
    Box::new(v014::planted_group_law::<
        bls12_381::G1Projective,
        Bls12381G1,
        _,
    >(s, ZcashCompressed, f))
});
const ZKCRYPTO_G2_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("zkcrypto_g2_group_law", |s, f| {
    Box::new(v014::planted_group_law::<
        bls12_381::G2Projective,
        Bls12381G2,
        _,
    >(s, ZcashCompressed, f))
});

const BLSTRS_G1_WNAF: [ZooRow; 3] = wnaf_zoo_rows!(
    "blstrs_g1_wnaf",
    |s, f| Box::new(v013::planted_wnaf_group::<
        blstrs::G1Projective,
        Bls12381G1,
        _,
    >(s, ZcashCompressed, f)),
    carry_dropped_at_num_bits,
    [windowed, fixed_scalar, fixed_base]
);
const BLSTRS_G2_WNAF: [ZooRow; 3] = wnaf_zoo_rows!(
    "blstrs_g2_wnaf",
    |s, f| Box::new(v013::planted_wnaf_group::<
        blstrs::G2Projective,
        Bls12381G2,
        _,
    >(s, ZcashCompressed, f)),
    carry_dropped_at_num_bits,
    [windowed, fixed_scalar, fixed_base]
);
const ZKCRYPTO_G1_WNAF: [ZooRow; 3] = wnaf_zoo_rows!(
    "zkcrypto_g1_wnaf",
    |s, f| Box::new(v014::planted_wnaf_group::<
        bls12_381::G1Projective,
        Bls12381G1,
        _,
    >(s, ZcashCompressed, f)),
    carry_dropped_at_num_bits,
    [windowed, fixed_scalar, fixed_base]
);
const ZKCRYPTO_G2_WNAF: [ZooRow; 3] = wnaf_zoo_rows!(
    "zkcrypto_g2_wnaf",
    |s, f| Box::new(v014::planted_wnaf_group::<
        bls12_381::G2Projective,
        Bls12381G2,
        _,
    >(s, ZcashCompressed, f)),
    carry_dropped_at_num_bits,
    [windowed, fixed_scalar, fixed_base]
);

/// The tables of the trait rows.
pub(super) const TABLES: [&[ZooRow]; 8] = [
    &BLSTRS_G1_GROUP_LAW,
    &BLSTRS_G2_GROUP_LAW,
    &ZKCRYPTO_G1_GROUP_LAW,
    &ZKCRYPTO_G2_GROUP_LAW,
    &BLSTRS_G1_WNAF,
    &BLSTRS_G2_WNAF,
    &ZKCRYPTO_G1_WNAF,
    &ZKCRYPTO_G2_WNAF,
];
