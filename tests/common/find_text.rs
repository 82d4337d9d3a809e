//! Texts for the tests of `xiri::find` (tests/it/find.rs, tests/it/find_stream.rs).

use proptest::prelude::*;

/// Text made of pieces that make and break identifiers.
pub fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("http://a.example/".to_string()),
        Just("x:".to_string()),
        Just("www.".to_string()),
        Just("<".to_string()),
        Just(">".to_string()),
        Just("URL:".to_string()),
        Just("%4".to_string()),
        Just("[::1]".to_string()),
        "[ .,;:!?()\\[\\]\"'\n]{1,3}",
        "[a-z0-9/#?@.-]{1,6}",
        "[\u{5D0}-\u{5EA}\u{600}-\u{6FF}\u{3000}-\u{3011}\u{4E00}-\u{4E10}\u{E9}\u{202E}]{1,3}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}
