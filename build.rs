//! Generates, from `grammar/`, the pest parsers and the tables that tie each
//! pest rule to the ABNF production it transcribes; and refuses to build when
//! a rule's `///` quote differs from that production's text in the ABNF file.

#[path = "src/abnf.rs"]
#[allow(dead_code)]
mod abnf;
#[path = "src/abnf_tables.rs"]
mod abnf_tables;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The ABNF file each pest file transcribes, and its notation.
const PEST_SOURCES: &[(&str, &str, abnf::Notation)] = &[
    ("core.pest", "", abnf::Notation::Rfc5234),
    ("uri.pest", "rfc3986.abnf", abnf::Notation::Rfc5234),
    ("iri.pest", "rfc3987.abnf", abnf::Notation::Rfc5234),
    ("iri-chars.pest", "rfc3987.abnf", abnf::Notation::Rfc5234),
    (
        "iri-bis-chars.pest",
        "iri-3987bis.abnf",
        abnf::Notation::Rfc5234,
    ),
    ("leiri.pest", "leiri.abnf", abnf::Notation::W3cNote),
    ("xri.pest", "xri.abnf", abnf::Notation::Rfc5234),
];

/// RFC 5234 Appendix B.1, for the three core rules the grammars use.
const CORE_ABNF: &str = "ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\nHEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

/// Each grammar: module name, the pest files of its parser in order, and the
/// ABNF files whose productions it lists (later files add to earlier ones;
/// a production already listed is not listed again).
const GRAMMARS: &[(&str, &[&str], &[&str])] = &[
    ("uri", &["core.pest", "uri.pest"], &["rfc3986.abnf"]),
    (
        "iri",
        &["core.pest", "uri.pest", "iri.pest", "iri-chars.pest"],
        &["rfc3987.abnf"],
    ),
    (
        "iri_bis",
        &["core.pest", "uri.pest", "iri.pest", "iri-bis-chars.pest"],
        &["iri-3987bis.abnf", "rfc3987.abnf"],
    ),
    (
        "leiri",
        &["core.pest", "uri.pest", "iri.pest", "leiri.pest"],
        &["leiri.abnf"],
    ),
    (
        "xri",
        &["core.pest", "uri.pest", "iri-chars.pest", "xri.pest"],
        &["xri.abnf"],
    ),
];

struct PestRule {
    name: String,
    /// The `///` lines, joined.
    doc: String,
    /// The rule as written, with its doc and `//` comments.
    text: String,
    silent: bool,
    file: &'static str,
}

fn main() {
    println!("cargo:rerun-if-changed=grammar");
    println!("cargo:rerun-if-changed=src/abnf.rs");
    println!("cargo:rerun-if-changed=src/abnf_tables.rs");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let read = |name: &str| -> String {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("grammar/{name}: {e}"))
    };

    let mut abnf_files: BTreeMap<&str, Vec<abnf::Production>> = BTreeMap::new();
    abnf_files.insert("", abnf::productions(CORE_ABNF));
    let mut pest_files: BTreeMap<&str, Vec<PestRule>> = BTreeMap::new();
    let mut errors = Vec::new();
    for &(pest_file, abnf_file, notation) in PEST_SOURCES {
        if !abnf_file.is_empty() {
            let source = read(abnf_file);
            let mut productions = abnf::productions(&abnf::to_rfc5234(&source, notation));
            if notation == abnf::Notation::W3cNote {
                // Show the productions as the Note prints them.
                for (name, printed) in abnf::w3c_printed(&source) {
                    if let Some(p) = productions.iter_mut().find(|p| p.name == name) {
                        p.text = printed;
                    }
                }
            }
            abnf_files.insert(abnf_file, productions);
        }
        let rules = pest_rules(&read(pest_file), pest_file);
        let productions = &abnf_files[abnf_file];
        for rule in &rules {
            check_rule(rule, productions, abnf_file, &mut errors);
        }
        pest_files.insert(pest_file, rules);
    }
    if !errors.is_empty() {
        panic!("grammar/ is inconsistent:\n{}", errors.join("\n"));
    }

    let mut out = String::new();
    for &(module, files, listed) in GRAMMARS {
        generate_grammar(module, files, listed, &pest_files, &abnf_files, &mut out);
    }
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("grammars.rs"), out).expect("write grammars.rs");
    let tables = scan_tables(&read).unwrap_or_else(|e| panic!("the fast path's tables: {e}"));
    std::fs::write(Path::new(&out_dir).join("scan_tables.rs"), tables)
        .expect("write scan_tables.rs");
}

