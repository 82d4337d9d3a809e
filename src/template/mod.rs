//! URI Templates (RFC 6570), levels 1 to 4: a [`Template`] parsed once
//! and expanded many times, with variables that are strings, lists and
//! associative arrays ([`Value`], found through [`Variables`]).
//!
//! The engine decides a template against RFC 6570 section 2's ABNF
//! (grammar/rfc6570.abnf, `URI-Template`, compiled on first use, with
//! verified erratum 6937's "'" among the literals: [`abnf`]), so a
//! refused template has the engine's offset and expected set, as every
//! grammar's input has. Expansion follows section 3.2 (Appendix A's
//! algorithm): undefined variables, empty lists and empty associative
//! arrays are skipped (3.2.1), `*` explodes a composite value, `:N` keeps
//! the first N characters of a string (never part of a character, nor of
//! a pct-encoded triplet that `+` and `#` keep), and a prefix on a list or
//! an associative array is an error (2.4.1). The result is a
//! [`UriRefBuf`]; a template with non-ASCII literals may expand to an
//! [`IriRefBuf`] that keeps them.
//!
//! ```
//! use std::collections::HashMap;
//! use xiri::template::{Template, Value};
//! let t = Template::parse("http://example.com/search{?q,lang}{#section}").unwrap();
//! let vars = HashMap::from([
//!     ("q", Value::from("caf\u{e9} au lait")),
//!     ("lang", Value::from(vec!["fr", "en"])),
//! ]);
//! let uri = t.expand(&vars).unwrap();
//! assert_eq!(uri.as_str(), "http://example.com/search?q=caf%C3%A9%20au%20lait&lang=fr,en");
//! ```

mod error;
mod expand;
mod parse;
mod value;

pub use error::{TemplateError, TemplateErrorKind};
pub use value::{Value, Variables};

use crate::syntax::reference::{IriRefBuf, UriRefBuf};
use std::fmt;
use std::str::FromStr;

/// A URI Template (RFC 6570), parsed: its literals and expressions.
/// Parsing and expansion are each one pass, linear in the template and
/// the values.
///
/// ```
/// use std::collections::HashMap;
/// use xiri::template::{Template, Value};
/// let t = Template::parse("/users/{id}{/path*}{?fields*}").unwrap();
/// let vars = HashMap::from([
///     ("id", Value::from("42")),
///     ("path", Value::from(vec!["a b", "c"])),
///     ("fields", Value::from(vec![("name", "x"), ("sort", "")])),
/// ]);
/// assert_eq!(t.expand(&vars).unwrap().as_str(), "/users/42/a%20b/c?name=x&sort=");
/// assert_eq!(t.variables().collect::<Vec<_>>(), ["id", "path", "fields"]);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Template {
    text: String,
    parts: Vec<parse::Part>,
}

impl Template {
    /// Parses `text` as RFC 6570's `URI-Template`. Refused with
    /// [`TemplateErrorKind::Syntax`] (the engine's offset and expected
    /// set), or [`TemplateErrorKind::ReservedOperator`] for an operator
    /// section 2.2 reserves (`=`, `,`, `!`, `@`, `|`).
    ///
    /// ```
    /// use xiri::template::Template;
    /// assert!(Template::parse("{+base}{/path*}{?q:3}").is_ok());
    /// let err = Template::parse("{var:10000}").unwrap_err();
    /// assert_eq!(err.offset(), 9);
    /// ```
    pub fn parse(text: &str) -> Result<Template, TemplateError> {
        Ok(Template {
            text: text.to_string(),
            parts: parse::parse(text)?,
        })
    }

    /// The template as written.
    ///
    /// ```
    /// assert_eq!(xiri::template::Template::parse("{a}").unwrap().as_str(), "{a}");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The names of its variables, in order, as written (a name used twice
    /// is given twice).
    ///
    /// ```
    /// let t = xiri::template::Template::parse("{a,b}{/a}").unwrap();
    /// assert_eq!(t.variables().collect::<Vec<_>>(), ["a", "b", "a"]);
    /// ```
    pub fn variables(&self) -> impl Iterator<Item = &str> {
        self.parts
            .iter()
            .flat_map(|part| match part {
                parse::Part::Expression { vars, .. } => vars.as_slice(),
                parse::Part::Literal(_) => &[],
            })
            .map(|spec| spec.name.as_str())
    }

