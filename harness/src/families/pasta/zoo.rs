//! Deliberately broken subjects of the Pasta rows (feature `zoo`): every entry point of the
//! group law and of the three wNAF forms with a generic planted flaw
//! ([`crate::zkgroup::planted`], written with the `group` traits alone), the others
//! pasta_curves' own.

use crate::curve::declared::{Pallas, Vesta};
use crate::declare::ZooRow;
use crate::zkgroup::planted::{group_law_zoo_rows, wnaf_zoo_rows};
use crate::zkgroup::{v014, XLittleEndianSignBit};

const PALLAS_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("pasta_pallas_group_law", |s, f| {
    Box::new(v014::planted_group_law::<
        pasta_curves::pallas::Point,
        Pallas,
        _,
    >(s, XLittleEndianSignBit, f))
});
const VESTA_GROUP_LAW: [ZooRow; 12] = group_law_zoo_rows!("pasta_vesta_group_law", |s, f| {
    Box::new(v014::planted_group_law::<
        pasta_curves::vesta::Point,
        Vesta,
        _,
    >(s, XLittleEndianSignBit, f))
});
const PALLAS_WNAF: [ZooRow; 3] = wnaf_zoo_rows!(
    "pasta_pallas_wnaf",
    |s, f| Box::new(v014::planted_wnaf_group::<
        pasta_curves::pallas::Point,
        Pallas,
        _,
    >(s, XLittleEndianSignBit, f)),
    carry_not_propagated,
    [windowed, fixed_scalar, fixed_base]
);
const VESTA_WNAF: [ZooRow; 3] = wnaf_zoo_rows!(
    "pasta_vesta_wnaf",
    |s, f| Box::new(v014::planted_wnaf_group::<
        pasta_curves::vesta::Point,
        Vesta,
        _,
    >(s, XLittleEndianSignBit, f)),
    carry_not_propagated,
    [windowed, fixed_scalar, fixed_base]
);

/// The family's zoo tables.
pub(super) const TABLES: &[&[ZooRow]] = &[
    &PALLAS_GROUP_LAW,
    &VESTA_GROUP_LAW,
    &PALLAS_WNAF,
    &VESTA_WNAF,
];
