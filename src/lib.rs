#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
// Library code never panics on user input (issue 11): no unwrap, expect,
// panic, unreachable or indexing that input could reach; tests are exempt.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::indexing_slicing
    )
)]

mod convert;
mod diagnose;
pub mod draft;
pub mod engine;
mod family;
pub mod find;
#[cfg(feature = "internals")]
mod internals;
mod normalize;
mod resolve;
#[cfg(feature = "security")]
pub mod security;
mod syntax;
pub mod template;
#[cfg(feature = "whatwg")]
pub mod whatwg;
/// The workbench for specification authors: the `xiri-workbench` crate
/// (crates/workbench), here with the `workbench` feature.
#[cfg(feature = "workbench")]
pub use xiri_workbench as workbench;
mod xri;

/// docs/LIBRARY.md, whose Rust blocks are doc-tests as README.md's are.
#[cfg(doctest)]
#[doc = include_str!("../docs/LIBRARY.md")]
mod library_guide {}

#[allow(missing_docs, non_camel_case_types, clippy::all, clippy::pedantic)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/grammars.rs"));
}

#[cfg(feature = "charsets")]
pub use convert::Charset;
pub use convert::{Step, UriOptions};
pub use diagnose::{diagnose, preprocess, Finding, Group, Spaces};
pub use family::conversion::{Conversion, Converted, UnsupportedConversion};
pub use family::Syntax;
pub use find::find;
#[cfg(feature = "internals")]
pub use internals::{
    fast_path_check, find_stage_check, first_stage, first_stage_check, pest_check, xri_pest_reads,
    xri_stage_check,
};
pub use normalize::Normalization;
pub use syntax::components::{Host, HostKind};
pub use syntax::error::{ErrorKind, ParseError};
pub use syntax::grammar::{Grammar, Rule, UnknownGrammar};
pub use syntax::mask::PasswordMasked;
pub use syntax::parts::{PathSegments, QueryPairs, RawQueryPairs};
pub use syntax::pct;
pub use syntax::reference::Builder;
pub use syntax::reference::{
    Absolute, AbsoluteBuf, AsAbsolute, AsReference, Iri, IriBis, IriBisBuf, IriBisRef,
    IriBisRefBuf, IriBuf, IriRef, IriRefBuf, Leiri, LeiriBuf, LeiriRef, LeiriRefBuf, Reference,
    ReferenceBuf, Uri, UriBuf, UriRef, UriRefBuf,
};
pub use syntax::set::{SetError, SetErrorKind};
#[cfg(feature = "trees")]
pub use syntax::tree::{Node, ParseTree};
pub use syntax::zone::{
    Zoned, ZonedIri, ZonedIriBuf, ZonedIriRef, ZonedIriRefBuf, ZonedUri, ZonedUriBuf, ZonedUriRef,
    ZonedUriRefBuf,
};
pub use syntax::{GenericSyntax, IriSyntax, LeiriNote, Rfc3986, Rfc3987, Rfc3987bis};
pub use xri::{
    AsXri, AsXriRef, CrossReference, CrossReferenceValue, Delimiter, GlobalContext, HttpXriWarning,
    Segment, Subsegment, SubsegmentValue, Xri, Xri20, XriAuthority, XriBuf, XriBuilder, XriRef,
    XriRefBuf,
};

/// How deeply parentheses may nest in an XRI before it is refused with
/// [`ErrorKind::TooDeep`] without being parsed. Cross-references nest
/// through parentheses; the bound keeps the parser's recursion, and so its
/// stack use, small whatever the input.
///
/// ```
/// let nested = |n| format!("{}@a{}", "(".repeat(n), ")".repeat(n));
/// assert!(xiri::Xri::parse(&nested(xiri::MAX_NESTING)).is_ok());
/// assert!(xiri::Xri::parse(&nested(xiri::MAX_NESTING + 1)).is_err());
/// ```
pub const MAX_NESTING: usize = 32;

// A run with calls follows brackets at most `MAX_CALL_DEPTH` deep: the
// engine must reach the nesting the library promises.
const _: () = assert!(engine::MAX_CALL_DEPTH >= MAX_NESTING);
