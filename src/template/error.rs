//! The one error of templates: where, and what was expected there.

use crate::syntax::error::ParseError;
use crate::syntax::mask::mask_input;
use std::borrow::Cow;
use std::fmt;

/// Why a template was refused, or its expansion failed.
///
/// ```
/// use xiri::template::{Template, TemplateErrorKind, Value};
/// assert_eq!(Template::parse("{a b}").unwrap_err().kind(), TemplateErrorKind::Syntax);
/// assert_eq!(Template::parse("{=a}").unwrap_err().kind(), TemplateErrorKind::ReservedOperator);
/// let t = Template::parse("{keys:2}").unwrap();
/// let vars = std::collections::HashMap::from([("keys", Value::from(vec![("a", "b")]))]);
/// assert_eq!(t.expand(&vars).unwrap_err().kind(), TemplateErrorKind::PrefixOnComposite);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// The template does not match RFC 6570's `URI-Template` (section 2);
    /// the offset and expected set are the engine's.
    Syntax,
    /// An operator section 2.2 reserves for future extensions (`=`, `,`,
    /// `!`, `@`, `|`): the grammar has it, no expansion is defined.
    ReservedOperator,
    /// A prefix modifier (`:N`) on a list or an associative array, which
    /// section 2.4.1 says it does not apply to. The offset is the
    /// variable's in the template.
    PrefixOnComposite,
    /// The expansion is not a reference of the syntax asked for (RFC 6570
    /// expands to a string of URI characters, which need not be a URI
    /// reference: a literal "[" outside a host, two "#"). The offset is
    /// in the expansion, [`expansion`](TemplateError::expansion).
    NotAReference,
}

/// A template refused (by [`Template::parse`](super::Template::parse)) or
/// an expansion that failed: the kind, the byte offset, what was expected
/// there. Neither `Display` nor `Debug` shows a password a refused
/// expansion may carry (each of its characters is a `*`, as
/// [`ParseError`] shows one); [`expansion`](Self::expansion) gives it as
/// it was.
///
/// ```
/// let err = xiri::template::Template::parse("/a{b").unwrap_err();
/// assert_eq!(err.offset(), 4);
/// assert!(err.expected().iter().any(|e| e == "\"}\""));
/// assert!(err.to_string().starts_with("not a URI template"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct TemplateError {
    pub(crate) kind: TemplateErrorKind,
    pub(crate) offset: usize,
    pub(crate) expected: Vec<Cow<'static, str>>,
    /// For [`TemplateErrorKind::NotAReference`]: the expansion.
    pub(crate) expansion: Option<String>,
}

impl TemplateError {
    pub(crate) fn new(
        kind: TemplateErrorKind,
        offset: usize,
        expected: Vec<Cow<'static, str>>,
    ) -> TemplateError {
        TemplateError {
            kind,
            offset,
            expected,
            expansion: None,
        }
    }

    /// The expansion refused by its syntax's parser.
    pub(crate) fn not_a_reference(e: &ParseError) -> TemplateError {
        TemplateError {
            kind: TemplateErrorKind::NotAReference,
            offset: e.offset(),
            expected: e.expected().to_vec(),
            expansion: Some(e.input().to_string()),
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// let err = xiri::template::Template::parse("{").unwrap_err();
    /// assert_eq!(err.kind(), xiri::template::TemplateErrorKind::Syntax);
    /// ```
    pub fn kind(&self) -> TemplateErrorKind {
        self.kind
    }

    /// The byte offset: in the template, or for
    /// [`NotAReference`](TemplateErrorKind::NotAReference) in the
    /// expansion.
    ///
    /// ```
    /// assert_eq!(xiri::template::Template::parse("a}").unwrap_err().offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What could have come at the offset: ABNF rule names and quoted
    /// literals, as the engine names them.
    ///
    /// ```
    /// let err = xiri::template::Template::parse("{x:0}").unwrap_err();
    /// assert_eq!(err.offset(), 3);
    /// assert!(!err.expected().is_empty());
    /// ```
    pub fn expected(&self) -> &[Cow<'static, str>] {
        &self.expected
    }

    /// The expansion, when it is what was refused
    /// ([`NotAReference`](TemplateErrorKind::NotAReference)).
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use xiri::template::{Template, Value};
    /// let none: HashMap<String, Value> = HashMap::new();
    /// let err = Template::parse("a[b").unwrap().expand(&none).unwrap_err();
    /// assert_eq!(err.expansion(), Some("a[b"));
    /// // A password in it is not shown.
    /// let t = Template::parse("http://u:{pw}@h/[").unwrap();
    /// let vars = HashMap::from([("pw".to_string(), Value::from("s3cret"))]);
    /// let err = t.expand(&vars).unwrap_err();
    /// assert_eq!(err.expansion(), Some("http://u:s3cret@h/["));
    /// assert!(!err.to_string().contains("s3cret") && !format!("{err:?}").contains("s3cret"));
    /// ```
    pub fn expansion(&self) -> Option<&str> {
        self.expansion.as_deref()
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            TemplateErrorKind::Syntax => "not a URI template (RFC 6570 section 2)",
            TemplateErrorKind::ReservedOperator => {
                "an operator RFC 6570 section 2.2 reserves for future extensions"
            }
            TemplateErrorKind::PrefixOnComposite => {
                "a prefix modifier on a list or associative array (RFC 6570 section 2.4.1)"
            }
            TemplateErrorKind::NotAReference => "the expansion is not a reference",
        };
        write!(f, "{what}, at byte {}", self.offset)?;
        if !self.expected.is_empty() {
            write!(f, "; expected {}", self.expected.join(", "))?;
        }
        if let Some(text) = &self.expansion {
            write!(f, ": {:?}", mask_input(text))?;
        }
        Ok(())
    }
}

impl fmt::Debug for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TemplateError")
            .field("kind", &self.kind)
            .field("offset", &self.offset)
            .field("expected", &self.expected)
            .field("expansion", &self.expansion.as_deref().map(mask_input))
            .finish()
    }
}

impl std::error::Error for TemplateError {}
