//! `xiri::find`: identifiers in running text. RFC 3986 Appendix C's
//! example paragraph, the corpus of tests/data/find/ (expectations written
//! by hand from docs/DECISIONS.md, "IRIs in running text"), properties
//! every finding has, and the comparison with `linkify` that docs/FIND.md
//! prints.

use crate::common;

use common::find_text::text_strategy;
use proptest::prelude::*;
use serde_json::Value;
use xiri::find::{find_with, Options};
use xiri::{GenericSyntax, Rfc3986, Rfc3987, Rfc3987bis};

fn rows(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/find/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn references<S: GenericSyntax>(text: &str, options: Options) -> Vec<String> {
    find_with::<S>(text, options)
        .map(|f| f.reference().as_str().to_string())
        .collect()
}

fn check_file<S: GenericSyntax>(file: &str, options: Options) -> usize {
    let rows = rows(file);
    for row in &rows {
        let text = row["text"].as_str().expect("text");
        let expected: Vec<&str> = row["found"]
            .as_array()
            .expect("found")
            .iter()
            .map(|v| v.as_str().expect("a string"))
            .collect();
        assert_eq!(
            references::<S>(text, options),
            expected,
            "{file} row {} ({})",
            row["id"],
            row["case"]
        );
    }
    rows.len()
}

#[test]
fn appendix_c_example_gives_its_three_uris() {
    // RFC 3986 Appendix C, as printed (indented six spaces).
    let text = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://foo.example.\n      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.\n";
    let found: Vec<_> = xiri::find::<Rfc3986>(text).collect();
    let refs: Vec<_> = found.iter().map(|f| f.reference().as_str()).collect();
    assert_eq!(
        refs,
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
        ]
    );
    // The spans: inside the quotes and the brackets, the wrapped ones
    // with their line break and indentation.
    assert_eq!(found[0].text(), "http://www.w3.org/Addressing/");
    assert_eq!(found[1].text(), "ftp://foo.example.\n      com/rfc/");
    let second = text.find("ftp:").expect("the ftp URI");
    assert_eq!(found[1].span(), second..second + found[1].text().len());
    assert!(found[2]
        .text()
        .starts_with("http://www.ics.uci.edu/pub/\n      ietf/"));
}

#[test]
fn corpus_in_every_script() {
    assert_eq!(
        check_file::<Rfc3987>("corpus.jsonl", Options::default()),
        27
    );
    // 3987bis finds the same: none of the corpus's characters tells them
    // apart.
    check_file::<Rfc3987bis>("corpus.jsonl", Options::default());
    assert_eq!(
        check_file::<Rfc3987>("www.jsonl", Options::default().with_www(true)),
        2
    );
    assert_eq!(check_file::<Rfc3986>("uri.jsonl", Options::default()), 1);
}

#[test]
fn not_identifiers() {
    for text in [
        "note: the end",
        "Warning:",
        "at 10:30 or 3:4",
        "a: b",
        "<note: the end>",
        "<b>bold</b>",
        "http:",
        "x:.",
        "www.example.com without the option",
    ] {
        assert_eq!(
            references::<Rfc3987>(text, Options::default()),
            Vec::<String>::new(),
            "{text:?}"
        );
    }
    // Inside a word: the scheme's first letter follows an ASCII letter
    // or digit.
    assert_eq!(
        references::<Rfc3987>("3http://a x_y:b", Options::default()),
        ["y:b"]
    );
}

#[test]
fn zoned_syntaxes_find_zones_in_the_longest_member_too() {
    // The run to the space is no member ("%zz"): the longest prefix that
    // is one is looked for in the syntax itself, zone identifiers and all.
    let text = "see http://[fe80::a%25en1]/x%zz now, or <http://[fe80::1%25lo]/>.";
    let found: Vec<_> = xiri::find::<xiri::Zoned<Rfc3986>>(text).collect();
    let zoned: Vec<_> = found.iter().map(|f| f.reference().as_str()).collect();
    assert_eq!(
        zoned,
        ["http://[fe80::a%25en1]/x", "http://[fe80::1%25lo]/"]
    );
    let host = found[0].reference().host().unwrap();
    assert_eq!(host.zone().as_deref(), Some("en1"));
    // Without zones, no member has the IP literal.
    let plain = references::<Rfc3986>(text, Options::default());
    assert!(plain.iter().all(|r| !r.contains('[')), "{plain:?}");
}

