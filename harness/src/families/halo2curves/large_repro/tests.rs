//! The `large_repro` module's tests (feature `family-tests`, run by `harness/tests/family_tests.rs`).

use super::*;
use num_traits::One;

/// splitmix64 from seed 0 gives the published first outputs (the reference C code's
/// `next()` from state 0: 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f).
fn splitmix64_matches_its_reference() {
    let mut s = 0;
    assert_eq!(splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
    assert_eq!(splitmix64(&mut s), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(splitmix64(&mut s), 0x06c4_5d18_8009_454f);
}

/// The rewrite keeps an identity and an early repetition where they were, and its logs
/// are those of its points.
fn the_rewrite_keeps_the_structure() {
    use ecdiff_oracles::curves::Bn254G1;
    let c = Bn254G1::instance();
    let curve = c.curve();
    let (rewritten, compact) = {
        let (n, k) = (300usize, BigUint::from(5u8));
        let mut bases: Vec<GenPoint<_>> = (0..n)
            .map(|i| {
                let p = curve.mul(&curve.generator, &(BigUint::from(i) * 7u8 + 3u8));
                let Point::Affine { x, y } = p else {
                    unreachable!("not the identity")
                };
                GenPoint {
                    jac: Jacobian {
                        x,
                        y,
                        z: curve.b.one_like(),
                    },
                    log: BigUint::from(i) * 7u8 + 3u8,
                }
            })
            .collect();
        let mut scalars = vec![k.clone(); n];
        scalars[9] = BigUint::from(11u8);
        bases[200].jac.z = curve.b.zero_like();
        bases[20] = bases[9].clone();
        scalars[20] = scalars[9].clone();
        let (compact, rewritten) = rewrite::<Bn254G1>(&MsmCase { bases, scalars });
        (rewritten, compact)
    };
    assert_eq!(
        compact.edits,
        vec![(20, Edit::CopyOf(9)), (200, Edit::Identity)]
    );
    assert_eq!(rewritten.scalars[20], rewritten.scalars[9]);
    assert!(rewritten.bases[200].jac.z.is_zero());
    for (i, b) in rewritten.bases.iter().enumerate() {
        let p = curve.from_jacobian(&b.jac.x, &b.jac.y, &b.jac.z);
        assert_eq!(p, curve.mul(&curve.generator, &b.log), "base {i}");
    }
    assert!(rewritten.bases[0].log.is_one());
}

crate::declare::unit_tests![
    splitmix64_matches_its_reference,
    the_rewrite_keeps_the_structure
];
