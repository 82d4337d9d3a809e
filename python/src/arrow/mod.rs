//! The library over Arrow string arrays (`xiri.arrow`): any producer of
//! the Arrow PyCapsule interface (`__arrow_c_array__` or
//! `__arrow_c_stream__`: pyarrow, Polars, DuckDB, pandas' Arrow strings)
//! is read in place through pyo3-arrow, chunk by chunk, without the GIL.
//! Nulls stay null; an input the operation refuses gives null, or with
//! `errors=True` a struct of the value and the error.
//!
//! `strings.rs` reads the three string layouts and writes the outputs;
//! `ops.rs` is each operation on one string, over the library.

mod ops;
mod strings;

use crate::check::{grammar, rule};
use ops::{Params, TextOp};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyChunkedArray;
use strings::Output;
use xiri::Grammar;

/// `array`'s chunks, each mapped by `f` without the GIL, as one chunked
/// array.
fn map_chunks(
    py: Python<'_>,
    array: AnyArray,
    f: impl Fn(&dyn arrow_array::Array) -> PyResult<arrow_array::ArrayRef> + Send + Sync,
) -> PyResult<PyChunkedArray> {
    let (mut chunks, _) = array.into_chunked_array()?.into_inner();
    if chunks.is_empty() {
        // One empty chunk, so that the output has the operation's type.
        chunks.push(arrow_array::new_empty_array(&arrow_schema::DataType::Utf8));
    }
    let mapped = py.detach(|| {
        chunks
            .iter()
            .map(|c| f(c.as_ref()))
            .collect::<PyResult<Vec<_>>>()
    })?;
    strings::chunked(mapped)
}

/// Whether each string matches `rule` of `syntax`: a boolean array.
#[pyfunction]
#[pyo3(signature = (array, syntax = "iri", rule = "reference"))]
fn is_valid(py: Python<'_>, array: AnyArray, syntax: &str, rule: &str) -> PyResult<PyChunkedArray> {
    let rule = self::rule(syntax, rule)?;
    map_chunks(py, array, |chunk| {
        strings::booleans(chunk, |s| rule.is_valid(s))
    })
}

/// Each string's verdict: a struct of `valid` (bool) and `offset` (the
/// byte where matching stopped, null when valid).
#[pyfunction]
#[pyo3(signature = (array, syntax = "iri", rule = "reference"))]
fn check(py: Python<'_>, array: AnyArray, syntax: &str, rule: &str) -> PyResult<PyChunkedArray> {
    let rule = self::rule(syntax, rule)?;
    map_chunks(py, array, |chunk| {
        strings::verdicts(chunk, |s| rule.check(s).err().map(|e| e.offset()))
    })
}

/// Runs the text operation `op` of `grammar` with `params` over `array`.
fn text_op(
    py: Python<'_>,
    array: AnyArray,
    op: TextOp,
    params: Params,
    errors: bool,
) -> PyResult<PyChunkedArray> {
    let output = if errors {
        Output::WithErrors
    } else {
        Output::NullOnError
    };
    map_chunks(py, array, |chunk| {
        strings::texts(chunk, output, |s| op(s, &params))
    })
}

/// One component of each reference (`scheme`, `authority`, `userinfo`,
/// `host`, `port`, `path`, `query`, `fragment`): null where it is absent.
#[pyfunction]
#[pyo3(signature = (array, name, syntax = "iri", *, errors = false))]
fn component(
    py: Python<'_>,
    array: AnyArray,
    name: &str,
    syntax: &str,
    errors: bool,
) -> PyResult<PyChunkedArray> {
    let grammar = grammar(syntax)?;
    let params = Params {
        component: ops::component_index(grammar, name)?,
        ..Params::default()
    };
    text_op(py, array, ops::component(grammar), params, errors)
}

/// Each reference's normal form (RFC 3986 6.2.2, RFC 3987 5.3).
#[pyfunction]
#[pyo3(signature = (array, syntax = "iri", *, nfc = false, nfkc = false, scheme_based = false, errors = false))]
#[allow(clippy::too_many_arguments)]
fn normalize(
    py: Python<'_>,
    array: AnyArray,
    syntax: &str,
    nfc: bool,
    nfkc: bool,
    scheme_based: bool,
    errors: bool,
) -> PyResult<PyChunkedArray> {
    let grammar = grammar(syntax)?;
    let params = Params {
        normalization: crate::values::options(nfc, nfkc, scheme_based),
        ..Params::default()
    };
    text_op(py, array, ops::normalize(grammar), params, errors)
}

/// A function of the array and an absolute `base`, running `$op`.
macro_rules! with_base {
    ($(#[$doc:meta])* $name:ident, $op:path) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (array, base, syntax = "iri", *, errors = false))]
        fn $name(py: Python<'_>, array: AnyArray, base: &str, syntax: &str, errors: bool) -> PyResult<PyChunkedArray> {
            against_base(py, array, base, syntax, errors, $op)
        }
    };
}

with_base!(
    /// Each reference resolved against the absolute `base` (RFC 3986 5.2).
    resolve,
    ops::resolve
);
with_base!(
    /// The reference that resolves against `base` to each absolute target.
    relativize,
    ops::relativize
);

/// The operation `op` of `syntax` over `array` with `base`, refused at
/// once when `base` is not absolute.
fn against_base(
    py: Python<'_>,
    array: AnyArray,
    base: &str,
    syntax: &str,
    errors: bool,
    op: fn(Grammar) -> TextOp,
) -> PyResult<PyChunkedArray> {
    let grammar = grammar(syntax)?;
    grammar
        .absolute()
        .check(base)
        .map_err(|e| crate::errors::parse_error(&e))?;
    let params = Params {
        base: base.to_string(),
        ..Params::default()
    };
    text_op(py, array, op(grammar), params, errors)
}

/// Each reference as a URI (RFC 3987 3.1), IDNA for the host when asked.
#[pyfunction]
#[pyo3(signature = (array, syntax = "iri", *, idna = false, errors = false))]
fn to_uri(
    py: Python<'_>,
    array: AnyArray,
    syntax: &str,
    idna: bool,
    errors: bool,
) -> PyResult<PyChunkedArray> {
    let params = Params {
        from: grammar(syntax)?,
        to: Grammar::Uri,
        idna,
        ..Params::default()
    };
    text_op(py, array, ops::convert, params, errors)
}

/// Each reference as an IRI (RFC 3987 3.2).
#[pyfunction]
#[pyo3(signature = (array, syntax = "uri", *, errors = false))]
fn to_iri(py: Python<'_>, array: AnyArray, syntax: &str, errors: bool) -> PyResult<PyChunkedArray> {
    let params = Params {
        from: grammar(syntax)?,
        to: Grammar::Iri,
        ..Params::default()
    };
    text_op(py, array, ops::convert, params, errors)
}

/// The address of each chunk's string bytes once imported, as every
/// function here reads them: the tests compare them with the producer's
/// buffers (the import copies nothing). Private: not in the stubs.
#[pyfunction]
fn _value_addresses(array: AnyArray) -> PyResult<Vec<usize>> {
    let (chunks, _) = array.into_chunked_array()?.into_inner();
    chunks
        .iter()
        .map(|c| strings::value_address(c.as_ref()))
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let arrow = PyModule::new(m.py(), "arrow")?;
    arrow.add_function(wrap_pyfunction!(is_valid, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(check, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(component, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(normalize, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(resolve, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(relativize, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(to_uri, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(to_iri, &arrow)?)?;
    arrow.add_function(wrap_pyfunction!(_value_addresses, &arrow)?)?;
    m.add_submodule(&arrow)
}
