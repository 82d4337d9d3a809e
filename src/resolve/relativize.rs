//! Relativization, the inverse of resolution: the shortest reference from
//! a base to a target, tried against resolution so that it is right by
//! construction (docs/DECISIONS.md, "Relativization").

use super::{remove_dot_segments, Parts, Slashes};
use crate::syntax::reference::{Absolute, AsAbsolute, Reference, ReferenceBuf};
use crate::syntax::GenericSyntax;

/// The candidates for a reference from `base` to `target`; the caller keeps
/// the shortest that parses and resolves back to the
/// target. The last candidate is the target itself, which always does.
pub(crate) fn relative_candidates(base: Parts<'_>, target: Parts<'_>) -> Vec<String> {
    let t = target.spans();
    let b = base.spans();
    let suffix = |with_query: bool| {
        let mut s = String::new();
        if with_query {
            if let Some(q) = t.query {
                s.push('?');
                s.push_str(target.get(q));
            }
        }
        if let Some(f) = t.fragment {
            s.push('#');
            s.push_str(target.get(f));
        }
        s
    };
    let mut candidates = Vec::new();
    let same_scheme = t.scheme.map(|s| target.get(s)) == b.scheme.map(|s| base.get(s));
    if same_scheme && authority_text(target) == authority_text(base) {
        let (base_path, target_path) = (base.path(), target.path());
        if base_path == target_path {
            // Same document: nothing, or just the query and fragment.
            candidates.push(suffix(
                t.query.map(|q| target.get(q)) != b.query.map(|q| base.get(q)),
            ));
        }
        // A path relative to the base's directory, also behind "./" (for a
        // first segment with a colon, or an empty one).
        let relative = relative_path(base_path, target_path, Slashes::All);
        candidates.push(format!("{relative}{}", suffix(true)));
        candidates.push(format!("./{relative}{}", suffix(true)));
        if relative.is_empty() {
            // The base's directory itself.
            candidates.push(format!(".{}", suffix(true)));
        }
        if target_path.starts_with('/') {
            candidates.push(format!("{target_path}{}", suffix(true)));
        }
    }
    if same_scheme {
        if let Some(a) = authority_text(target) {
            candidates.push(format!("//{a}{}{}", target.path(), suffix(true)));
        }
    }
    candidates.push(target.text.to_string());
    candidates
}

/// The path from the directory of `base_path` to `target_path`: as many
/// "../" as the base's directory has segments beyond what the two share,
/// then the rest of the target's path. Directories end at the "/" that
/// `slashes` says delimit; a shared prefix ends at one. The directory is
/// read with its dot segments removed: a reference is merged with it as
/// written and the dot segments go after, which comes to the same
/// (`/b/./` and `/b/` both take `c` to `/b/c`). Linear: the common prefix
/// is measured once.
pub(crate) fn relative_path(base_path: &str, target_path: &str, slashes: Slashes) -> String {
    let directory_end = slashes.last_delimiter(base_path).map_or(0, |i| i + 1);
    let directory = base_path.get(..directory_end).unwrap_or_default();
    let directory = if has_dot_segment(directory) {
        std::borrow::Cow::Owned(remove_dot_segments(directory, slashes))
    } else {
        std::borrow::Cow::Borrowed(directory)
    };
    let common = directory
        .bytes()
        .zip(target_path.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    // The last delimiter of the directory within the common prefix.
    let shared = slashes
        .positions(&directory)
        .map(|i| i + 1)
        .take_while(|&end| end <= common)
        .last()
        .unwrap_or(0);
    let rest_of_directory = directory.get(shared..).unwrap_or_default();
    let ups = slashes.positions(rest_of_directory).count();
    let mut path = "../".repeat(ups);
    path.push_str(target_path.get(shared..).unwrap_or_default());
    path
}

/// Whether `path` has a "." or ".." segment (by any "/": a dot segment
/// inside a cross-reference only makes the check cost a copy). One look
/// at each byte, without splitting.
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    let at = |i: usize| b.get(i).copied();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'.'
            && (i == 0 || at(i - 1) == Some(b'/'))
            && match at(i + 1) {
                None | Some(b'/') => true,
                Some(b'.') => matches!(at(i + 2), None | Some(b'/')),
                _ => false,
            }
    })
}

fn authority_text(p: Parts<'_>) -> Option<&str> {
    p.bounds.authority().map(|a| a.whole.get(p.text))
}

impl<S: GenericSyntax> Absolute<'_, S> {
    /// A reference that resolves against this base to what the target
    /// resolves to (the target with its dot segments removed, RFC 3986
    /// 5.2.2): the shortest of a few forms (nothing, a fragment, a query,
    /// a relative path, an absolute path, a network path) that does, else
    /// that target itself. A target with dot segments has no reference
    /// that resolves to it as written, since resolution removes them; this
    /// gives the one to its dot-free form (docs/DECISIONS.md,
    /// "Relativization").
    ///
    /// ```
    /// let base = xiri::Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let target = xiri::Uri::parse("http://a/b/g?y#s").unwrap();
    /// let reference = base.relativize(&target);
    /// assert_eq!(reference.as_str(), "../g?y#s");
    /// assert_eq!(base.resolve(&reference.as_borrowed()).as_borrowed(), target);
    /// let dotted = xiri::Uri::parse("http://a/./c").unwrap();
    /// assert_eq!(base.resolve(&base.relativize(&dotted).as_borrowed()).as_str(), "http://a/c");
    /// ```
    pub fn relativize(&self, target: &impl AsAbsolute<S>) -> ReferenceBuf<S> {
        let target = target.borrow_absolute();
        // What the target resolves to, which every candidate must.
        let goal = self.resolve(target.as_reference());
        let goal = goal.as_borrowed();
        let mut buffer = String::new();
        let mut best: Option<ReferenceBuf<S>> = None;
        for candidate in relative_candidates(self.parts(), goal.parts()) {
            if best
                .as_ref()
                .is_some_and(|b| b.as_str().len() <= candidate.len())
            {
                continue;
            }
            if let Ok(reference) = Reference::<S>::parse(&candidate) {
                if self.resolve_into(&reference, &mut buffer).as_str() == goal.as_str() {
                    best = Some(reference.to_buf());
                }
            }
        }
        // The goal resolves to itself (its dot segments are gone), so the
        // last candidate is always kept; the goal as a reference is the
        // answer that needs no search.
        best.unwrap_or_else(|| goal.as_reference().to_buf())
    }
}
