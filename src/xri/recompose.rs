//! The rule every XRI operation that writes text from components keeps:
//! the text it returns re-parses to the components it wrote
//! (docs/DECISIONS.md, "Text made from components").
//!
//! The typed reading of an absolute XRI depends on what follows its
//! authority (src/xri/split.rs): an `iauthority` may hold a "(" (a
//! `sub-delims` of `ireg-name` and `iuserinfo`) that a later ")" in the
//! path, query or fragment closes, and the text then reads with a
//! cross-reference authority (`xref-authority`) that swallows them. No
//! escape keeps the meaning (a ")" and "%29" are different XRIs, RFC 3986
//! 2.2 and XRI 2.0 2.5.1), so such a text is refused.

use super::{XriAuthority, XriRef};
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;

/// Where the components an operation wrote end, in the order they are
/// written: the prefix, the authority, the path, the query (after its
/// "?") and the fragment (after its "#"), as lengths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Written {
    pub(super) prefix: bool,
    pub(super) authority: Option<usize>,
    /// How the authority written reads: the same text read with another
    /// kind of authority is another XRI ("(y%2E%2E:x)" is an `iauthority`,
    /// its escapes decoded a cross-reference).
    pub(super) kind: Option<AuthorityKind>,
    pub(super) path: usize,
    pub(super) query: Option<usize>,
    pub(super) fragment: Option<usize>,
}

/// The kinds of XRI authority (2.2.1): `gcs-authority`, `xref-authority`
/// and `iauthority`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AuthorityKind {
    Global,
    CrossReference,
    Iri,
}

impl AuthorityKind {
    /// The kind of `authority`.
    pub(super) fn of(authority: &XriAuthority<'_>) -> AuthorityKind {
        match authority {
            XriAuthority::Global { .. } => AuthorityKind::Global,
            XriAuthority::CrossReference { .. } => AuthorityKind::CrossReference,
            XriAuthority::Iri { .. } => AuthorityKind::Iri,
        }
    }

    /// The kind's production, for error messages.
    fn production(self) -> &'static str {
        match self {
            AuthorityKind::Global => "gcs-authority",
            AuthorityKind::CrossReference => "xref-authority",
            AuthorityKind::Iri => "iauthority",
        }
    }
}

impl Written {
    /// The lengths of `x`'s components.
    fn of(x: &XriRef<'_>) -> Written {
        Written {
            prefix: x.has_prefix(),
            authority: x.authority().map(|a| a.as_str().len()),
            kind: x.authority().map(|a| AuthorityKind::of(&a)),
            path: x.path().len(),
            query: x.query().map(str::len),
            fragment: x.fragment().map(str::len),
        }
    }

    /// Writes the components into `text` (cleared first) and records them.
    pub(super) fn write(
        text: &mut String,
        prefix: bool,
        authority: Option<&XriAuthority<'_>>,
        path: &str,
        (query, fragment): (Option<&str>, Option<&str>),
    ) -> Written {
        text.clear();
        if prefix {
            text.push_str(super::PREFIX);
        }
        if let Some(a) = authority {
            text.push_str(a.as_str());
        }
        text.push_str(path);
        for (delimiter, part) in [('?', query), ('#', fragment)] {
            if let Some(p) = part {
                text.push(delimiter);
                text.push_str(p);
            }
        }
        Written {
            prefix,
            authority: authority.map(|a| a.as_str().len()),
            kind: authority.map(AuthorityKind::of),
            path: path.len(),
            query: query.map(str::len),
            fragment: fragment.map(str::len),
        }
    }

    /// Where the reading `read` of the written text first ends a component
    /// elsewhere: the offset where the written one ended.
    fn first_difference(&self, read: &Written) -> usize {
        let ends = |w: &Written| {
            let prefix = if w.prefix { super::PREFIX.len() } else { 0 };
            let authority = prefix + w.authority.unwrap_or(0);
            let path = authority + w.path;
            let query = path + w.query.map_or(0, |q| q + 1);
            [prefix, authority, path, query]
        };
        let (mine, theirs) = (ends(self), ends(read));
        mine.iter()
            .zip(theirs)
            .find(|(a, b)| **a != *b)
            // Only the authority's kind differs: where the authority starts.
            .map_or(mine[0], |(a, _)| *a)
    }
}

/// `x`, the reading of a text an operation wrote as `written`, or the
/// typed refusal when the grammar reads other components there.
pub(super) fn same<'t>(x: XriRef<'t>, written: &Written) -> Result<XriRef<'t>, ParseError> {
    let read = Written::of(&x);
    if read == *written {
        return Ok(x);
    }
    let rule = match written.authority {
        Some(_) => Grammar::Xri.absolute(),
        None => Grammar::Xri.reference(),
    };
    let expected = match (written.authority, read.authority) {
        (Some(w), Some(a)) if w == a && written.kind != read.kind => format!(
            "an authority that reads as {} (the text reads as {})",
            written.kind.map_or("none", AuthorityKind::production),
            read.kind.map_or("none", AuthorityKind::production),
        ),
        (Some(_), Some(a)) => format!(
            "the end of the authority (the text reads on with the authority {:?})",
            x.as_str()
                .get(usize::from(read.prefix) * super::PREFIX.len()..)
                .and_then(|rest| rest.get(..a))
                .unwrap_or_default()
        ),
        _ => "the end of a component (the text reads as other components)".to_string(),
    };
    Err(rule.error(
        x.as_str(),
        ErrorKind::Ambiguous,
        written.first_difference(&read),
        vec![expected.into()],
    ))
}
