//! The `xiri._xiri` extension module: the xiri library for Python, each
//! concern in a module of its own. Nothing here parses: every function
//! calls the library (`xiri`) and turns its values and errors into
//! Python's. The package's Python side (`python/xiri/`) re-exports it.
//!
//! - `errors`: `ParseError` (a `ValueError`) and `SetError`;
//! - `check`: `is_valid` and `check`, any syntax and any rule;
//! - `values/`: `parse` and one class per syntax (`UriRef`, `IriRef`,
//!   `IriBisRef`, `LeiriRef`, `XriRef`);
//! - `text`: `find` in running text and URI Template expansion;
//! - `arrow/`: the same operations over Arrow string arrays.

// As in the library: nothing that Python's input reaches panics.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable,
    clippy::indexing_slicing
)]

use pyo3::prelude::*;

mod arrow;
mod check;
mod errors;
mod text;
mod values;

/// Inputs longer than this are checked without the GIL, so that other
/// Python threads run meanwhile; below it, releasing and taking the lock
/// back costs more than the check.
pub(crate) const RELEASE_GIL_FROM: usize = 4096;

/// Runs `f` on `input`, without the GIL when the input is long.
pub(crate) fn maybe_detached<T: Send>(
    py: Python<'_>,
    input: &str,
    f: impl FnOnce() -> T + Send,
) -> T {
    if input.len() >= RELEASE_GIL_FROM {
        py.detach(f)
    } else {
        f()
    }
}

#[pymodule]
fn _xiri(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    check::register(m)?;
    values::register(m)?;
    text::register(m)?;
    arrow::register(m)?;
    Ok(())
}
