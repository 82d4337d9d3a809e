//! Issue 46: which figures of a source are its ABNF, decided by what their
//! lines are, and every other one named. The sources are real ones, in
//! `tests/data/workbench/sources/` (its README names where each comes
//! from): RFC 3261 whole (SIP messages and SDP bodies beside section 25's
//! ABNF), RFC 6787's xml2rfc v2 source and its v3 conversion (the
//! normative ABNF an untyped `<artwork>`, SIP and SDP examples untyped
//! too), and a kramdown-rfc draft with its grammar fenced in a list item.
//! The rules expected are counted from the sources by the scans below,
//! which know nothing of the workbench's choice.

use std::collections::BTreeSet;
use std::process::Command;
use xiri::workbench::{
    extract, extract_with, rules, AbnfFile, DeciderError, FigureChoice, LoadedGrammar, RuleKind,
    Severity, SourceFormat,
};

const SOURCES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/workbench/sources"
);

fn source(name: &str) -> String {
    std::fs::read_to_string(format!("{SOURCES}/{name}")).unwrap()
}

/// The name a line defines, as a person counting rules reads it: a name
/// of letters, digits and `-`, then `=` or `=/` (not `==`).
fn defines(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let end = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(t.len());
    let (name, rest) = t.split_at(end);
    let rest = rest.trim_start();
    let ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && rest.starts_with('=')
        && !rest.starts_with("==");
    ok.then_some(name)
}

/// The names defined on the lines of `text` from line `from` (from 1) up
/// to line `to`, excluded.
fn names_in(text: &str, from: usize, to: usize) -> BTreeSet<String> {
    text.lines()
        .skip(from - 1)
        .take(to - from)
        .filter_map(defines)
        .map(str::to_string)
        .collect()
}

/// The names the extracted figures that start within the lines define.
fn taken_in(text: &str, from: usize, to: usize) -> BTreeSet<String> {
    extract(text)
        .figures
        .iter()
        .filter(|f| (from..to).contains(&f.line()))
        .flat_map(|f| f.text().lines().filter_map(defines).map(str::to_string))
        .collect()
}

/// `xiri` run in the sources' folder: standard output, standard error,
/// exit status.
fn xiri(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(SOURCES)
        .args(args)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (text(out.stdout), text(out.stderr), out.status.code())
}

fn errors(name: &str) -> Vec<String> {
    let files = [AbnfFile::new(name, source(name))];
    LoadedGrammar::analyze(&files)
        .map_or_else(|e| e.diagnostics().to_vec(), |g| g.diagnostics().to_vec())
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string().lines().next().unwrap().to_string())
        .collect()
}

#[test]
fn a_whole_rfc_with_protocol_examples_loads_its_abnf_and_names_the_rest() {
    let text = source("rfc3261.txt");
    assert_eq!(SourceFormat::of(&text), SourceFormat::RfcText);
    let found = extract(&text);
    // Section 25 (lines 12222 to 12972): every rule it defines is taken.
    let section = names_in(&text, 12222, 12972);
    assert_eq!(section.len(), 282);
    assert_eq!(taken_in(&text, 12222, 12972), section);
    // No SIP message, SDP body or diagram is taken; each is named.
    let all: String = found.figures.iter().map(|f| f.text()).collect();
    for example in ["v=0", "INVITE sip:", "SIP/2.0 200 OK", "Via: SIP/2.0/UDP"] {
        assert!(!all.contains(example), "{example}");
    }
    let named = |line: usize| found.skipped.iter().find(|s| s.line == line);
    let invite = named(645).unwrap();
    assert_eq!(invite.first, "INVITE sip:bob@biloxi.com SIP/2.0");
    assert_eq!(invite.why, "0 of its 11 lines start or continue a rule");
    assert!(named(617).is_some(), "Figure 1's diagram");
    // The errors are the RFC's own: a comment that goes on on the next
    // line without `;` (its `rquest-uri`), section 7.3.1's illustration of
    // a header field's form and section 22.4's `URI` (each a rule that
    // section 25 defines otherwise), and RFC 2806's `telephone-subscriber`.
    assert_eq!(
        errors("rfc3261.txt"),
        [
            "rfc3261.txt:12703:31: error: expected an element",
            "rfc3261.txt:12465:1: error: `header` is defined twice with `=`, differently (first at rfc3261.txt:1612:7); use `=/` to add alternatives",
            "rfc3261.txt:12861:1: error: `URI` is defined twice with `=`, differently (first at rfc3261.txt:11128:11); use `=/` to add alternatives",
            "rfc3261.txt:12407:30: error: `telephone-subscriber` is used here and defined nowhere (used in `userinfo`)",
        ]
    );
}