/// How a class is read off its rule.
#[derive(Clone, Copy, PartialEq)]
enum Take {
    /// The characters of the rule's repeated element (or of the rule), and
    /// whether pct-encoded is among them.
    Element,
    /// The characters that lead the repeated sequence: the "/" of
    /// `path-abempty = *( "/" segment )`.
    Leading,
}

/// The classes the fast path (src/scan.rs, src/xri/fast.rs) checks
/// characters against, as (bit name, URI rule, IRI rule, XRI rule, how the
/// class is read off the rule). The IRI rule serves IRI, IRI-bis and LEIRI;
/// "" is a class the grammar does not have (no characters).
#[rustfmt::skip]
const SCAN_CLASSES: &[(&str, &str, &str, &str, Take)] = &[
    ("SCHEME",       "scheme",        "scheme",         "scheme",        Take::Element),
    ("PCHAR",        "pchar",         "ipchar",         "ipchar",        Take::Element),
    ("USERINFO",     "userinfo",      "iuserinfo",      "iuserinfo",     Take::Element),
    ("REG_NAME",     "reg-name",      "ireg-name",      "ireg-name",     Take::Element),
    ("QUERY",        "query",         "iquery",         "iquery",        Take::Element),
    ("FRAGMENT",     "fragment",      "ifragment",      "ifragment",     Take::Element),
    ("SEGMENT_NC",   "segment-nz-nc", "isegment-nz-nc", "",              Take::Element),
    ("ALPHA",        "ALPHA",         "ALPHA",          "ALPHA",         Take::Element),
    ("DIGIT",        "DIGIT",         "DIGIT",          "DIGIT",         Take::Element),
    ("HEXDIG",       "HEXDIG",        "HEXDIG",         "HEXDIG",        Take::Element),
    ("SLASH",        "path-abempty",  "ipath-abempty",  "ipath-abempty", Take::Leading),
    ("XRI_PCHAR",    "",              "",               "xri-pchar",     Take::Element),
    ("XRI_PCHAR_NC", "",              "",               "xri-pchar-nc",  Take::Element),
];

/// The regular productions the fast path runs as DFAs.
const SCAN_DFAS: &[(&str, &str)] = &[("IPV4", "IPv4address"), ("IP_LITERAL", "IP-literal")];

/// `$OUT_DIR/scan_tables.rs`: for each grammar the fast path covers, an
/// ASCII table of class bits, the classes' ranges beyond ASCII and which
/// allow pct-encoded; and the DFAs, the same for every grammar (checked).
fn scan_tables(read: &dyn Fn(&str) -> String) -> Result<String, String> {
    let mut out = String::from(
        "// Generated by build.rs from grammar/*.abnf (src/abnf_tables.rs). Do not edit.\n\n",
    );
    for (bit, (name, ..)) in SCAN_CLASSES.iter().enumerate() {
        writeln!(out, "pub(crate) const {name}: u16 = 1 << {bit};").unwrap();
    }
    let mut dfas: Vec<abnf_tables::Dfa> = Vec::new();
    for (konst, grammar, column) in [
        ("URI", "uri", 0),
        ("IRI", "iri", 1),
        ("IRI_BIS", "iri-bis", 1),
        ("LEIRI", "leiri", 1),
        ("XRI", "xri", 2),
    ] {
        let text = abnf::effective(grammar, read).ok_or("no such grammar")?;
        let rules = abnf_tables::Rules::from_texts(&[CORE_ABNF, &text])?;
        // 256 entries: a byte from 0x80 up is in no class here (characters
        // beyond ASCII are looked up in their ranges).
        let mut ascii = [0u16; 256];
        let mut pct = 0u16;
        let mut beyond = String::new();
        for (bit, &(name, uri_rule, iri_rule, xri_rule, take)) in SCAN_CLASSES.iter().enumerate() {
            let rule = [uri_rule, iri_rule, xri_rule][column];
            let class = if rule.is_empty() {
                Ok(abnf_tables::Class::default())
            } else if take == Take::Leading {
                rules.leading_class(rule)
            } else {
                rules.class(rule)
            }
            .map_err(|e| format!("{grammar}: {e}"))?;
            for (c, bits) in ascii.iter_mut().enumerate().take(128) {
                if class.contains(c as u32) {
                    *bits |= 1 << bit;
                }
            }
            if class.pct {
                pct |= 1 << bit;
            }
            let ranges: Vec<String> = class
                .ranges
                .iter()
                .filter(|&&(_, hi)| hi >= 128)
                .map(|&(lo, hi)| format!("(0x{:X}, 0x{hi:X})", lo.max(128)))
                .collect();
            writeln!(
                beyond,
                "        // {name}: {}\n        &[{}],",
                if rule.is_empty() {
                    "(not in this grammar)"
                } else {
                    rule
                },
                ranges.join(", ")
            )
            .unwrap();
        }
        writeln!(
            out,
            "\n/// The `{grammar}` grammar's classes.\npub(crate) static {konst}: Tables = Tables {{\n    ascii: {ascii:?},\n    pct: {pct},\n    beyond: &[\n{beyond}    ],\n}};"
        )
        .unwrap();
        for (k, &(_, rule)) in SCAN_DFAS.iter().enumerate() {
            let dfa = rules
                .dfa(rule)
                .map_err(|e| format!("{grammar} {rule}: {e}"))?;
            match dfas.get(k) {
                None => dfas.push(dfa),
                Some(first) if *first == dfa => {}
                Some(_) => {
                    return Err(format!(
                        "{rule} differs in {grammar}; the fast path shares one DFA"
                    ))
                }
            }
        }
    }
    for (dfa, (name, rule)) in dfas.iter().zip(SCAN_DFAS) {
        let rows: Vec<String> = dfa.rows.iter().map(|r| format!("{r:?}")).collect();
        writeln!(
            out,
            "\n/// `{rule}`, {} states.\npub(crate) static {name}: Dfa = Dfa {{\n    rows: &[{}],\n    accepting: &{:?},\n}};",
            dfa.rows.len(),
            rows.join(",\n        "),
            dfa.accepting
        )
        .unwrap();
    }
    Ok(out)
}

