//! The last stage: a loaded grammar, and what was found of it, printed
//! for a reader. [`canonical`] writes its ABNF in one normal form,
//! [`diagram`] draws its railroad diagrams, [`rules_listing`] lists the
//! [`rules`](crate::rules) report.

mod canonical;
mod diagram;
mod listing;

pub use canonical::{canonical, Order, CANONICAL_WIDTH};
pub use diagram::diagram;
pub use listing::rules_listing;