#[test]
fn rfc_3261_whole_loads_around_its_syntax_error() {
    let text = source("rfc3261.txt");
    let g = LoadedGrammar::analyze(&[AbnfFile::new("rfc3261.txt", text.as_str())]).unwrap();
    // Section 25's rules are all listed but `digest-uri-value`, whose
    // comment runs on without `;`: it is broken, and refuses only the
    // rules reaching it. Beside them, rules of figures outside section 25
    // that it does not define (`header` of section 7.3.1 among them).
    let listed: BTreeSet<String> = g.rules().map(str::to_string).collect();
    let section = names_in(&text, 12222, 12972);
    let missing: Vec<&String> = section.difference(&listed).collect();
    assert_eq!(missing, ["digest-uri-value"]);
    assert_eq!(listed.len(), 283);
    let errors = g
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    assert_eq!(errors, 4);
    let refused = |rule: &str| match g.decider(rule) {
        Err(DeciderError::Broken { broken, .. }) => broken == "digest-uri-value",
        _ => false,
    };
    assert!(refused("digest-uri") && refused("Authorization") && refused("digest-uri-value"));
    assert!(!refused("Via") && g.decider("Via").is_ok());
    let report = rules(&g, &[]);
    let reaching = report
        .rules
        .iter()
        .filter(|r| r.kind == RuleKind::Broken("digest-uri-value".into()))
        .count();
    assert_eq!(reaching, 6);
    // On the command line: the rules, the errors, one note for the 255
    // figures skipped; exit 1, as for a grammar with other errors.
    let (stdout, _, code) = xiri(&["rules", "--abnf", "rfc3261.txt"]);
    assert_eq!(code, Some(1));
    let rule_lines = stdout
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .nth(1)
                .is_some_and(|w| w.starts_with("rfc3261.txt:"))
        })
        .count();
    assert_eq!(rule_lines, 283);
    assert!(stdout.ends_with("4 errors, 1 warning\n"), "{stdout}");
    let skipped: Vec<&str> = stdout.lines().filter(|l| l.contains("skipped")).collect();
    assert_eq!(
        skipped,
        ["rfc3261.txt:19:21: note: 255 figures skipped, not ABNF, the first at lines 19, 474, 617, 643, 645 (`xiri extract --list` names each, and why; `--figures all` reads them)"]
    );
}

/// RFC 6787's normative section, one untyped `<artwork>` in CDATA, and the
/// SIP exchanges with SDP bodies before it, untyped too.
fn xml_source(name: &str, typed: usize) {
    let text = source(name);
    let found = extract(&text);
    assert_eq!(found.format, SourceFormat::Xml);
    let start = text
        .lines()
        .position(|l| l.contains("anchor=\"S.abnf\""))
        .unwrap()
        + 1;
    let end = text.lines().count() + 1;
    let section = names_in(&text, start, end);
    // 228 definitions, `token` twice.
    assert_eq!(section.len(), 227, "{name}");
    assert_eq!(taken_in(&text, start, end), section, "{name}");
    // Every figure is taken or named: 3 SIP exchanges skipped.
    let figures = text.matches("<artwork").count();
    assert_eq!(found.figures.len() + found.skipped.len(), figures, "{name}");
    let whys: Vec<&str> = found.skipped.iter().map(|s| s.why.as_str()).collect();
    assert_eq!(
        whys,
        [
            "2 of its 28 rules parse",
            "2 of its 42 rules parse",
            "2 of its 30 rules parse"
        ],
        "{name}"
    );
    assert!(found
        .skipped
        .iter()
        .all(|s| s.first.starts_with("C->S:  INVITE sip:")));
    let typed_found = text.matches("type=\"abnf\"").count();
    assert_eq!(typed_found, typed, "{name}");
    // Only the typed figures, when asked for.
    let marked = extract_with(&text, FigureChoice::Marked);
    assert_eq!(marked.figures.len(), typed, "{name}");
    // The grammar loads around `field-content`, a prose value over three
    // lines: 226 rules (227 less it), its 5 errors.
    let g = LoadedGrammar::analyze(&[AbnfFile::new(name, text.as_str())]).unwrap();
    let listed: BTreeSet<String> = g.rules().map(str::to_string).collect();
    let missing: Vec<&String> = section.difference(&listed).collect();
    assert_eq!(missing, ["field-content"], "{name}");
    assert_eq!(listed.len(), 226, "{name}");
    assert_eq!(errors(name).len(), 5, "{name}");
    assert!(errors(name)[0].contains("a prose value runs over several lines"));
}

