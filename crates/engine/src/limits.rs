//! The bounds of a run with calls: how deep its brackets nest and how
//! many readings it follows at once. They keep the run linear in its
//! input and its readings inline (`reading.rs`, `calls/`); the compiler
//! holds an automaton's own depth to them (`compile/`).

/// How deep a run with calls nests at most, whatever the automaton's
/// `max_depth` says (`Options::with_max_depth`): the library's own limit.
/// A reading is copied whole where the readings part, so its stack is
/// kept small enough (68 bytes a reading) to be copied inline.
///
/// ```
/// assert_eq!(xiri_engine::MAX_CALL_DEPTH, 32);
/// ```
pub const MAX_CALL_DEPTH: usize = 32;

/// How many readings a run with calls follows at once. Readings part
/// only where a bracket byte may be a bracket and data alike, and the
/// built-in rules never have more than two; a grammar whose brackets are
/// also data can part them at every bracket, until their number, each a
/// state and a stack, grows past any bound. A run that would follow more
/// gives up where they part, as for a bracket nested too deep
/// ([`Refusal::too_deep`](crate::refusal::Refusal::too_deep)), and each
/// byte costs at most this many readings' steps, so the run stays
/// linear in its input (docs/DECISIONS.md, "Readings of a run with
/// calls").
pub(crate) const MAX_READINGS: usize = 64;
