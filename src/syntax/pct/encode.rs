//! Percent-encoding text for one component of one syntax: what the
//! component allows as itself stays, the rest becomes triplets.

use super::encode_char;
use crate::syntax::chars::iri_allows;
use crate::syntax::grammar::Grammar;
use std::borrow::Cow;

/// The component a text is encoded for, which decides which characters
/// stay as themselves.
///
/// Every component keeps the unreserved characters (`ALPHA`, `DIGIT`,
/// `-`, `.`, `_`, `~`, and for IRIs and XRIs `ucschar`) and encodes "%"
/// and the delimiters that would end it or change its structure. An
/// XRI encodes "(" and ")" everywhere (they open cross-references); in
/// its path every sub-delimiter but `&`, `;`, `,` and `'` (`xri-pchar`),
/// keeping `*` and `!`, which delimit its sub-segments; and in an IRI
/// authority's user information and host every sub-delimiter, so that
/// no global context symbol starts it.
///
/// ```
/// use xiri::{pct::{encode, Component}, Grammar};
/// let text = "a/b?c#d&e=f+g:h@i";
/// assert_eq!(encode(text, Component::Path, Grammar::Uri), "a/b%3Fc%23d&e=f+g:h@i");
/// assert_eq!(encode(text, Component::Query, Grammar::Uri), "a/b?c%23d&e=f+g:h@i");
/// assert_eq!(encode(text, Component::QueryValue, Grammar::Uri), "a/b?c%23d%26e%3Df%2Bg:h@i");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// User information (`userinfo`): ":" stays, "@" is encoded. A user
    /// name alone is [`UserName`](Self::UserName), so that a ":" in it
    /// does not start a password.
    Userinfo,
    /// The user name of the user information: ":" is encoded too.
    UserName,
    /// A registered name (`reg-name`): ":" and "@" are encoded. An IP
    /// literal is not encoded; give it as it is written.
    Host,
    /// One path segment (`segment`): "/" is encoded.
    PathSegment,
    /// A path: "/" stays, "?" and "#" are encoded.
    Path,
    /// A query: "/" and "?" stay, "#" is encoded.
    Query,
    /// A key or value of an `application/x-www-form-urlencoded` query
    /// pair: as [`Query`](Self::Query), with "&", "=" and "+" encoded too
    /// (the form reads "+" as a space), so that
    /// [`decode_form`](super::decode_form) gives the text back.
    QueryValue,
    /// A fragment: "/" and "?" stay.
    Fragment,
}

/// `text` percent-encoded for `component` in `grammar`'s syntax: each
/// character that the component does not allow as itself (or that would
/// change where the component ends) becomes the triplets of its UTF-8, in
/// uppercase hex. A URI encodes every character outside ASCII; an IRI
/// (RFC 3987, 3987bis) or XRI keeps `ucschar` (and `iprivate` in a query),
/// but for the bidi formatting characters RFC 3987 4.1 forbids. A LEIRI
/// is encoded as an IRI: the characters the LEIRI Note adds (spaces,
/// controls, `<`, `"`, ...) are the ones its section 4 encodes on the way
/// to an IRI, and the result is both. "%" is always encoded, so that the
/// text never double-decodes: encode what is not encoded yet.
///
/// Borrowed when nothing needs encoding.
///
/// ```
/// use xiri::{pct::{encode, Component}, Grammar};
/// assert_eq!(encode("50% off", Component::Fragment, Grammar::Iri), "50%25%20off");
/// assert_eq!(encode("\u{e9}t\u{e9}", Component::Query, Grammar::Leiri), "\u{e9}t\u{e9}");
/// assert_eq!(encode("\u{e9}t\u{e9}", Component::Query, Grammar::Uri), "%C3%A9t%C3%A9");
/// assert_eq!(encode("(a)*b", Component::PathSegment, Grammar::Xri), "%28a%29*b");
/// ```
pub fn encode(text: &str, component: Component, grammar: Grammar) -> Cow<'_, str> {
    let Some(first) = text.find(|c| !keeps(c, component, grammar)) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    let (kept, rest) = text.split_at(first);
    out.push_str(kept);
    for c in rest.chars() {
        if keeps(c, component, grammar) {
            out.push(c);
        } else {
            encode_char(c, &mut out);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` stays as itself in `component` of `grammar`.
fn keeps(c: char, component: Component, grammar: Grammar) -> bool {
    use Component::*;
    let xri = grammar == Grammar::Xri;
    if !c.is_ascii() {
        let query = matches!(component, Query | QueryValue);
        // 3987bis (and the LEIRI Note) add the tag characters to iprivate.
        let tag = ('\u{E0000}'..='\u{E0FFF}').contains(&c);
        return match grammar {
            Grammar::Uri => false,
            Grammar::Iri | Grammar::Xri => iri_allows(c, query),
            Grammar::IriBis | Grammar::Leiri => iri_allows(c, query) || (query && tag),
        };
    }
    if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~') {
        return true;
    }
    let xri_path = xri && matches!(component, Path | PathSegment);
    match c {
        '(' | ')' if xri => false,
        // An XRI authority's symbols (`=`, `@`, `+`, `$`, `!`, `*`) must
        // not start an IRI authority: only ":" stays, in user information.
        ':' if xri && component == Userinfo => true,
        _ if xri && matches!(component, Userinfo | UserName | Host) => false,
        '*' | '!' if xri_path => true,
        '&' | ';' | ',' | '\'' if xri_path => true,
        _ if xri_path => match c {
            ':' => true,
            '/' => component == Path,
            _ => false,
        },
        '&' | '=' | '+' if component == QueryValue => false,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '=' => true,
        ':' => !matches!(component, Host | UserName),
        '@' => !matches!(component, Userinfo | UserName | Host),
        '/' => matches!(component, Path | Query | QueryValue | Fragment),
        '?' => matches!(component, Query | QueryValue | Fragment),
        _ => false,
    }
}
