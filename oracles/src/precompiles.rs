//! Ethereum's elliptic-curve precompiled contracts, written from their specifications: a
//! contract is a function of the input bytes and the gas limit, returning output bytes and the
//! gas used, or a failure that consumes all the gas it was given ([`CallResult`]).
//!
//! - [`ecrecover`] (address 0x01): ECDSA public-key recovery over secp256k1 and the address of
//!   the key (Ethereum Yellow Paper, Appendix E and F; SEC 1 v2 §4.1.6).
//! - [`bn254`] (0x06–0x08): BN254 addition, scalar multiplication and the pairing check
//!   (EIP-196, EIP-197, with EIP-1108's gas).
//! - [`bls12_381`] (0x0b–0x0f): EIP-2537's BLS12-381 additions, MSMs and pairing check, with
//!   their gas schedule.
//! - [`p256verify`]: ECDSA verification over P-256 (RIP-7212 as amended by EIP-7951).
//!
//! The curves are this crate's own ([`crate::curves`]); the hash is [`crate::keccak`]. What a
//! contract reads and refuses is stated in each module, with the rule's source.

pub mod bls12_381;
pub mod bn254;
pub mod ecrecover;
pub mod p256verify;

/// The result of calling a precompiled contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallResult {
    /// The call returned: its output (possibly empty) and the gas it used.
    Success {
        /// The gas the call used.
        gas_used: u64,
        /// The bytes it returned.
        output: Vec<u8>,
    },
    /// The call failed, consuming all the gas it was given.
    Failure(Failure),
}

/// Why a call failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The gas limit is below the call's cost.
    OutOfGas,
    /// A field element's encoding is not below the field's modulus.
    CoordinateOutOfRange,
    /// The bytes a field element's encoding pads with are not zero (EIP-2537's top 16).
    PaddingBytes,
    /// A point is not on the curve (or the twist).
    NotOnCurve,
    /// A point is on the curve but outside the order-r subgroup the contract asks for.
    NotInSubgroup,
    /// The input's length is not one the contract takes.
    InputLength,
}

/// A call that costs `cost`: out of gas below it (the clients charge the cost before the
/// contract runs, so whatever the input), else `run`'s output for `cost` gas or its failure.
pub(crate) fn charged(
    cost: u64,
    gas_limit: u64,
    run: impl FnOnce() -> Result<Vec<u8>, Failure>,
) -> CallResult {
    if gas_limit < cost {
        return CallResult::Failure(Failure::OutOfGas);
    }
    match run() {
        Ok(output) => CallResult::Success {
            gas_used: cost,
            output,
        },
        Err(failure) => CallResult::Failure(failure),
    }
}

/// `bytes` right-padded with zeros to `len`, or cut to it: how a contract with a fixed-size
/// input reads what it is given (Yellow Paper, Appendix E: "the input … padded with zeros").
pub fn fixed_input<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let len = bytes.len().min(N);
    out[..len].copy_from_slice(&bytes[..len]);
    out
}
