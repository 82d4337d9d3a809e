//! The fast path against the pest grammars (issue 5): for every grammar it
//! covers, the same verdict and the same spans (for XRI, the same
//! components), or a crash with both. Also every parser, on any input,
//! answers without panicking, and every part of an XRI can be read.
//!
//! Run from the repository root (see docs/TESTING.md):
//!     fuzz/run 600 fast_path

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::Grammar;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for grammar in Grammar::ALL {
        if let Err(difference) = xiri::fast_path_check(grammar, input) {
            panic!("{difference}");
        }
    }
    if let Ok(x) = xiri::XriRef::parse(input) {
        walk(&x);
    }
});

/// Every part of an XRI reference, cross-references' values included
/// (read again when asked for: that must not fail).
fn walk(x: &xiri::XriRef<'_>) {
    let authority = x.authority();
    if let Some(xiri::XriAuthority::CrossReference { xref, .. }) = authority {
        value(&xref);
    }
    let subsegments = authority
        .iter()
        .flat_map(|a| a.subsegments())
        .chain(x.segments().flat_map(|s| s.subsegments()));
    for s in subsegments {
        if let xiri::SubsegmentValue::CrossReference(xref) = s.value() {
            value(&xref);
        }
    }
}

fn value(xref: &xiri::CrossReference<'_>) {
    if let xiri::CrossReferenceValue::Xri(inner) = xref.value() {
        walk(&inner);
    }
}
