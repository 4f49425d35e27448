//! tari_bulletproofs_plus 0.5.3: Bulletproofs+ range proofs over ristretto255, batch
//! verification (`RangeProof::verify_batch`) with its three `VerifyAction`s, and proof
//! (de)serialization.
//!
//! # The proof pool
//!
//! Ground truth is ecdiff's own: it creates the proofs, so it knows which are valid and which
//! masks (blinding factors) they carry. Creating a proof costs milliseconds, so [`pool`]
//! builds a fixed set once per process from a fixed `ChaCha12Rng` seed (rand_core 0.10, the
//! version `prove_with_rng` takes), and cases draw from it: a case is a list of pool indices
//! plus the edits that make some entries invalid. The pool holds, per [`Family`] (one
//! bit length and extension degree, so that its proofs can share a batch):
//!
//! * seeded single-commitment proofs (mask recovery needs a seed nonce and one commitment),
//!   with values 0, 2ⁿ − 1 and random ones, and minimum value promises None, v/3 and v;
//! * aggregated proofs (2, 4 or 8 commitments);
//! * for some families, a proof made under *foreign* Pedersen generators (another H base).
//!
//! Every family also holds a second `RangeParameters` built separately with the same
//! arguments (identical generators, another precomputation `Arc`: tari's element-wise
//! comparison path) and one with twice the aggregation capacity (the same generator chains,
//! longer: accepted by tari's prefix comparison).
//!
//! # Cost estimates
//!
//! tari picks the final multiscalar multiplication by two private estimates
//! (`range_proof.rs:88-122`), recomputed here exactly ([`estimate_straus_cost`],
//! [`estimate_pippenger_cost`], [`chunk_uses_pippenger`]) so that cases can be placed on both
//! sides of the crossover ([`first_pippenger_batch`]).

