//! Identifiers in running text (`xiri::find`, issue 23): on any text, in
//! URI, IRI and LEIRI syntax, with and without `www.` hosts, every span is
//! in the text, after the one before it, and its reference re-parses in
//! the syntax as itself, with a scheme (or, for a `www.` host, an
//! authority); no panic. A `Stream` given the text in pieces finds the
//! same (issue 41). The scan that asks the first stage before the walk
//! finds what the walk alone finds (issue 44). The same properties as
//! tests/it/find.rs's proptests.
//! Run from the repository root (see docs/TESTING.md):
//!     fuzz/run 600 find

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::find::{find_with, Options, Stream};
use xiri::GenericSyntax;

fn holds<S: GenericSyntax>(text: &str, options: Options) {
    let mut last_end = 0;
    for f in find_with::<S>(text, options) {
        let span = f.span();
        assert!(span.start >= last_end && span.start < span.end, "{text:?}");
        assert_eq!(text.get(span.clone()), Some(f.text()));
        let reference = f.reference();
        let again = xiri::Reference::<S>::parse(reference.as_str()).expect("it re-parses");
        assert_eq!(again.as_str(), reference.as_str());
        if reference.as_str().starts_with("//") {
            assert!(options.www() && reference.authority().is_some(), "{text:?}");
        } else {
            assert!(reference.scheme().is_some(), "{text:?}");
        }
        let _ = f.security();
        last_end = span.end;
    }
}

/// A stream over `text` in pieces of `size` bytes finds what `find_with`
/// finds in the whole.
fn streams<S: GenericSyntax>(text: &str, options: Options, size: usize) {
    let mut stream = Stream::<S>::new(options);
    let mut found = Vec::new();
    for piece in text.as_bytes().chunks(size) {
        found.extend(stream.push(piece));
        assert!(stream.held() <= xiri::find::MAX_HELD);
    }
    found.extend(stream.finish());
    let streamed: Vec<_> = found
        .iter()
        .map(|f| (f.as_found().span(), f.as_found().reference().as_str().to_string()))
        .collect();
    let whole: Vec<_> = find_with::<S>(text, options)
        .map(|f| (f.span(), f.reference().as_str().to_string()))
        .collect();
    assert_eq!(streamed, whole, "{text:?}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Issue 44: the first stage, asked before the walk, finds what the
    // walk alone finds.
    if let Err(difference) = xiri::find_stage_check(text) {
        panic!("{difference}");
    }
    for www in [false, true] {
        let options = Options::default().with_www(www);
        holds::<xiri::Rfc3986>(text, options);
        holds::<xiri::Rfc3987>(text, options);
        holds::<xiri::LeiriNote>(text, options);
        let size = data.first().map_or(1, |&b| usize::from(b % 16) + 1);
        streams::<xiri::Rfc3987>(text, options, size);
    }
});
