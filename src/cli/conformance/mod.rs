//! `xiri conformance`: every printed example of the specifications, what
//! each spec says of it, what xiri gives, and the verdict.

pub mod answer;
pub mod data;
pub mod peers;
pub mod vectors;