/// A documented rule must quote its production exactly; an undocumented one
/// must be a PEG helper: silent, or an `_eoi` entry point.
fn check_rule(
    rule: &PestRule,
    productions: &[abnf::Production],
    abnf_file: &str,
    errors: &mut Vec<String>,
) {
    if rule.doc.is_empty() {
        if !rule.silent && !rule.name.ends_with("_eoi") {
            errors.push(format!(
                "{}: rule `{}` has no `///` quote of an ABNF production and is not a PEG helper (silent, or an _eoi entry)",
                rule.file, rule.name
            ));
        }
        return;
    }
    let Some((name, body)) = rule.doc.split_once('=') else {
        errors.push(format!(
            "{}: `{}`'s doc is not `name = production`",
            rule.file, rule.name
        ));
        return;
    };
    let name = name.trim();
    if abnf::pest_name(name) != rule.name {
        errors.push(format!(
            "{}: rule `{}` quotes the production `{name}`",
            rule.file, rule.name
        ));
    }
    match productions.iter().find(|p| p.name == name) {
        None => errors.push(format!(
            "{}: `{name}` is not a production of grammar/{abnf_file}",
            rule.file
        )),
        Some(p) if p.body != quoted_body(body) => errors.push(format!(
            "{}: `{}` quotes\n    {}\n  but grammar/{abnf_file} has\n    {}",
            rule.file,
            rule.name,
            quoted_body(body),
            p.body
        )),
        Some(_) => {}
    }
}

/// A `///` quote's right-hand side as the ABNF files compare: comments
/// dropped, white space folded, the LEIRI Note's `'"'` spelled `%x22`.
fn quoted_body(body: &str) -> String {
    abnf::fold_whitespace(abnf::strip_comment(&body.replace("'\"'", "%x22")))
}

/// Splits a pest file into rules, keeping each rule's preceding comments.
fn pest_rules(source: &str, file: &'static str) -> Vec<PestRule> {
    let mut rules = Vec::new();
    let mut pending: Vec<&str> = Vec::new();
    let mut lines = source.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.starts_with("//!") || trimmed.is_empty() {
            pending.clear();
            continue;
        }
        if trimmed.starts_with("//") {
            pending.push(line);
            continue;
        }
        let Some((name, rest)) = line.split_once('=') else {
            continue;
        };
        let name = name.trim().to_string();
        let mut text: Vec<&str> = pending.clone();
        text.push(line);
        let mut depth = brace_depth(rest);
        while depth > 0 {
            let Some(next) = lines.next() else { break };
            text.push(next);
            depth += brace_depth(next);
        }
        let doc = pending
            .iter()
            .filter_map(|l| l.trim().strip_prefix("///"))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        rules.push(PestRule {
            name,
            doc,
            text: text.join("\n"),
            silent: rest.trim_start().starts_with('_'),
            file,
        });
        pending.clear();
    }
    rules
}