#[test]
fn brackets_are_bounded() {
    let far = format!("<http://a/\n{}b>", " ".repeat(xiri::find::MAX_BRACKETED));
    assert_eq!(
        references::<Rfc3986>(&far, Options::default()),
        ["http://a/"]
    );
    let near = format!("<http://a/\n{}b>", " ".repeat(100));
    assert_eq!(
        references::<Rfc3986>(&near, Options::default()),
        ["http://a/b"]
    );
    // What the brackets hold is not an identifier: the scan goes on inside.
    assert_eq!(
        references::<Rfc3986>("<see http://a/b.>", Options::default()),
        ["http://a/b"]
    );
    // Inside brackets, nothing is trimmed: they delimit.
    assert_eq!(
        references::<Rfc3986>("<http://a/b.>", Options::default()),
        ["http://a/b."]
    );
}

#[cfg(feature = "security")]
#[test]
fn security_findings_for_each_iri() {
    use xiri::security::Kind;
    let text = "Pay at http://p\u{430}ypal.com/login and http://a.example/\u{202E}x now";
    let found: Vec<_> = xiri::find::<Rfc3987>(text).collect();
    assert_eq!(found.len(), 2);
    assert!(found[0]
        .security()
        .iter()
        .any(|f| f.kind == Kind::MixedScript));
    assert!(found[1]
        .security()
        .iter()
        .any(|f| f.kind == Kind::BidiFormatting));
}

/// What linkify finds in a text (URLs and e-mail addresses).
fn linkify_finds(text: &str) -> Vec<String> {
    let mut finder = linkify::LinkFinder::new();
    finder.url_must_have_scheme(true);
    finder.links(text).map(|l| l.as_str().to_string()).collect()
}

/// The corpus row's line of docs/FIND.md's comparison table.
fn comparison_line(row: &Value) -> String {
    let text = row["text"].as_str().expect("text");
    let show = |v: Vec<String>| -> String {
        if v.is_empty() {
            "(none)".into()
        } else {
            v.iter()
                .map(|s| format!("`{}`", s.replace('\n', "\u{23CE}")))
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    format!(
        "| {} | {} | {} |",
        row["id"],
        show(references::<Rfc3987>(text, Options::default())),
        show(linkify_finds(text)),
    )
}

#[test]
fn linkify_comparison_is_documented() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/FIND.md"))
        .expect("docs/FIND.md");
    let mut missing = Vec::new();
    for row in rows("corpus.jsonl") {
        let line = comparison_line(&row);
        if !doc.lines().any(|l| l.starts_with(&line)) {
            missing.push(line);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/FIND.md lacks (or has stale) comparison lines:\n{}",
        missing.join("\n")
    );
}

fn spans_hold<S: GenericSyntax>(text: &str, options: Options) {
    let mut last_end = 0;
    for f in find_with::<S>(text, options) {
        let span = f.span();
        assert!(span.start >= last_end, "{text:?}: spans overlap or go back");
        assert!(span.start < span.end);
        assert_eq!(text.get(span.clone()), Some(f.text()));
        let reference = f.reference();
        // The reference re-parses in the syntax, as itself.
        let again = xiri::Reference::<S>::parse(reference.as_str()).expect("it re-parses");
        assert_eq!(again.as_str(), reference.as_str());
        if options.www() && reference.as_str().starts_with("//") {
            assert!(reference.authority().is_some());
        } else {
            assert!(
                reference.scheme().is_some(),
                "{text:?}: {reference:?} has no scheme"
            );
        }
        // Without whitespace inside, the reference is the text.
        if !f.text().contains(char::is_whitespace) && !reference.as_str().starts_with("//") {
            assert_eq!(reference.as_str(), f.text());
        }
        last_end = span.end;
    }
}

proptest! {
    #[test]
    fn every_span_reparses_in_order(text in text_strategy(), www in any::<bool>()) {
        let options = Options::default().with_www(www);
        spans_hold::<Rfc3986>(&text, options);
        spans_hold::<Rfc3987>(&text, options);
        spans_hold::<xiri::LeiriNote>(&text, options);
    }
}

/// Issue 41: a `<` looks for its `>` no further than MAX_BRACKETED bytes,
/// in bytes: a character across that limit made the scan look in the
/// whole rest of the text, and join a `>` far beyond it.
#[test]
fn a_character_across_the_bracket_limit_does_not_widen_it() {
    // `é` is the inside's bytes 4095 and 4096; the `>` is byte 4097.
    let text = format!("<http://a/\n{}\u{e9}>", "b".repeat(4085));
    assert_eq!(text.find('>'), Some(xiri::find::MAX_BRACKETED + 2));
    assert_eq!(
        references::<Rfc3987>(&text, Options::default()),
        ["http://a/"]
    );
    // One byte nearer, the `>` is the inside's byte 4095: joined.
    let near = format!("<http://a/\n{}\u{e9}>", "b".repeat(4083));
    let joined = format!("http://a/{}\u{e9}", "b".repeat(4083));
    assert_eq!(references::<Rfc3987>(&near, Options::default()), [joined]);
}
