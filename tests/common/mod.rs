//! Helpers shared by the integration tests.
#![allow(dead_code)]

use serde_json::Value;
use std::process::Command;

/// RFC 3987 1.4's XML notation: "&#x" hex ";" stands for the character.
pub fn unescape_xml(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("&#x") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let end = after.find(';').expect("&#x...; is closed");
        let code = u32::from_str_radix(&after[..end], 16).expect("hex in &#x...;");
        out.push(char::from_u32(code).expect("a Unicode scalar value"));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Runs the `xiri` binary and returns its standard output and exit code.
pub fn xiri(args: &[&str]) -> (String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(args)
        .output()
        .expect("xiri runs");
    (
        String::from_utf8(output.stdout).expect("xiri prints UTF-8"),
        output.status.code().unwrap_or(-1),
    )
}

/// `xiri parse --json`'s components for a valid input, without the fields
/// the snapshot already shows.
pub fn components(grammar: &str, rule: &str, input: &str) -> Value {
    let encoded = serde_json::to_string(input).expect("a string encodes");
    let (out, code) = xiri(&[
        "parse",
        "--json",
        "--json-input",
        "-g",
        grammar,
        "-r",
        rule,
        "--",
        &encoded,
    ]);
    assert_eq!(code, 0, "xiri parse failed on {input:?}: {out}");
    let mut value: Value = serde_json::from_str(&out).expect("parse --json prints JSON");
    let object = value.as_object_mut().expect("an object");
    object.shift_remove("grammar");
    object.shift_remove("input");
    value
}

/// Where the reviewed snapshots live: `snapshots/` at the top of the crate.
pub fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// The escapes of ../shared/conformance's vector files: `\xHH`, `\uHHHH`, `\UHHHHHHHH`.
pub fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let width = match rest[at + 1..].chars().next() {
            Some('x') => 2,
            Some('u') => 4,
            Some('U') => 8,
            Some(c @ ('t' | 'n' | 'r' | '\\')) => {
                out.push(match c {
                    't' => '\t',
                    'n' => '\n',
                    'r' => '\r',
                    _ => '\\',
                });
                rest = &rest[at + 2..];
                continue;
            }
            _ => {
                out.push('\\');
                rest = &rest[at + 1..];
                continue;
            }
        };
        out.push(
            char::from_u32(u32::from_str_radix(&rest[at + 2..at + 2 + width], 16).unwrap())
                .unwrap(),
        );
        rest = &rest[at + 2 + width..];
    }
    out.push_str(rest);
    out
}

/// A file of the `shared/` folder beside the repository (the
/// specifications and the conformance vectors), e.g. `specs/rfc3986-uri.txt`.
pub fn shared(path: &str) -> String {
    let full = format!("{}/../shared/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| {
        panic!("{full}: {e} (the tests read the shared/ folder beside the repository)")
    })
}

/// The text of `../shared/specs/FILE` from the line `start` up to `end`.
pub fn spec_section(file: &str, start: &str, end: &str) -> String {
    let text = shared(&format!("specs/{file}"));
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{file}: no {start:?}"));
    let to = from
        + text[from..]
            .find(end)
            .unwrap_or_else(|| panic!("{file}: no {end:?}"));
    text[from..to].to_string()
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The lines of a benchmark corpus, `benches/corpus/NAME`.
pub fn corpus(name: &str) -> Vec<String> {
    let path = format!("{}/benches/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(String::from)
        .collect()
}

pub mod adapter;
pub mod hostile;
pub mod props;
pub mod shapes;
