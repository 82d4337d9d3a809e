//! The last stage: a loaded grammar printed for a reader. [`canonical`]
//! writes its ABNF in one normal form, [`diagram`] draws its railroad
//! diagrams; a [`Diagnostic`](crate::Diagnostic) and the
//! [`rules`](crate::rules) report print themselves.

mod canonical;
mod diagram;

pub use canonical::{canonical, Order, CANONICAL_WIDTH};
pub use diagram::diagram;