use crate::engine::Outcome;
use crate::families::curve25519::edwards::order;
use crate::families::curve25519::tari::batch_verify::{
    Action, Entry, MaskSlot, MaskValue, Mode, ParamsChoice, TariCase, TariOutput,
};
use crate::families::curve25519::tari::parts::layout;
use crate::families::curve25519::tari::Reserialized;
use crate::paths::{self, Side};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand_chacha_010::ChaCha12Rng;
use rand_core_010::{Rng, SeedableRng};
use std::sync::{Arc, OnceLock};
use tari_bulletproofs_plus::commitment_opening::CommitmentOpening;
use tari_bulletproofs_plus::errors::ProofError;
use tari_bulletproofs_plus::extended_mask::ExtendedMask;
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::{RangeProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::range_witness::RangeWitness;
use tari_bulletproofs_plus::ristretto::{
    create_pedersen_gens_with_extension_degree, RistrettoRangeProof,
};
use tari_bulletproofs_plus::PedersenGens;
use tari_merlin::Transcript;

/// The crate and version every adapter here tests.
pub const TARI: &str = "tari_bulletproofs_plus 0.5.3";

/// The transcript label every pool proof is created with.
pub const PROVE_LABEL: &[u8] = b"ecdiff bulletproofs+ range proof";
/// A different label, for the transcript-mismatch tampering class.
pub const OTHER_LABEL: &[u8] = b"ecdiff bulletproofs+ other label";

/// The aggregation capacity of every family's parameters.
pub const MAX_AGG: usize = 8;

/// tari's chunk size (`MAX_RANGE_PROOF_BATCH_SIZE`, `range_proof.rs:77`): a batch is verified
/// in chunks of this many proofs, each with its own final check.
pub const CHUNK: usize = 256;

/// Parameters over ristretto255.
pub type Params = RangeParameters<RistrettoPoint>;

/// One bit length and extension degree, and the parameters its proofs use.
pub struct Family {
    /// Bits per value (a power of two, 1..=64).
    pub bits: usize,
    /// Number of blinding bases (1..=6).
    pub ext: usize,
    /// The parameters the family's proofs were created with (capacity [`MAX_AGG`]).
    pub params: Params,
    /// The same arguments, built separately: identical generators, another `Arc`.
    pub twin: Params,
    /// Twice the aggregation capacity: the same generator chains, longer.
    pub wide: Params,
    /// Parameters with another H base (foreign Pedersen generators).
    pub foreign: Option<Params>,
    /// Pool indices of the proofs made with `params`.
    pub proofs: Vec<usize>,
    /// Pool indices of the proofs made with `foreign`.
    pub foreign_proofs: Vec<usize>,
}

/// One proof of the pool, with everything known about its creation.
pub struct PoolProof {
    /// Its family (index into [`Pool::families`]).
    pub family: usize,
    /// Whether it was made under the family's foreign generators.
    pub foreign: bool,
    /// The proof.
    pub proof: RistrettoRangeProof,
    /// Its bytes in the documented layout, laid out by ecdiff from the proof's parts
    /// ([`layout`]), not by tari's `to_bytes`.
    pub bytes: Vec<u8>,
    /// The commitments.
    pub commitments: Vec<RistrettoPoint>,
    /// The committed values.
    pub values: Vec<u64>,
    /// The minimum value promises it was made for.
    pub promises: Vec<Option<u64>>,
    /// The seed nonce (single-commitment proofs only).
    pub seed: Option<Scalar>,
    /// The blinding factors of the (single) commitment: the mask recovery must return these.
    pub mask: Option<Vec<Scalar>>,
}

impl PoolProof {
    /// The number of commitments (the aggregation factor).
    pub fn agg(&self) -> usize {
        self.commitments.len()
    }

    /// log₂(commitments × bits): the number of L/R pairs.
    pub fn rounds(&self, bits: usize) -> usize {
        (self.agg() * bits).trailing_zeros() as usize
    }

    /// Whether the proof travels as bytes: a 1-bit single-commitment proof has no L/R pair and
    /// does not survive `from_bytes(to_bytes())` (a known gap, see `tari_proof_from_bytes`).
    pub fn has_bytes(&self, bits: usize) -> bool {
        self.rounds(bits) > 0
    }
}

/// The proofs and families, built once.
pub struct Pool {
    /// The families.
    pub families: Vec<Family>,
    /// The proofs.
    pub proofs: Vec<PoolProof>,
}

/// (bits, extension degree, single-commitment proofs, aggregation factors, foreign proofs).
const FAMILIES: &[(usize, usize, usize, &[usize], usize)] = &[
    (64, 1, 4, &[2, 4], 1),
    (64, 6, 2, &[2], 1),
    (32, 2, 2, &[4], 1),
    (16, 3, 2, &[2, 8], 1),
    (8, 4, 2, &[4, 8], 1),
    (4, 5, 2, &[2], 1),
    (2, 6, 2, &[4], 1),
    (1, 1, 2, &[2, 8], 1),
];

fn random_scalar(rng: &mut ChaCha12Rng) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

fn params(bits: usize, max_agg: usize, pc: PedersenGens<RistrettoPoint>) -> Params {
    RangeParameters::init(bits, max_agg, pc).expect("valid range parameters")
}

/// The family's standard Pedersen generators.
fn pedersen(ext: usize) -> PedersenGens<RistrettoPoint> {
    create_pedersen_gens_with_extension_degree(
        ExtensionDegree::try_from(ext).expect("extension degree 1..=6"),
    )
}

/// Foreign generators: the standard ones with H = 2·B.
fn foreign_pedersen(ext: usize) -> PedersenGens<RistrettoPoint> {
    let mut pc = pedersen(ext);
    pc.h_base = pc.h_base + pc.h_base;
    pc.h_base_compressed = pc.h_base.compress();
    pc
}

fn prove(
    rng: &mut ChaCha12Rng,
    params: &Params,
    values: &[u64],
    promises: &[Option<u64>],
    seeded: bool,
) -> (
    RistrettoRangeProof,
    Vec<RistrettoPoint>,
    Option<Scalar>,
    Vec<Vec<Scalar>>,
) {
    let ext = params.extension_degree() as usize;
    let blindings: Vec<Vec<Scalar>> = values
        .iter()
        .map(|_| (0..ext).map(|_| random_scalar(rng)).collect())
        .collect();
    let commitments: Vec<RistrettoPoint> = values
        .iter()
        .zip(&blindings)
        .map(|(v, r)| {
            params
                .pc_gens()
                .commit(&Scalar::from(*v), r)
                .expect("commitment")
        })
        .collect();
    let seed = seeded.then(|| random_scalar(rng));
    let statement =
        RangeStatement::init(params.clone(), commitments.clone(), promises.to_vec(), seed)
            .expect("valid statement");
    let witness = RangeWitness::init(
        values
            .iter()
            .zip(&blindings)
            .map(|(v, r)| CommitmentOpening::new(*v, r.clone()))
            .collect(),
    )
    .expect("valid witness");
    let proof =
        RangeProof::prove_with_rng(&mut Transcript::new(PROVE_LABEL), &statement, &witness, rng)
            .expect("proving a valid witness");
    (proof, commitments, seed, blindings)
}

fn random_value(rng: &mut ChaCha12Rng, bits: usize) -> u64 {
    let v = rng.next_u64();
    if bits == 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

fn build_pool() -> Pool {
    let mut rng = ChaCha12Rng::seed_from_u64(0xecd1_7a21);
    let mut families = Vec::new();
    let mut proofs: Vec<PoolProof> = Vec::new();
    for (f, &(bits, ext, singles, aggs, foreign)) in FAMILIES.iter().enumerate() {
        let family_params = params(bits, MAX_AGG, pedersen(ext));
        let foreign_params = (foreign > 0).then(|| params(bits, MAX_AGG, foreign_pedersen(ext)));
        let max = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let mut make = |rng: &mut ChaCha12Rng,
                        params: &Params,
                        values: Vec<u64>,
                        promises: Vec<Option<u64>>,
                        seeded: bool,
                        foreign: bool|
         -> usize {
            let (proof, commitments, seed, blindings) =
                prove(rng, params, &values, &promises, seeded);
            let bytes = layout(&proof);
            proofs.push(PoolProof {
                family: f,
                foreign,
                proof,
                bytes,
                commitments,
                values,
                promises,
                seed,
                mask: seeded.then(|| blindings[0].clone()),
            });
            proofs.len() - 1
        };
        let mut own = Vec::new();
        for i in 0..singles {
            let v = match i {
                0 => 0,
                1 => max,
                _ => random_value(&mut rng, bits),
            };
            let promise = match i % 4 {
                0 => None,
                1 => Some(v),
                2 => Some(v / 3),
                _ => None,
            };
            own.push(make(
                &mut rng,
                &family_params,
                vec![v],
                vec![promise],
                true,
                false,
            ));
        }
        for &agg in aggs {
            let values: Vec<u64> = (0..agg).map(|_| random_value(&mut rng, bits)).collect();
            let promises = values
                .iter()
                .enumerate()
                .map(|(j, v)| (j % 2 == 1).then_some(v / 2))
                .collect();
            own.push(make(
                &mut rng,
                &family_params,
                values,
                promises,
                false,
                false,
            ));
        }
        let mut foreign_proofs = Vec::new();
        if let Some(fp) = &foreign_params {
            for _ in 0..foreign {
                let v = random_value(&mut rng, bits);
                foreign_proofs.push(make(&mut rng, fp, vec![v], vec![None], true, true));
            }
        }
        families.push(Family {
            bits,
            ext,
            twin: params(bits, MAX_AGG, pedersen(ext)),
            wide: params(bits, 2 * MAX_AGG, pedersen(ext)),
            params: family_params,
            foreign: foreign_params,
            proofs: own,
            foreign_proofs,
        });
    }
    Pool { families, proofs }
}

/// The proof pool (built on first use, deterministically).
pub fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(build_pool)
}

/// tari's Straus estimate, `estimate_straus_cost` (`range_proof.rs:99`): 256 doublings, ~29
/// additions per static scalar (width-8 NAF), ~51 per dynamic point (table + width-5 NAF).
pub fn estimate_straus_cost(static_count: usize, dynamic_count: usize) -> usize {
    256usize
        .saturating_add(static_count.saturating_mul(29))
        .saturating_add(dynamic_count.saturating_mul(51))
}

/// tari's Pippenger estimate, `estimate_pippenger_cost` (`range_proof.rs:110`):
/// (256/w + 1)·(n + buckets) + 256 with (w, buckets) = (6, 32), (7, 64) from 500, (8, 128)
/// from 800.
pub fn estimate_pippenger_cost(size: usize) -> usize {
    let (window, buckets) = if size < 500 {
        (6usize, 32usize)
    } else if size < 800 {
        (7, 64)
    } else {
        (8, 128)
    };
    (256 / window + 1)
        .saturating_mul(size.saturating_add(buckets))
        .saturating_add(256)
}

/// The shape of one statement in a chunk: (commitments, bits).
pub type Shape = (usize, usize);

/// The (static, dynamic) point counts tari's final check of one chunk has: static = 2·max mn
/// (the interleaved Gi/Hi), dynamic = ext + 1 + Σ (commitments + 3 + 2·log₂ mn)
/// (`range_proof.rs:843-853, 1116-1118`).
pub fn chunk_counts(shapes: &[Shape], ext: usize) -> (usize, usize) {
    let max_mn = shapes.iter().map(|&(c, b)| c * b).max().unwrap_or(0);
    let dynamic = shapes.iter().fold(ext + 1, |acc, &(c, b)| {
        acc + c + 3 + 2 * (c * b).trailing_zeros() as usize
    });
    (2 * max_mn, dynamic)
}

/// Whether tari's final check of a chunk of these shapes runs Pippenger (the plain
/// `vartime_multiscalar_mul` over all points) rather than precomputed Straus.
pub fn chunk_uses_pippenger(shapes: &[Shape], ext: usize) -> bool {
    let (st, dy) = chunk_counts(shapes, ext);
    estimate_pippenger_cost(st + dy) < estimate_straus_cost(st, dy)
}

/// The smallest batch of `k` statements of one shape that takes the Pippenger path (`None`
/// if no batch up to one chunk does).
pub fn first_pippenger_batch(shape: Shape, ext: usize) -> Option<usize> {
    (1..=CHUNK).find(|&k| chunk_uses_pippenger(&vec![shape; k], ext))
}

/// The byte offset of proof element `i` (d1 scalars first, then A, A1, B, r1, s1, L/R pairs).
pub fn element_offset(i: usize) -> usize {
    1 + 32 * i
}

/// The canonical scalar encoded by `bytes`, plus one (for the scalar-bump classes).
pub fn scalar_bytes_add_one(bytes: &[u8]) -> [u8; 32] {
    let s: [u8; 32] = bytes.try_into().expect("32 bytes");
    let v = Scalar::from_canonical_bytes(s);
    let v: Scalar = Option::from(v).expect("a canonical scalar");
    (v + Scalar::ONE).to_bytes()
}

/// A non-canonical ristretto255 encoding: s + p for s = 0 (the identity, written as p).
pub fn noncanonical_point() -> [u8; 32] {
    let p = ecdiff_oracles::curves::ed25519_fp().modulus();
    let mut out = [0u8; 32];
    let b = p.to_bytes_le();
    out[..b.len()].copy_from_slice(&b);
    out
}

/// ℓ + 1 as 32 bytes: a non-canonical scalar encoding.
pub fn noncanonical_scalar() -> [u8; 32] {
    let mut out = [0u8; 32];
    let b = (order() + 1u8).to_bytes_le();
    out[..b.len()].copy_from_slice(&b);
    out
}

/// A valid ristretto255 point encoding other than `not` (for the point-replacement class).
pub fn other_point(not: &[u8], k: u64) -> [u8; 32] {
    let p = RistrettoPoint::mul_base(&Scalar::from(k + 2));
    let b = p.compress().to_bytes();
    if b[..] == not[..] {
        (p + p).compress().to_bytes()
    } else {
        b
    }
}

/// A verifier of batches (tari's `verify_batch`, or a broken one from the bug zoo).
pub trait BatchVerifier: Send + Sync + 'static {
    /// `RangeProof::verify_batch` semantics.
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError>;
}

