//! The scan with the first stage and the blocks' masks held to the scan
//! without them (issue 44): for the tests and the `find` fuzz target
//! (through `xiri::find_stage_check`, the `internals` feature).

use super::scan::Scan;
use super::Options;
use crate::syntax::grammar::Grammar;
use crate::GenericSyntax;
use xiri_engine::marks::Marks;

/// What one identifier found is: where it starts, how long its text is,
/// the reference's text when it is not that text, and its marks.
type Hit = (usize, usize, Option<String>, Marks);

/// Every identifier `scan` finds.
fn hits<S: GenericSyntax>(mut scan: Scan<'_>) -> Vec<Hit> {
    let mut found = Vec::new();
    while let Some(f) = scan.next_hit::<S>() {
        let joined = f.joined.as_deref().map(str::to_string);
        found.push((f.start, f.text.len(), joined, f.marks));
    }
    found
}

/// The identifiers of `text` in `S`, found with the first stage asked
/// first and the blocks' masks read (as [`find_with`](super::find_with)
/// does) and with the automaton's walk, memchr and the scheme read back a
/// byte at a time: their number when the two agree on every
/// span, joined text and marks, a description of the difference if not.
fn agree<S: GenericSyntax>(text: &str, grammar: Grammar, www: bool) -> Result<usize, String> {
    let scan = Scan::new(text, Options::default().with_www(www), grammar, false);
    let staged = hits::<S>(scan.clone());
    let walked = hits::<S>(scan.without_stage());
    if staged == walked {
        Ok(staged.len())
    } else {
        Err(format!(
            "{grammar} (www {www}) {text:?}: with the stage {staged:?}, the walk alone {walked:?}"
        ))
    }
}

/// [`agree`] in URI, IRI and LEIRI syntax, with and without `www.` hosts:
/// how many identifiers were found in all, or the first difference.
pub(crate) fn stage_check(text: &str) -> Result<usize, String> {
    let mut found = 0;
    for www in [false, true] {
        found += agree::<crate::Rfc3986>(text, Grammar::Uri, www)?;
        found += agree::<crate::Rfc3987>(text, Grammar::Iri, www)?;
        found += agree::<crate::LeiriNote>(text, Grammar::Leiri, www)?;
    }
    Ok(found)
}
