//! A workbench for specification authors: tools that work on any ABNF grammar loaded at run time.

pub mod earley;