    /// The expansion as RFC 6570 defines it: a string of URI characters
    /// (unreserved, reserved and pct-encoded), which need not be a URI
    /// reference (a literal "[" is copied as it is). Fails only on a
    /// prefix modifier given a list or associative array.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use xiri::template::{Template, Value};
    /// let t = Template::parse("{+path:6}/here").unwrap();
    /// let vars = HashMap::from([("path", Value::from("/foo/bar"))]);
    /// assert_eq!(t.expand_to_string(&vars).unwrap(), "/foo/b/here");
    /// ```
    pub fn expand_to_string(
        &self,
        vars: &(impl Variables + ?Sized),
    ) -> Result<String, TemplateError> {
        let mut out = String::with_capacity(self.text.len());
        expand::expand(&self.parts, vars, false, &mut out)?;
        Ok(out)
    }

    /// The expansion as a URI reference; [`TemplateErrorKind::NotAReference`]
    /// when it is not one.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use xiri::template::{Template, Value};
    /// let t = Template::parse("http://example.com/~{user}/").unwrap();
    /// let vars = HashMap::from([("user", Value::from("fred"))]);
    /// assert_eq!(t.expand(&vars).unwrap().path(), "/~fred/");
    /// ```
    pub fn expand(&self, vars: &(impl Variables + ?Sized)) -> Result<UriRefBuf, TemplateError> {
        let text = self.expand_to_string(vars)?;
        UriRefBuf::parse(text).map_err(|e| TemplateError::not_a_reference(&e))
    }

    /// The expansion as an IRI reference: as [`expand`](Self::expand), but
    /// the literals' characters an IRI allows as themselves (`ucschar`,
    /// but for the bidi formatting characters) stay; values are encoded
    /// as RFC 6570 says, for a URI.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use xiri::template::{Template, Value};
    /// let t = Template::parse("http://example.com/caf\u{e9}/{x}").unwrap();
    /// let vars = HashMap::from([("x", Value::from("\u{e9}"))]);
    /// assert_eq!(t.expand_iri(&vars).unwrap().as_str(), "http://example.com/caf\u{e9}/%C3%A9");
    /// assert_eq!(t.expand(&vars).unwrap().as_str(), "http://example.com/caf%C3%A9/%C3%A9");
    /// ```
    pub fn expand_iri(&self, vars: &(impl Variables + ?Sized)) -> Result<IriRefBuf, TemplateError> {
        let mut text = String::with_capacity(self.text.len());
        expand::expand(&self.parts, vars, true, &mut text)?;
        IriRefBuf::parse(text).map_err(|e| TemplateError::not_a_reference(&e))
    }
}

impl FromStr for Template {
    type Err = TemplateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Template::parse(s)
    }
}

/// The text, with what may be a password in it as `****` (its parts,
/// which repeat it, are left out).
impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Template")
            .field("text", &crate::syntax::mask::Masked::Text(&self.text))
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The engine's automaton for RFC 6570's `URI-Template` (what `xiri check
/// -g uri-template` runs), compiled on first use.
///
/// ```
/// let a = xiri::template::automaton().unwrap();
/// assert!(a.matches("{?x,y}"));
/// assert_eq!(a.check("{x").unwrap_err().offset, 2);
/// ```
pub fn automaton() -> Option<&'static crate::engine::Automaton> {
    parse::automaton()
}

/// RFC 6570 section 2's ABNF, as printed (grammar/rfc6570.abnf).
///
/// ```
/// assert!(xiri::template::SPEC_ABNF.contains("URI-Template  = *( literals / expression )"));
/// ```
pub const SPEC_ABNF: &str = parse::SPEC_ABNF;

/// The ABNF templates are decided by, in RFC 5234 layout: section 2's as
/// printed, with the `literals` of verified erratum 6937, which adds "'"
/// (grammar/rfc6570-errata.abnf).
///
/// ```
/// let abnf = xiri::template::abnf();
/// assert!(abnf.contains("literals = %x21 / %x23-24 / %x26-3B /"));
/// ```
pub fn abnf() -> String {
    parse::abnf()
}