/// tari's own `RangeProof::verify_batch`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tari;

impl BatchVerifier for Tari {
    fn verify_batch(
        &self,
        transcripts: &mut [Transcript],
        statements: &[RangeStatement<RistrettoPoint>],
        proofs: &[RistrettoRangeProof],
        action: VerifyAction,
    ) -> Result<Vec<Option<ExtendedMask>>, ProofError> {
        RangeProof::verify_batch(transcripts, statements, proofs, action)
    }
}

/// tari's `VerifyAction` for a case's action.
pub fn verify_action(action: Action) -> VerifyAction {
    match action {
        Action::VerifyOnly => VerifyAction::VerifyOnly,
        Action::RecoverAndVerify => VerifyAction::RecoverAndVerify,
        Action::RecoverOnly => VerifyAction::RecoverOnly,
    }
}

/// Whether two parameters share their precomputation `Arc` (what tari's
/// `shares_generator_data` checks; that method is crate-private, `precomp()` is public).
pub fn shares_precomputation(a: &Params, b: &Params) -> bool {
    Arc::ptr_eq(&a.precomp(), &b.precomp())
}

/// A mask as the bytes of its blinding factors.
pub fn mask_bytes(mask: &ExtendedMask) -> Vec<[u8; 32]> {
    mask.blindings()
        .map(|b| b.iter().map(Scalar::to_bytes).collect())
        .unwrap_or_default()
}

