//! Each Arrow operation on one string: a plain function over the
//! library's `Syntax` trait, chosen for the grammar once per call, so that
//! the loop over a column does no dispatch on names.

use crate::errors::unknown;
use pyo3::PyResult;
use xiri::{
    Grammar, LeiriNote, Normalization, ParseError, Rfc3986, Rfc3987, Rfc3987bis, Syntax, Xri20,
};

/// What an operation needs besides the string.
pub(crate) struct Params {
    pub(crate) normalization: Normalization,
    /// The base of `resolve` and `relativize` (checked absolute).
    pub(crate) base: String,
    /// The component `component` reads (an index into [`COMPONENTS`]).
    pub(crate) component: usize,
    pub(crate) from: Grammar,
    pub(crate) to: Grammar,
    pub(crate) idna: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            normalization: Normalization::default(),
            base: String::new(),
            component: 0,
            from: Grammar::Iri,
            to: Grammar::Uri,
            idna: false,
        }
    }
}

/// One string to its output (`None`: a null, the component being absent).
pub(crate) type TextOp = fn(&str, &Params) -> Result<Option<String>, ParseError>;

/// `$op::<S>` for the syntax of `$grammar`.
macro_rules! by_syntax {
    ($grammar:expr, $op:ident) => {
        match $grammar {
            Grammar::Uri => $op::<Rfc3986> as TextOp,
            Grammar::Iri => $op::<Rfc3987>,
            Grammar::IriBis => $op::<Rfc3987bis>,
            Grammar::Leiri => $op::<LeiriNote>,
            Grammar::Xri => $op::<Xri20>,
        }
    };
}

/// A [`TextOp`] for `$grammar`: `$body`, written once over the syntax
/// `$S`, with the string `$s` and the parameters `$p`, written out.
macro_rules! syntax_op {
    ($grammar:expr, |$S:ident, $s:ident, $p:ident| $body:expr) => {{
        fn op<$S: Syntax>($s: &str, $p: &Params) -> Result<Option<String>, ParseError> {
            Ok(Some($body.to_string()))
        }
        by_syntax!($grammar, op)
    }};
}

pub(crate) fn normalize(grammar: Grammar) -> TextOp {
    syntax_op!(grammar, |S, s, p| S::normalize(
        &S::parse_reference(s)?,
        p.normalization
    )?)
}

pub(crate) fn resolve(grammar: Grammar) -> TextOp {
    syntax_op!(grammar, |S, s, p| S::resolve(
        &S::parse_absolute(&p.base)?,
        &S::parse_reference(s)?
    )?)
}

pub(crate) fn relativize(grammar: Grammar) -> TextOp {
    syntax_op!(grammar, |S, s, p| S::relativize(
        &S::parse_absolute(&p.base)?,
        &S::parse_absolute(s)?
    )?)
}

pub(crate) fn convert(s: &str, p: &Params) -> Result<Option<String>, ParseError> {
    crate::values::convert(s, p.from, p.to, p.idna).map(Some)
}

/// The components `component` reads, in the order of its index.
const COMPONENTS: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];
/// Those an XRI has (its authority is not RFC 3986's).
const XRI_COMPONENTS: [&str; 4] = ["authority", "path", "query", "fragment"];

/// The index of component `name` in [`COMPONENTS`], if `grammar` has it.
pub(crate) fn component_index(grammar: Grammar, name: &str) -> PyResult<usize> {
    let known: &[&str] = if grammar == Grammar::Xri {
        &XRI_COMPONENTS
    } else {
        &COMPONENTS
    };
    match (
        known.contains(&name),
        COMPONENTS.iter().position(|c| *c == name),
    ) {
        (true, Some(index)) => Ok(index),
        _ => Err(unknown("component", name, &known.join(", "))),
    }
}

/// Component `index` of [`COMPONENTS`] among a reference's `parts`.
fn pick(parts: [Option<&str>; 8], index: usize) -> Option<String> {
    parts.get(index).copied().flatten().map(str::to_string)
}

pub(crate) fn component(grammar: Grammar) -> TextOp {
    fn generic<S: xiri::GenericSyntax>(s: &str, p: &Params) -> Result<Option<String>, ParseError> {
        let r = xiri::Reference::<S>::parse(s)?;
        let host = r.host().map(|h| h.as_str());
        let parts = [
            r.scheme(),
            r.authority(),
            r.userinfo(),
            host,
            r.port(),
            Some(r.path()),
            r.query(),
            r.fragment(),
        ];
        Ok(pick(parts, p.component))
    }
    fn xri(s: &str, p: &Params) -> Result<Option<String>, ParseError> {
        let r = xiri::XriRef::parse(s)?;
        let authority = r.authority().map(|a| a.as_str());
        let parts = [
            None,
            authority,
            None,
            None,
            None,
            Some(r.path()),
            r.query(),
            r.fragment(),
        ];
        Ok(pick(parts, p.component))
    }
    match grammar {
        Grammar::Uri => generic::<Rfc3986>,
        Grammar::Iri => generic::<Rfc3987>,
        Grammar::IriBis => generic::<Rfc3987bis>,
        Grammar::Leiri => generic::<LeiriNote>,
        Grammar::Xri => xri,
    }
}