#[test]
fn an_xml2rfc_v2_source_gives_its_untyped_normative_figure() {
    xml_source("rfc6787-excerpts.xml", 4);
}

#[test]
fn an_xml2rfc_v3_source_gives_its_untyped_normative_figure() {
    xml_source("rfc6787-v3-excerpts.xml", 4);
}

#[test]
fn a_fenced_block_in_a_list_item_is_taken() {
    let name = "draft-west-nonhttp-cookies-00.md";
    let text = source(name);
    let found = extract(&text);
    assert_eq!(found.format, SourceFormat::Markdown);
    assert_eq!(found.figures.len(), 1);
    assert_eq!(found.figures[0].line(), 94);
    assert_eq!(names_in(found.figures[0].text(), 1, 10).len(), 2);
    assert!(found.figures[0]
        .text()
        .starts_with("cookie-av      = expires-av"));
    // Its one indented code block (JavaScript) is a figure, skipped by
    // its lines; the list items' indented paragraphs are none.
    let skipped: Vec<(usize, &str)> = found
        .skipped
        .iter()
        .map(|s| (s.line, s.first.as_str()))
        .collect();
    assert_eq!(
        skipped,
        [(75, "document.cookie = \"name=value; Secure; NonHttp\";")]
    );
    // Columns are the draft's, past the list item's indentation: the
    // rules RFC 6265 defines are undefined here.
    let errors = errors(name);
    assert_eq!(errors.len(), 7);
    assert!(errors.contains(&format!(
        "{name}:95:32: error: `secure-av` is used here and defined nowhere (used in `cookie-av`)"
    )));
}

#[test]
fn a_list_without_ows_takes_rfc_9110s_and_says_so() {
    let dir = std::env::temp_dir().join(format!("xiri-ows-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("list.abnf"), "list = 1#item\nitem = 1*ALPHA\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(&dir)
        .args([
            "check",
            "--abnf",
            "list.abnf",
            "-R",
            "list",
            "a, b ,c",
            "a,,b",
        ])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let valid: Vec<&str> = stdout
        .lines()
        .map(|l| {
            if l.contains("\"valid\":true") {
                "valid"
            } else {
                "invalid"
            }
        })
        .collect();
    assert_eq!(valid, ["valid", "invalid"], "{stdout}");
}

#[test]
fn extract_lists_every_figure_with_its_verdict() {
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(SOURCES)
        .args(["extract", "--list", "draft-example-v3.xml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let verdicts: Vec<(&str, &str)> = text
        .lines()
        .map(|l| {
            let mut words = l.split_whitespace();
            (words.next().unwrap(), words.next().unwrap())
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("draft-example-v3.xml:14", "abnf"),
            ("draft-example-v3.xml:19", "skipped"),
            ("draft-example-v3.xml:23", "abnf"),
            ("draft-example-v3.xml:29", "skipped"),
            ("draft-example-v3.xml:35", "abnf"),
        ]
    );
    // Without --list, each figure left out is named on standard error.
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(SOURCES)
        .args(["extract", "--figures", "abnf", "draft-example-v3.xml"])
        .output()
        .unwrap();
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.contains(
            "xiri: draft-example-v3.xml:23: a figure skipped, not ABNF: not marked as ABNF"
        ),
        "{errors}"
    );
}

#[test]
fn many_skipped_figures_are_counted_in_one_line_and_listed_on_demand() {
    let (_, err, _) = xiri(&["extract", "rfc3261.txt"]);
    assert_eq!(
        err,
        "xiri: rfc3261.txt: 255 figures skipped, not ABNF, the first at lines 19, 474, 617, 643, 645 (`xiri extract --list` names each, and why; `--figures all` reads them)\n"
    );
    let (out, _, _) = xiri(&["extract", "--list", "rfc3261.txt"]);
    let skipped = out.lines().filter(|l| l.contains("  skipped  ")).count();
    assert_eq!(skipped, 255);
    // Five or fewer are each named (RFC 6787's three SIP exchanges).
    let (_, err, _) = xiri(&["extract", "rfc6787-excerpts.xml"]);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err
        .lines()
        .all(|l| l.contains(": a figure skipped, not ABNF: 2 of its")));
}
