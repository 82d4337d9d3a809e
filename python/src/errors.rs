//! Python's view of the library's refusals: `xiri.ParseError` (a
//! `ValueError`, with the byte and character offset, the expected
//! productions and the message with any password masked) and
//! `xiri.SetError` (a setter's refusal).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    xiri,
    ParseError,
    PyValueError,
    "An input that does not match: `offset` (bytes of UTF-8), `char_offset`, `expected`, `kind`, `grammar`, `rule`, `component`; the message never shows a password."
);
pyo3::create_exception!(
    xiri,
    SetError,
    PyValueError,
    "A setter's refusal: the new component would not make a valid identifier."
);

/// The character offset of byte `offset` of `input` (the offset itself
/// where it is not a character boundary, which the library never gives).
pub(crate) fn char_offset(input: &str, offset: usize) -> usize {
    input
        .get(..offset)
        .map_or(offset, |head| head.chars().count())
}

/// The Python exception for a library `ParseError`.
pub(crate) fn parse_error(err: &xiri::ParseError) -> PyErr {
    // `Display` masks a password in the input it shows.
    let exc = refusal(err.to_string(), err.input(), err.offset(), err.expected());
    Python::attach(|py| {
        let value = exc.value(py);
        value.setattr("kind", format!("{:?}", err.kind()))?;
        value.setattr("grammar", err.grammar().name())?;
        value.setattr("rule", err.rule())?;
        value.setattr("component", err.component())
    })
    .map_or_else(|e| e, |()| exc)
}

/// A `ParseError` with `message`, for `input` refused at byte `offset`
/// where `expected` was (the attributes every refusal has; a template's
/// too).
pub(crate) fn refusal(
    message: String,
    input: &str,
    offset: usize,
    expected: &[std::borrow::Cow<'static, str>],
) -> PyErr {
    let exc = ParseError::new_err(message);
    Python::attach(|py| {
        let value = exc.value(py);
        let expected: Vec<&str> = expected.iter().map(|e| e.as_ref()).collect();
        value.setattr("offset", offset)?;
        value.setattr("char_offset", char_offset(input, offset))?;
        value.setattr("expected", expected)
    })
    .map_or_else(|e| e, |()| exc)
}

/// The Python exception for a setter's refusal.
pub(crate) fn set_error(err: &xiri::SetError) -> PyErr {
    SetError::new_err(err.to_string())
}

/// A `ValueError` for an argument the library does not know (a syntax,
/// a rule, a component name).
pub(crate) fn unknown(what: &str, name: &str, known: &str) -> PyErr {
    PyValueError::new_err(format!("unknown {what} {name:?}: one of {known}"))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("SetError", py.get_type::<SetError>())?;
    Ok(())
}
