//! Identifiers in running text (`xiri::find`, issue 23): on any text, in
//! URI, IRI and LEIRI syntax, with and without `www.` hosts, every span is
//! in the text, after the one before it, and its reference re-parses in
//! the syntax as itself, with a scheme (or, for a `www.` host, an
//! authority); no panic. The same properties as tests/find.rs's proptest.
//! Run from the repository root (see docs/TESTING.md):
//!     fuzz/run 600 find

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiri::find::{find_with, Options};
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

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for www in [false, true] {
        let options = Options::default().with_www(www);
        holds::<xiri::Rfc3986>(text, options);
        holds::<xiri::Rfc3987>(text, options);
        holds::<xiri::LeiriNote>(text, options);
    }
});
