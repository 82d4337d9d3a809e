//! `xiri.parse` and one immutable class per syntax, as in the library:
//! `UriRef` (RFC 3986), `IriRef` (RFC 3987), `IriBisRef` (draft
//! 3987bis), `LeiriRef` (the LEIRI Note) and `XriRef` (XRI 2.0). What all
//! five share is generated once (`class.rs`, over `ops.rs`); the four
//! generic syntaxes' components and setters are `generic.rs`, XRI's
//! `xri.rs`.

mod class;
mod generic;
mod ops;

pub(crate) use ops::{convert, options};
mod xri;

use crate::check::grammar;
use crate::errors::parse_error;
use class::reference_class;
use generic::generic_members;
use pyo3::prelude::*;
use xiri::{Grammar, LeiriNote, Rfc3986, Rfc3987, Rfc3987bis, Xri20};

reference_class!(PyUriRef, "UriRef", Rfc3986);
reference_class!(PyIriRef, "IriRef", Rfc3987);
reference_class!(PyIriBisRef, "IriBisRef", Rfc3987bis);
reference_class!(PyLeiriRef, "LeiriRef", LeiriNote);
reference_class!(PyXriRef, "XriRef", Xri20);
generic_members!(PyUriRef, Rfc3986);
generic_members!(PyIriRef, Rfc3987);
generic_members!(PyIriBisRef, Rfc3987bis);
generic_members!(PyLeiriRef, LeiriNote);

/// Parses `s` as a reference of `syntax` (an absolute one with
/// `absolute=True`), giving that syntax's class.
#[pyfunction]
#[pyo3(signature = (s, syntax = "iri", *, absolute = false))]
fn parse(py: Python<'_>, s: &str, syntax: &str, absolute: bool) -> PyResult<Py<PyAny>> {
    let value = match grammar(syntax)? {
        Grammar::Uri => PyUriRef::parse_as(py, s, absolute)?
            .into_pyobject(py)?
            .into_any(),
        Grammar::Iri => PyIriRef::parse_as(py, s, absolute)?
            .into_pyobject(py)?
            .into_any(),
        Grammar::IriBis => PyIriBisRef::parse_as(py, s, absolute)?
            .into_pyobject(py)?
            .into_any(),
        Grammar::Leiri => PyLeiriRef::parse_as(py, s, absolute)?
            .into_pyobject(py)?
            .into_any(),
        Grammar::Xri => PyXriRef::parse_as(py, s, absolute)?
            .into_pyobject(py)?
            .into_any(),
    };
    Ok(value.unbind())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_class::<PyUriRef>()?;
    m.add_class::<PyIriRef>()?;
    m.add_class::<PyIriBisRef>()?;
    m.add_class::<PyLeiriRef>()?;
    m.add_class::<PyXriRef>()?;
    Ok(())
}
