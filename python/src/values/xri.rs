//! The members of `XriRef` that the generic family does not share: an
//! XRI's authority (a global context symbol, a cross-reference or an IRI
//! authority) and its segments (XRI 2.0 section 2.2).

use super::PyXriRef;
use pyo3::prelude::*;

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
}
