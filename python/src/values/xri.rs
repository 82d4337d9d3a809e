//! The members of `XriRef` that the generic family does not share: an
//! XRI's authority (a global context symbol, a cross-reference or an IRI
//! authority) and its setters (XRI 2.0 section 2.2).

use super::PyXriRef;
use crate::errors::set_error;
use pyo3::prelude::*;
use xiri::XriRefBuf;

impl PyXriRef {
    fn with(
        &self,
        set: impl FnOnce(&mut XriRefBuf) -> Result<(), xiri::SetError>,
    ) -> PyResult<Self> {
        let mut inner = self.inner.clone();
        set(&mut inner).map_err(|e| set_error(&e))?;
        Ok(Self { inner })
    }
}

#[pymethods]
impl PyXriRef {
    /// The authority as written (`@example*home`, `(+x)`, or an IRI authority).
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.inner.as_borrowed().authority().map(|a| a.as_str())
    }

    /// The path's segments, as written.
    fn path_segments(&self) -> Vec<&str> {
        self.inner
            .as_borrowed()
            .segments()
            .map(|s| s.as_str())
            .collect()
    }

    #[pyo3(signature = (path, *, encode = false))]
    fn with_path(&self, path: &str, encode: bool) -> PyResult<Self> {
        self.with(|r| match encode {
            true => r.set_path_encoded(path),
            false => r.set_path(path),
        })
    }

    #[pyo3(signature = (query, *, encode = false))]
    fn with_query(&self, query: Option<&str>, encode: bool) -> PyResult<Self> {
        self.with(|r| match encode {
            true => r.set_query_encoded(query),
            false => r.set_query(query),
        })
    }

    #[pyo3(signature = (fragment, *, encode = false))]
    fn with_fragment(&self, fragment: Option<&str>, encode: bool) -> PyResult<Self> {
        self.with(|r| match encode {
            true => r.set_fragment_encoded(fragment),
            false => r.set_fragment(fragment),
        })
    }
}