/// `RangeProof::from_bytes`, its result read two ways: laid out from its parts by ecdiff and
/// written by tari's `to_bytes`.
pub fn reserialize(bytes: &[u8]) -> Result<Reserialized, String> {
    paths::under_test(Side::In, "tari::RangeProof::from_bytes");
    let proof = RistrettoRangeProof::from_bytes(bytes).map_err(|e| e.to_string())?;
    paths::under_test(Side::Out, "tari::RangeProof::to_bytes");
    paths::conversion(Side::Out, "tari::RangeProof::debug");
    Ok(Reserialized {
        parsed: layout(&proof),
        written: proof.to_bytes(),
    })
}

/// The parameters an entry's statement uses.
fn entry_params(pool: &Pool, family: usize, choice: ParamsChoice) -> Params {
    let fam = &pool.families[family];
    match choice {
        ParamsChoice::Standard => fam.params.clone(),
        ParamsChoice::Twin => fam.twin.clone(),
        ParamsChoice::Wide => fam.wide.clone(),
        ParamsChoice::Foreign => fam
            .foreign
            .clone()
            .expect("the family has foreign parameters"),
        ParamsChoice::OtherFamily(g) => pool.families[g].params.clone(),
    }
}

/// Builds the transcripts, statements and proofs of `entries` (proofs through `from_bytes`
/// unless passed in memory) and runs `verifier` on them; masks come back as bytes.
pub fn verify_entries(
    verifier: &dyn BatchVerifier,
    pool: &Pool,
    family: usize,
    entries: &[Entry],
    action: Action,
) -> Result<Vec<MaskSlot>, String> {
    let mut transcripts = Vec::with_capacity(entries.len());
    let mut statements = Vec::with_capacity(entries.len());
    let mut proofs = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let p = &pool.proofs[e.proof];
        let proof = match &e.bytes {
            Some(b) => RistrettoRangeProof::from_bytes(b)
                .map_err(|err| format!("from_bytes of proof {i}: {err}"))?,
            None => p.proof.clone(),
        };
        let seed = e.seed.map(|s| {
            Option::<Scalar>::from(Scalar::from_canonical_bytes(s)).expect("a canonical seed")
        });
        let statement = RangeStatement::init(
            entry_params(pool, family, e.params),
            p.commitments.clone(),
            e.promises.clone(),
            seed,
        )
        .map_err(|err| format!("statement {i}: {err}"))?;
        transcripts.push(Transcript::new(e.label));
        statements.push(statement);
        proofs.push(proof);
    }
    let masks = verifier
        .verify_batch(
            &mut transcripts,
            &statements,
            &proofs,
            verify_action(action),
        )
        .map_err(|e| e.to_string())?;
    Ok(masks
        .iter()
        .map(|m| match m {
            None => MaskSlot::NoMask,
            Some(m) => MaskSlot::Mask(mask_bytes(m).into_iter().map(MaskValue::Exact).collect()),
        })
        .collect())
}

/// Runs a tari case: the batch's masks or rejection, or (batch-vs-single) the batch verdict
/// and each proof's verdict alone.
pub fn run(
    verifier: &dyn BatchVerifier,
    pool: &Pool,
    case: &TariCase,
    mode: Mode,
) -> Outcome<TariOutput> {
    match mode {
        Mode::BatchVsSingle => {
            let ok = |entries: &[Entry]| {
                verify_entries(verifier, pool, case.family, entries, case.action).is_ok()
            };
            Outcome::Value(TariOutput::Verdicts {
                batch: ok(&case.entries),
                singles: case
                    .entries
                    .iter()
                    .map(|e| ok(std::slice::from_ref(e)))
                    .collect(),
            })
        }
        _ => match verify_entries(verifier, pool, case.family, &case.entries, case.action) {
            Ok(masks) => Outcome::Value(TariOutput::Masks(masks)),
            Err(e) => Outcome::Rejected(e),
        },
    }
}

#[cfg(feature = "family-tests")]
pub(crate) mod tests;
