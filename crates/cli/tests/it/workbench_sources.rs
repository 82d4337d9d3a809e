//! Issue 26: ABNF as spec authors keep it (RFC text, xml2rfc XML,
//! kramdown-rfc Markdown), every mistake in one run with its place, and
//! the warnings authors need. The sources are in
//! `tests/data/workbench/sources/` (its README names where each comes from).

use std::process::Command;
use xiri::workbench::{
    canonical, compare, extract, rules, AbnfFile, Extracted, ListSyntax, LoadOptions,
    LoadedGrammar, Order, Severity, Side, SourceFormat, CANONICAL_WIDTH,
};

fn source(name: &str) -> String {
    let path = format!(
        "{}/tests/data/workbench/sources/{name}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    std::fs::read_to_string(path).unwrap()
}

/// The figures a source has that were left out: line, first line, why.
fn named(found: &Extracted) -> Vec<(usize, &str, &str)> {
    found
        .skipped
        .iter()
        .map(|s| (s.line, s.first.as_str(), s.why.as_str()))
        .collect()
}

/// Each finding's first line, `FILE:LINE:COLUMN: severity: message`.
fn findings(text: &str) -> Vec<String> {
    let file = AbnfFile::new("g", text);
    let shown = match LoadedGrammar::analyze(&[file]) {
        Ok(g) => rules(&g, &[])
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        Err(e) => e.diagnostics().iter().map(ToString::to_string).collect(),
    };
    shown
        .iter()
        .map(|d| d.lines().next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn rfc_text_yields_its_figures_not_its_pseudocode_or_examples() {
    let text = source("rfc3986-excerpts.txt");
    let found = extract(&text);
    assert_eq!(found.format, SourceFormat::RfcText);
    let lines: Vec<usize> = found.figures.iter().map(|f| f.line()).collect();
    // Section 3.2.2's two figures; Appendix A before and after its page break.
    assert_eq!(lines, [29, 53, 128, 157]);
    let all: String = found.figures.iter().map(|f| f.text()).collect();
    assert!(!all.contains("result") && !all.contains("g:h") && !all.contains("Page"));
    assert!(!all.contains('$'), "Appendix B's example is not a figure");
    let g = LoadedGrammar::analyze(&[AbnfFile::new("rfc", text)]).unwrap();
    let names: Vec<&str> = g.rules().collect();
    assert_eq!(
        names,
        [
            "IPv6address",
            "ls32",
            "h16",
            "IPv4address",
            "dec-octet",
            "IP-literal",
            "IPvFuture",
            "reg-name",
            "path",
            "path-abempty",
            "path-absolute",
            "path-noscheme",
            "path-rootless",
            "path-empty"
        ]
    );
    // The figures left out, each named: section 5.3's pseudocode, 5.4.1's
    // examples and Appendix B's `scheme = $2`, which look like rules.
    let firsts: Vec<(usize, &str)> = named(&found).iter().map(|n| (n.0, n.1)).collect();
    assert_eq!(
        firsts,
        [
            (11, "Uniform Resource Identifier (URI): Generic Syntax"),
            (72, "result = \"\""),
            (113, "\"g:h\"           =  \"g:h\""),
            (182, "http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            (186, "$1 = http:"),
            (200, "scheme    = $2"),
        ]
    );
    assert_eq!(found.skipped[5].why, "0 of its 5 rules parse");
    // Appendix A repeats section 3.2.2's rules the same way: notes.
    let notes: Vec<String> = g
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Note && d.kind != "skipped-figure")
        .map(|d| d.to_string().lines().next().unwrap().to_string())
        .collect();
    assert_eq!(notes.len(), 5, "{notes:?}");
    assert_eq!(
        notes[0],
        "rfc:132:4: note: `IPv6address` is defined again, the same as at rfc:29:7"
    );
    // The page break inside Appendix A's dec-octet... is between rules;
    // the rule after it is read at its own line.
    assert_eq!(g.location_of("reg-name").unwrap().line, 163);
    let d = g.decider("IPv6address").unwrap();
    assert!(d.decide("::ffff:192.0.2.1").unwrap().accepted);
}

/// Issue 26's "extraction from a real RFC's text": the whole of RFC 3986
/// and RFC 3987. Every figure is ABNF (22 in RFC 3986: the sections' and
/// Appendix A over its page break; 2 in RFC 3987, section 2.2 over its
/// page break), nothing else is taken (the pseudocode, the examples, the
/// page headers), the grammar loads without an error, and it is the
/// built-in grammar's language on its reference rule (compared on
/// members, near-misses and covering sets of both).
#[test]
fn a_whole_rfc_yields_its_grammar_and_nothing_else() {
    for (name, figures, grammar, rule) in [
        ("rfc3986.txt", 22, xiri::Grammar::Uri, "URI-reference"),
        ("rfc3987.txt", 2, xiri::Grammar::Iri, "IRI-reference"),
    ] {
        let text = source(name);
        let found = extract(&text);
        assert_eq!(found.format, SourceFormat::RfcText);
        assert_eq!(found.figures.len(), figures, "{name}");
        let all: String = found.figures.iter().map(|f| f.text()).collect();
        assert!(
            !all.contains("[Page") && !all.contains("result = "),
            "{name}"
        );
        let extracted = LoadedGrammar::analyze(&[AbnfFile::new(name, &text)]).unwrap();
        let errors = extracted
            .diagnostics()
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        assert_eq!(errors, 0, "{name}");
        let built_in = LoadedGrammar::load(&[grammar.abnf_file()]).unwrap();
        let old = Side {
            grammar: &built_in,
            rule,
        };
        let new = Side {
            grammar: &extracted,
            rule,
        };
        let c = compare(old, new, 200, 7).unwrap();
        assert!(
            c.differences.is_empty(),
            "{name}: {:?}",
            c.differences.first()
        );
        assert!(c.samples > 500, "{name}: {}", c.samples);
    }
}

#[test]
fn xml_figures_typed_and_untyped_with_positions_in_the_xml() {
    let text = source("draft-example-v3.xml");
    let found = extract(&text);
    assert_eq!(found.format, SourceFormat::Xml);
    let lines: Vec<usize> = found.figures.iter().map(|f| f.line()).collect();
    assert_eq!(lines, [14, 23, 35]);
    assert!(found.figures[1].text().contains("\"&\""));
    // The HTTP message (typed) and the diagram (untyped, no rule) named.
    let whys: Vec<(usize, &str)> = named(&found).iter().map(|n| (n.0, n.2)).collect();
    assert_eq!(
        whys,
        [
            (19, "marked as `http-message`, not ABNF"),
            (29, "0 of its 3 lines start or continue a rule")
        ]
    );
    let g = LoadedGrammar::analyze(&[AbnfFile::new("d.xml", text)]).unwrap();
    let errors: Vec<String> = g
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(ToString::to_string)
        .collect();
    let shown = errors.join("\n");
    // After `&lt;` (four bytes for one), the column is the XML's.
    assert_eq!(
        shown,
        "d.xml:36:16: error: `|` is not ABNF: alternatives are separated by `/`\n    bad = \"&lt;\" | \"&gt;\"\n                 ^"
    );
}

#[test]
fn markdown_blocks_marked_abnf_load_as_one_grammar() {
    let text = source("draft-example.md");
    assert_eq!(SourceFormat::of(&text), SourceFormat::Markdown);
    let g = LoadedGrammar::load(&[AbnfFile::new("d.md", text)]).unwrap();
    assert_eq!(g.rules().count(), 6);
    assert_eq!(g.location_of("OWS").unwrap().line, 25);
    let d = g.decider("Example-Field").unwrap();
    assert!(d.decide("a ; b=\"c d\"").unwrap().accepted);
    assert_eq!(rules(&g, &[]).entries, ["Example-Field"]);
}

#[test]
fn every_mistake_in_one_run_each_with_its_place() {
    let text = "a = \"x\"\"y\"\nb = \"x\" | \"y\"\nc ::= \"z\"\nd = <one\n  two>\ne_f = \"q\"\ng = %x30..39\nh = %x39-30\nk = undefined\nn = *( *\"x\" )\n";
    assert_eq!(
        findings(text),
        [
            "g:1:8: error: missing whitespace? elements are separated by spaces",
            "g:2:9: error: `|` is not ABNF: alternatives are separated by `/`",
            "g:3:3: error: `::=` is not ABNF: a rule is defined with `=` (and `=/` adds alternatives)",
            "g:4:5: error: a prose value runs over several lines: `<` and `>` must be on one line",
            "g:6:2: error: `_` is not allowed in a rule name (ALPHA *(ALPHA / DIGIT / \"-\")): write `-`",
            "g:7:9: error: `..` is not an ABNF range: write `%x30-39` (a hyphen between the bounds)",
            "g:8:5: error: the range `%x39-30` goes down: write `%x30-39`",
            "g:9:5: error: `undefined` is used here and defined nowhere (used in `k`)",
            // The checked grammar's warnings too, the broken rules aside.
            "g:10:5: warning: a nullable element under an unbounded repetition: it matches the empty string any number of times (make the element non-empty)",
        ]
    );
    assert_eq!(
        findings("  a = b\nb = \"x\"\n"),
        ["g:1:3: error: the rule `a` is indented, and it is the grammar's first: a rule starts its line, an indented line continues the rule before it"]
    );
}

#[test]
fn encodings_and_line_ends() {
    // A BOM: skipped, with a note; the columns are those after it.
    let g = LoadedGrammar::load(&[AbnfFile::from_bytes("b", b"\xef\xbb\xbfa = b\nb = \"x\"\n")])
        .unwrap();
    let note = g.diagnostics()[0].to_string();
    assert!(
        note.starts_with("b:1:1: note: the file starts with a byte order mark"),
        "{note}"
    );
    // Latin-1: the byte, its line and column.
    let e = LoadedGrammar::load(&[AbnfFile::from_bytes("l", b"a = b\n; na\xefve\nb = \"x\"\n")])
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("l:2:5: error: byte 0xEF is not UTF-8"),
        "{e}"
    );
    // CR, LF and CRLF: the same places.
    for end in ["\r", "\n", "\r\n"] {
        let text = ["a = b", "b = \"x\"", "  / c", "; c", "d = e"].join(end) + end;
        assert_eq!(
            findings(&text)[..2],
            [
                "g:3:5: error: `c` is used here and defined nowhere (used in `b`)".to_string(),
                "g:5:5: error: `e` is used here and defined nowhere (used in `d`)".to_string(),
            ],
            "{end:?}"
        );
    }
}

#[test]
fn rules_defined_twice_the_same_way_or_not() {
    let shown = findings("a = b\nb = \"x\"\nb = \"x\"\nc = \"y\"\nc = \"z\"\n");
    assert_eq!(
        shown[..2],
        [
            "g:3:1: note: `b` is defined again, the same as at g:2:1".to_string(),
            "g:5:1: error: `c` is defined twice with `=`, differently (first at g:4:1); use `=/` to add alternatives".to_string(),
        ]
    );
}

#[test]
fn the_warnings_authors_need() {
    let text = "a = *( *\"x\" ) b c d e f\nALPHA = \"q\"\nb = %x80-FF\nc = digit / 0\"z\"\nd = %x110000 / %xD800\ne = <\">\nf = %xE9 / %x100-1FF\n";
    assert_eq!(
        findings(text),
        [
            "g:2:1: warning: `ALPHA` redefines RFC 5234's core rule ALPHA (Appendix B.1)",
            "g:3:5: warning: %x80-FF is above %x7F (and 2 more values above %x7F): values are read as code points (characters U+0080 and up), not as octets of an encoding",
            "g:4:5: warning: `digit` refers to `DIGIT` in another case",
            "g:4:13: warning: a repeat count of 0: the element matches only the empty string",
            "g:5:5: warning: %x110000 is no character (above %x10FFFF, or a surrogate, %xD800-DFFF): it matches nothing",
            "g:5:16: warning: %xD800 is no character (above %x10FFFF, or a surrogate, %xD800-DFFF): it matches nothing",
            "g:6:5: warning: `<\">` is a prose value (RFC 2616's notation for a double quote): write DQUOTE or %x22",
            "g:1:5: warning: a nullable element under an unbounded repetition: it matches the empty string any number of times (make the element non-empty)",
            "g:5:1: warning: `d` matches no string",
        ]
    );
}

#[test]
fn roots_without_an_entry_and_unreachable_rules_with_one() {
    let text =
        "one = two\ntwo = \"2\"\nthree = two\nloop = loop2\nloop2 = \"(\" loop \")\" / \"x\"\n";
    let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
    let report = rules(&g, &[]);
    assert!(report.roots);
    assert_eq!(report.entries, ["one", "three"]);
    let unused: Vec<&str> = report
        .diagnostics
        .iter()
        .filter_map(|d| d.rule.as_deref())
        .collect();
    // Two rules that refer only to each other are reached from no root.
    assert_eq!(unused, ["loop", "loop2"]);
    let report = rules(&g, &["one"]);
    let unused: Vec<&str> = report
        .diagnostics
        .iter()
        .filter_map(|d| d.rule.as_deref())
        .collect();
    assert_eq!(unused, ["three", "loop", "loop2"]);
}

#[test]
fn a_rule_that_matches_nothing_is_listed_as_check_finds_it() {
    let dir = std::env::temp_dir().join(format!("xiri-nothing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("n.abnf");
    std::fs::write(&file, "a = %x110000\n").unwrap();
    let xiri = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_xiri"))
            .args(args)
            .output()
            .unwrap()
    };
    let path = file.display().to_string();
    let listed = String::from_utf8(xiri(&["rules", "--abnf", &path]).stdout).unwrap();
    assert!(listed.starts_with("a  "), "{listed}");
    assert!(
        listed.lines().next().unwrap().ends_with("matches nothing"),
        "{listed}"
    );
    let checked = String::from_utf8(xiri(&["check", "--abnf", &path, "x"]).stdout).unwrap();
    assert!(
        checked.contains("it matches no string (`xiri rules` lists it)"),
        "{checked}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn extract_prints_each_figure_after_its_line_and_loads_back() {
    let dir = format!(
        "{}/tests/data/workbench/sources",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .current_dir(&dir)
        .args(["extract", "draft-example.md", "draft-example-v3.xml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let comments: Vec<&str> = text.lines().filter(|l| l.starts_with(';')).collect();
    assert_eq!(
        comments,
        [
            "; draft-example.md:12",
            "; draft-example.md:23",
            "; draft-example-v3.xml:14",
            "; draft-example-v3.xml:23",
            "; draft-example-v3.xml:35",
        ]
    );
    assert!(
        text.starts_with("; draft-example.md:12\nExample-Field = token *( OWS \";\" OWS param )\n")
    );
    // The Markdown's figures, printed, are plain ABNF that loads as they did.
    let md: String = text
        .split("; draft-example-v3.xml")
        .next()
        .unwrap()
        .to_string();
    let printed = LoadedGrammar::load(&[AbnfFile::new("printed", md)]).unwrap();
    let original =
        LoadedGrammar::load(&[AbnfFile::new("d.md", source("draft-example.md"))]).unwrap();
    assert_eq!(
        printed.rules().collect::<Vec<_>>(),
        original.rules().collect::<Vec<_>>()
    );
    assert_eq!(printed.location_of("OWS").unwrap().line, 8);
}

/// RFC 9110's Appendix A, and the same grammar with the rules that
/// `rfc9110-lists.abnf` defines with lists, as its sections do.
fn rfc9110(lists: ListSyntax) -> (LoadedGrammar, LoadedGrammar) {
    let appendix = AbnfFile::new(
        "appendix-a",
        std::fs::read_to_string(format!(
            "{}/tests/data/workbench/rfc9110-http.abnf",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
        ))
        .unwrap(),
    );
    let body = AbnfFile::new("lists", source("rfc9110-lists.abnf"));
    let options = LoadOptions {
        lists,
        ..LoadOptions::default()
    };
    (
        LoadedGrammar::load(std::slice::from_ref(&appendix)).unwrap(),
        LoadedGrammar::load_with(&[appendix, body], &options).unwrap(),
    )
}

#[test]
fn rfc9110_lists_expand_to_what_appendix_a_prints() {
    let (appendix, lists) = rfc9110(ListSyntax::Sender);
    let replaced: Vec<&str> = lists.replaced().iter().map(|(rule, _, _)| *rule).collect();
    assert_eq!(replaced.len(), 14, "{replaced:?}");
    let printed = |g: &LoadedGrammar| canonical(g, Order::Alphabetical);
    // Every rule, printed in canonical form, is the same text.
    assert_eq!(printed(&lists), printed(&appendix));
    // And the same strings, members and near-misses, on rules whose
    // every rule can be generated.
    for rule in ["Allow", "Vary", "Accept-Encoding", "acceptable-ranges"] {
        let old = Side {
            grammar: &appendix,
            rule,
        };
        let new = Side {
            grammar: &lists,
            rule,
        };
        let c = compare(old, new, 200, 7).unwrap();
        assert!(
            c.differences.is_empty(),
            "{rule}: {:?}",
            c.differences.first()
        );
    }
}

#[test]
fn a_recipient_reads_lists_with_empty_elements() {
    let (_, sender) = rfc9110(ListSyntax::Sender);
    let (_, recipient) = rfc9110(ListSyntax::Recipient);
    // RFC 9110 Section 5.6.1.2's examples for `#element` and `1#element`.
    for (rule, input, by_sender) in [
        ("Allow", "GET, HEAD", true),
        ("Allow", "", true),
        ("Allow", ",", false),
        ("Allow", ",   ,", false),
        ("acceptable-ranges", "bytes", true),
        ("acceptable-ranges", "bytes ,", false),
        ("acceptable-ranges", ", bytes", false),
        ("acceptable-ranges", "bytes , , other", false),
    ] {
        let accepts = |g: &LoadedGrammar| g.decider(rule).unwrap().decide(input).unwrap().accepted;
        assert_eq!(accepts(&sender), by_sender, "{rule} {input:?} (sender)");
        assert!(accepts(&recipient), "{rule} {input:?} (recipient)");
    }
    assert!(
        !recipient
            .decider("acceptable-ranges")
            .unwrap()
            .decide(",")
            .unwrap()
            .accepted
    );
}

/// A recipient's `<n>#<m>element` (docs/DECISIONS.md, "RFC 9110 lists"):
/// what the section's own recipient form for its lower bound accepts
/// (`1#` for n >= 1, `#` for n = 0), with from n to m elements that are
/// not empty. Held to exactly that on every string of up to seven
/// characters of "a", "," and " ".
#[test]
fn a_recipient_counts_only_the_elements_that_are_not_empty() {
    let bounds = [(0, 2), (1, 1), (1, 3), (2, 3), (3, 5), (2, 0), (0, 0)];
    let mut text = String::from("one = 1#\"a\"\nany = #\"a\"\nOWS = *SP\n");
    for (n, m) in bounds {
        let max = if m == 0 && n > 0 {
            String::new()
        } else {
            m.to_string()
        };
        text.push_str(&format!("l{n}x{m} = {n}#{max}\"a\"\n"));
    }
    let options = LoadOptions {
        lists: ListSyntax::Recipient,
        ..LoadOptions::default()
    };
    let g = LoadedGrammar::load_with(&[AbnfFile::new("lists", text)], &options).unwrap();
    let decide = |rule: &str, s: &str| g.decider(rule).unwrap().decide(s).unwrap().accepted;
    let mut strings = vec![String::new()];
    for _ in 0..7 {
        let longer: Vec<String> = strings
            .iter()
            .filter(|s| s.len() == strings.last().map_or(0, String::len))
            .flat_map(|s| ["a", ",", " "].map(|c| format!("{s}{c}")))
            .collect();
        strings.extend(longer);
    }
    assert_eq!(strings.len(), (0..=7).map(|k| 3usize.pow(k)).sum::<usize>());
    for (n, m) in bounds {
        // "2#" with no upper bound is written (2, 0) above.
        let m = if m == 0 && n > 0 { usize::MAX } else { m };
        let rule = format!("l{n}x{}", if m == usize::MAX { 0 } else { m });
        for s in &strings {
            let count = s.matches('a').count();
            let form = if n >= 1 { "one" } else { "any" };
            let expected = decide(form, s) && (n..=m).contains(&count);
            assert_eq!(decide(&rule, s), expected, "{rule} on {s:?}");
        }
    }
}

#[test]
fn canonical_abnf_loads_back_identical() {
    for name in ["draft-example.md", "rfc3986-excerpts.txt"] {
        let g = LoadedGrammar::analyze(&[AbnfFile::new(name, source(name))]).unwrap();
        let text = canonical(&g, Order::Alphabetical);
        assert!(text.lines().all(|l| l.len() <= CANONICAL_WIDTH), "{text}");
        let again = LoadedGrammar::analyze(&[AbnfFile::new("canonical", text.clone())]).unwrap();
        assert_eq!(canonical(&again, Order::Alphabetical), text);
    }
    let g = LoadedGrammar::load(&[AbnfFile::new("d.md", source("draft-example.md"))]).unwrap();
    let again = LoadedGrammar::load(&[AbnfFile::new("c", canonical(&g, Order::Defined))]).unwrap();
    let c = compare(
        Side {
            grammar: &g,
            rule: "Example-Field",
        },
        Side {
            grammar: &again,
            rule: "Example-Field",
        },
        200,
        3,
    )
    .unwrap();
    assert!(c.differences.is_empty());
}

#[test]
fn a_draft_includes_a_built_in_grammar_and_its_prose_resolves() {
    let dir = std::env::temp_dir().join(format!("xiri-include-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("link.abnf"),
        "link = \"<\" URI-reference \">\" *( \";\" param )\nparam = token \"=\" token\ntoken = 1*ALPHA\nURI-reference = <URI-reference, see [RFC3986], Section 4.1>\n",
    )
    .unwrap();
    let xiri = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_xiri"))
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap();
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    // Without the include, the prose value leaves `link` unchecked.
    let (alone, _) = xiri(&["rules", "--abnf", "link.abnf"]);
    assert!(alone.starts_with("link "), "{alone}");
    assert!(
        alone.lines().next().unwrap().ends_with(
            "reaches prose <URI-reference, see [RFC3986], Section 4.1>: can be listed, not checked"
        ),
        "{alone}"
    );
    // With `-g uri`, it is RFC 3986's rule, and `link` (the first rule of
    // the draft, not of the include) is checked by it.
    let (listed, code) = xiri(&["rules", "-g", "uri", "--abnf", "link.abnf"]);
    assert_eq!(code, Some(0), "{listed}");
    assert!(listed.contains("link.abnf:4:1: note: `URI-reference` is <URI-reference, see [RFC3986], Section 4.1> here, and uri (built-in) defines it: its rule is used"), "{listed}");
    let (checked, code) = xiri(&[
        "check",
        "-g",
        "uri",
        "--abnf",
        "link.abnf",
        "<http://a/b>;x=y",
        "<::>",
    ]);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = checked.lines().collect();
    assert!(lines[0].contains("\"valid\":true"), "{checked}");
    assert!(
        lines[1].contains("no match for link at byte 1"),
        "{checked}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
