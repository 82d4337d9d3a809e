//! Identifiers in running text (`xiri.find`, the library's `find`) and
//! URI Templates (`xiri.template.expand`, RFC 6570 levels 1 to 4).

use crate::errors::refusal;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::collections::HashMap;
use xiri::template::{Template, Value};
use xiri::{Rfc3986, Rfc3987};

/// An identifier found in text: its text and where it stands.
#[pyclass(module = "xiri", frozen, get_all)]
struct Found {
    /// The identifier as an IRI (or URI) reference: a wrapped one joined.
    reference: String,
    /// Where it starts and ends in the text, in characters (`text[start:end]`).
    start: usize,
    end: usize,
    /// The same span in bytes of the text's UTF-8.
    byte_start: usize,
    byte_end: usize,
}

#[pymethods]
impl Found {
    fn __repr__(&self) -> String {
        format!(
            "Found({:?}, start={}, end={})",
            self.reference, self.start, self.end
        )
    }
}

/// The identifiers in `text`: IRIs, or with `syntax="uri"` URIs only
/// (RFC 3986 Appendix C's delimiters, 3987bis's plain-text rules).
#[pyfunction]
#[pyo3(signature = (text, syntax = "iri"))]
fn find(py: Python<'_>, text: &str, syntax: &str) -> PyResult<Vec<Found>> {
    let spans: Vec<(String, std::ops::Range<usize>)> = match syntax {
        "iri" => py.detach(|| {
            xiri::find::<Rfc3987>(text)
                .map(|f| (f.reference().as_str().to_string(), f.span()))
                .collect()
        }),
        "uri" => py.detach(|| {
            xiri::find::<Rfc3986>(text)
                .map(|f| (f.reference().as_str().to_string(), f.span()))
                .collect()
        }),
        other => return Err(crate::errors::unknown("syntax for find", other, "iri, uri")),
    };
    // Byte offsets to character offsets in one pass over the text.
    let mut found = Vec::with_capacity(spans.len());
    let (mut byte, mut chars) = (0, 0);
    let mut to_chars = |at: usize| {
        chars += text.get(byte..at).map_or(0, |s| s.chars().count());
        byte = at;
        chars
    };
    for (reference, span) in spans {
        let start = to_chars(span.start);
        let end = to_chars(span.end);
        found.push(Found {
            reference,
            start,
            end,
            byte_start: span.start,
            byte_end: span.end,
        });
    }
    Ok(found)
}

/// A template variable's value: a `str`, a list of `str`, a mapping of
/// `str` to `str` (or a list of pairs); `None` is undefined.
fn value(object: &Bound<'_, PyAny>) -> PyResult<Option<Value>> {
    if object.is_none() {
        Ok(None)
    } else if let Ok(s) = object.extract::<String>() {
        Ok(Some(Value::String(s)))
    } else if let Ok(map) = object.cast::<PyDict>() {
        let pairs = map.iter().map(|(k, v)| Ok((k.extract()?, v.extract()?)));
        Ok(Some(Value::Map(pairs.collect::<PyResult<_>>()?)))
    } else if object.cast::<PyList>().is_ok() || object.cast::<PyTuple>().is_ok() {
        if let Ok(pairs) = object.extract::<Vec<(String, String)>>() {
            return Ok(Some(Value::Map(pairs)));
        }
        Ok(Some(Value::List(object.extract()?)))
    } else {
        Err(PyTypeError::new_err(
            "a template variable is a str, a list of str, a dict of str to str, or None",
        ))
    }
}

/// Expands `template` with `variables` (RFC 6570), giving a URI reference;
/// with `iri=True` non-ASCII characters stay as they are (an IRI).
#[pyfunction]
#[pyo3(signature = (template, variables, *, iri = false))]
fn expand(template: &str, variables: &Bound<'_, PyDict>, iri: bool) -> PyResult<String> {
    let mut vars: HashMap<String, Option<Value>> = HashMap::new();
    for (name, v) in variables.iter() {
        vars.insert(name.extract()?, value(&v)?);
    }
    let error = |e: xiri::template::TemplateError| {
        refusal(e.to_string(), template, e.offset(), e.expected())
    };
    let parsed = Template::parse(template).map_err(error)?;
    let expanded = match iri {
        true => parsed.expand_iri(&vars).map(|r| r.into_string()),
        false => parsed.expand(&vars).map(|r| r.into_string()),
    };
    expanded.map_err(error)
}

/// Whether `template` is a URI Template (RFC 6570 section 2).
#[pyfunction]
fn is_valid_template(template: &str) -> bool {
    Template::parse(template).is_ok()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Found>()?;
    m.add_function(wrap_pyfunction!(find, m)?)?;
    m.add_function(wrap_pyfunction!(expand, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_template, m)?)?;
    Ok(())
}
