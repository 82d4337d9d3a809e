//! The stage held to the walk, for the tests and the fuzz target.

use super::super::{Authority, XriRef};
use super::{derive, read, reference, K, LONGEST};
use crate::syntax::components::Span;
use std::sync::LazyLock;

/// The classified sets as bytes, and `HEXDIG`.
type Bytes = ([[bool; 256]; K], [bool; 256]);

type Parts = (bool, Option<Authority>, Span, Option<Span>, Option<Span>);

fn parts(x: &XriRef) -> Parts {
    (x.prefix, x.authority, x.path, x.query, x.fragment)
}

/// The classified sets as bytes, for the masks a byte at a time, and
/// `HEXDIG`.
static SETS: LazyLock<Option<Bytes>> = LazyLock::new(|| {
    let derived = derive::derived()?;
    Some((derive::classified(&derived), *derived.last()?))
});

/// The masks of `input`'s first 128 bytes a byte at a time, from the
/// sets as bytes, always as `u128` (the stage reads an input of one block
/// with `u64`): the way the vector ways are held to.
fn portable(input: &str) -> Option<[u128; K]> {
    let (sets, _) = SETS.as_ref()?;
    let mut m = [0u128; K];
    for (i, &b) in input.as_bytes().iter().enumerate().take(LONGEST) {
        for (mask, set) in m.iter_mut().zip(sets) {
            *mask |= u128::from(set.get(usize::from(b)).copied().unwrap_or(false)) << i;
        }
    }
    Some(m)
}

/// The stage's answer on `input` against the walk's: `Ok(true)` when the
/// stage takes it, with the walk's components, by the vector masks and
/// by the masks classified a byte at a time alike; `Ok(false)` when both
/// leave it to the walk; a description of the difference otherwise.
pub(crate) fn check(input: &str) -> Result<bool, String> {
    let staged = reference(input);
    let by_bytes = match (portable(input), SETS.as_ref()) {
        (Some(m), Some((_, hex))) if input.len() <= LONGEST && !input.is_empty() => {
            read(input, &m, hex)
        }
        _ => None,
    };
    if staged.as_ref().map(parts) != by_bytes.as_ref().map(parts) {
        return Err(format!("{input:?}: the vector and portable masks differ"));
    }
    match (staged, XriRef::walk(input)) {
        (None, _) => Ok(false),
        (Some(s), Ok(w)) if parts(&s) == parts(&w) => Ok(true),
        (Some(s), w) => Err(format!(
            "{input:?}: the stage gives {:?}, the walk {:?}",
            parts(&s),
            w.map(|w| parts(&w))
        )),
    }
}
