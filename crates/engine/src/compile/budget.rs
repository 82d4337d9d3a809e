//! What the NFA builder (`nfa.rs`) refuses a rule for, and the counts
//! behind it, in one place for the builder and for `measure.rs`, which
//! counts what the builder would build.

use super::error::CompileError;
use abnf_oracle::Repeat;

/// How many NFA states a rule may take before it is refused as too large.
pub(super) const STATE_BUDGET: usize = 400_000;

/// How deep the construction may recurse (nested groups and inlined rule
/// references, each a level): the built-in grammars need 32 at most (the
/// test in `nfa.rs`), and a rule deeper than this, as a chain of thousands of
/// rules each using the next, is refused as too large rather than
/// overflowing the stack; the Earley parser decides it then.
pub(super) const MAX_DEPTH: usize = 256;

/// How many copies of its body a repetition may make.
pub(super) const MAX_COPIES: u64 = 10_000;

/// How many optional copies of its body a repetition makes after the
/// `min` it must.
pub(super) fn optional_copies(repeat: &Repeat) -> u64 {
    match repeat.max {
        Some(max) => max.saturating_sub(repeat.min),
        None => 0,
    }
}

/// Why a rule is refused past [`STATE_BUDGET`].
pub(super) fn too_many_states() -> CompileError {
    CompileError::TooLarge(format!("more than {STATE_BUDGET} NFA states"))
}

/// Why a rule is refused past [`MAX_DEPTH`].
pub(super) fn nested_too_deep() -> CompileError {
    CompileError::TooLarge(format!(
        "groups and rule references nested more than {MAX_DEPTH} deep"
    ))
}

/// Why a rule is refused for a repetition of more than [`MAX_COPIES`].
pub(super) fn repeated_too_often(repeat: &Repeat) -> CompileError {
    CompileError::TooLarge(format!(
        "a repetition of {} to {:?}",
        repeat.min, repeat.max
    ))
}