/// Net `{` minus `}` outside quoted strings and character literals.
fn brace_depth(line: &str) -> i32 {
    let mut depth = 0;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '\'' => {
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '\'' => break,
                        _ => {}
                    }
                }
            }
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
    }
    depth
}

fn write_info(
    out: &mut String,
    name: &str,
    pest: &str,
    abnf: &str,
    abnf_file: &str,
    rule: &PestRule,
) {
    let _ = writeln!(
        out,
        "        crate::grammar::RuleInfo {{ name: {name:?}, pest_name: {pest:?}, abnf: {abnf:?}, abnf_file: {abnf_file:?}, pest: {:?}, pest_file: {:?} }},",
        rule.text, rule.file
    );
}

fn generate_grammar(
    module: &str,
    files: &[&str],
    listed: &[&str],
    pest_files: &BTreeMap<&str, Vec<PestRule>>,
    abnf_files: &BTreeMap<&str, Vec<abnf::Production>>,
    out: &mut String,
) {
    let rules: Vec<&PestRule> = files.iter().flat_map(|f| pest_files[f].iter()).collect();
    let by_name: BTreeMap<&str, &PestRule> = rules.iter().map(|r| (r.name.as_str(), *r)).collect();
    let _ = writeln!(
        out,
        "/// The `{module}` grammar's pest parser and rule tables (generated by build.rs)."
    );
    let _ = writeln!(out, "pub(crate) mod {module} {{");
    let _ = writeln!(out, "    #[derive(pest_derive::Parser)]");
    for f in files {
        let _ = writeln!(out, "    #[grammar = \"../grammar/{f}\"]");
    }
    let _ = writeln!(out, "    pub(crate) struct Parser;\n");

    // The productions this grammar lists, in the order of its ABNF files,
    // each with the pest rule that transcribes it; then the PEG entry points.
    let mut seen = std::collections::BTreeSet::new();
    let _ = writeln!(
        out,
        "    pub(crate) static RULES: &[crate::grammar::RuleInfo] = &["
    );
    for abnf_file in listed.iter().copied().chain(std::iter::once("")) {
        for p in &abnf_files[abnf_file] {
            let pest = abnf::pest_name(&p.name);
            if !seen.insert(pest.clone()) {
                continue;
            }
            let rule = by_name.get(pest.as_str()).unwrap_or_else(|| {
                panic!(
                    "grammar `{module}`: production `{}` of grammar/{abnf_file} has no pest rule",
                    p.name
                )
            });
            let file = if abnf_file.is_empty() {
                "RFC 5234 B.1"
            } else {
                abnf_file
            };
            write_info(out, &p.name, &pest, &p.text, file, rule);
        }
    }
    for rule in rules.iter().filter(|r| r.name.ends_with("_eoi")) {
        write_info(out, &rule.name, &rule.name, "", "", rule);
    }
    let _ = writeln!(out, "    ];\n");
    let _ = writeln!(out, "    /// The production a rule transcribes, spelled as in the ABNF; \"\" for PEG entry points.");
    let _ = writeln!(out, "    pub(crate) fn name(rule: Rule) -> &'static str {{");
    let _ = writeln!(out, "        match rule {{");
    for r in &rules {
        let helper = r.silent || r.name.ends_with("_eoi");
        let abnf_name = if helper {
            String::new()
        } else {
            r.name.replace('_', "-")
        };
        let _ = writeln!(out, "            Rule::{} => {:?},", r.name, abnf_name);
    }
    let _ = writeln!(out, "            Rule::EOI => \"end of input\",");
    let _ = writeln!(out, "        }}\n    }}\n");
    let _ = writeln!(out, "    /// The rule a pest name denotes.");
    let _ = writeln!(out, "    pub(crate) fn rule(name: &str) -> Option<Rule> {{");
    let _ = writeln!(out, "        Some(match name {{");
    for r in &rules {
        let _ = writeln!(out, "            {:?} => Rule::{},", r.name, r.name);
    }
    let _ = writeln!(
        out,
        "            _ => return None,\n        }})\n    }}\n}}\n"
    );
}
