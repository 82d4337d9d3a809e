//! `xiri find`: JSON lines or raw identifiers from standard input or
//! files, a wrapped identifier joined across lines, offsets in bytes of
//! the whole input.

mod common;

use common::xiri_io;
use serde_json::Value;

const APPENDIX_C: &str = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://foo.example.\n      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.\n";

fn lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn appendix_c_from_standard_input() {
    let (out, err, code) = xiri_io(&["find", "-g", "uri"], APPENDIX_C.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let found = lines(&out);
    let refs: Vec<_> = found
        .iter()
        .map(|v| v["reference"].as_str().unwrap())
        .collect();
    assert_eq!(
        refs,
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
        ]
    );
    for v in &found {
        let offset = v["offset"].as_u64().unwrap() as usize;
        let length = v["length"].as_u64().unwrap() as usize;
        assert_eq!(
            &APPENDIX_C[offset..offset + length],
            v["text"].as_str().unwrap()
        );
        assert_eq!(v["security"], serde_json::json!([]));
    }
    assert_eq!(found[1]["text"], "ftp://foo.example.\n      com/rfc/");
}

#[test]
fn raw_files_and_exit_status() {
    let dir = std::env::temp_dir().join(format!("xiri-find-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.txt");
    std::fs::write(
        &a,
        "see http://\u{4F8B}\u{3048}.jp/\u{30D1}\u{30B9}\u{3002}\n",
    )
    .unwrap();
    let (out, _, code) = xiri_io(&["find", "-r", a.to_str().unwrap()], b"");
    assert_eq!(
        (out.as_str(), code),
        ("http://\u{4F8B}\u{3048}.jp/\u{30D1}\u{30B9}\n", 0)
    );
    let (out, _, code) = xiri_io(&["find", a.to_str().unwrap()], b"");
    assert_eq!(lines(&out)[0]["file"], a.to_str().unwrap());
    assert_eq!(code, 0);
    // Nothing found: exit status 1, as grep.
    let (out, _, code) = xiri_io(&["find"], b"note: the end\n");
    assert_eq!((out.as_str(), code), ("", 1));
    // XRIs are not found in text: a usage error.
    let (_, err, code) = xiri_io(&["find", "-g", "xri"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("not XRIs"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn offsets_count_every_line_and_invalid_bytes_separate() {
    let mut input = b"first line a:b\n\xFF\xFEhttp://x/\xC3y\n".to_vec();
    input.extend_from_slice(b"<http://a/\nb> <www.x.example>\n");
    let (out, _, code) = xiri_io(&["find", "--www"], &input);
    assert_eq!(code, 0);
    let found = lines(&out);
    let got: Vec<_> = found
        .iter()
        .map(|v| {
            (
                v["offset"].as_u64().unwrap(),
                v["reference"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (11, "a:b".to_string()),
            (17, "http://x/".to_string()),
            (30, "http://a/b".to_string()),
            (44, "//www.x.example".to_string()),
        ]
    );
}

#[test]
fn a_long_input_streams() {
    // Many lines, each with one identifier: every one is found, in order.
    let input: String = (0..5000)
        .map(|i| format!("line {i}: http://a/{i}.\n"))
        .collect();
    let (out, _, code) = xiri_io(&["find", "-r"], input.as_bytes());
    assert_eq!(code, 0);
    let expected: String = (0..5000).map(|i| format!("http://a/{i}\n")).collect();
    assert_eq!(out, expected);
}

/// README's "Finding identifiers in text": each `sh` block prints the
/// `text` block after it.
#[test]
fn the_readme_section_runs_as_written() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let examples = common::readme_examples(&readme, "## Finding identifiers in text");
    assert_eq!(examples.len(), 2);
    let dir = std::env::temp_dir();
    for (command, expected) in examples {
        let (out, err) = common::run_readme_step(&command, &dir, env!("CARGO_BIN_EXE_xiri"));
        assert_eq!(out, expected, "{command}: {err}");
    }
}
