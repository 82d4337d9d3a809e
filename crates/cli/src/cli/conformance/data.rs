//! The printed examples of the specifications, as data:
//! `tests/data/spec-examples.tsv` (syntax) and
//! `tests/data/spec-operations.tsv` (resolution, comparison, normalization,
//! conversion, components). Both are compiled in, so `xiri conformance`
//! needs no file at run time; the tests read them through this module too
//! (`tests/common/mod.rs` includes it), so the report and the tests see the
//! same rows. The files' headers say what each column holds.

use std::str::FromStr;
use xiri::{Grammar, Spaces};

/// `tests/data/spec-examples.tsv`.
pub const SYNTAX: &str = include_str!("../../../../../tests/data/spec-examples.tsv");
/// `tests/data/spec-operations.tsv`.
pub const OPERATIONS: &str = include_str!("../../../../../tests/data/spec-operations.tsv");

/// What a row asks of its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Does the input match the rule of the grammar?
    Valid { grammar: Grammar, rule: String },
    /// The target of the input (a reference) against the base `with`.
    Resolve(Grammar),
    /// Are the input and `with` equivalent?
    Equiv(Grammar, Flags),
    /// The normal form.
    Normalize(Grammar, Flags),
    /// The input converted from one form to another, with IDNA for
    /// registered names or a document charset for http(s) queries.
    Convert {
        from: Grammar,
        to: Grammar,
        idna: bool,
        charset: Option<String>,
    },
    /// The text after each step of a conversion.
    Steps { from: Grammar, to: Grammar },
    /// The components the spec names.
    Components(Grammar),
    /// RFC 3986 5.2.4 on a path.
    DotSegments,
    /// The IRI processing draft's section 5, component by component.
    DraftComponents,
    /// The IRI processing draft's section 4, spaces handled so.
    Preprocess(Spaces),
    /// The input is an RFC 6570 template, `with` its variables as a JSON
    /// object; `says` is its expansion, or several joined by " or " (an
    /// associative array's pairs in any order).
    Expand,
    /// The identifiers in running text (`xiri::find`), in a syntax.
    Find(Grammar),
}

/// The normalization options a row asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub scheme_based: bool,
    pub nfc: bool,
}

/// One row: a printed (or constructed) example and what the spec says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// rfc3986, rfc6874, rfc3987, iri-bis, leiri, iri-processing or xri.
    pub source: String,
    pub section: String,
    pub question: Question,
    /// The question as the file writes it ("valid uri absolute", "resolve xri").
    pub asked: String,
    /// With the XML notation turned into characters.
    pub input: String,
    /// The base of a resolution, the other side of a comparison.
    pub with: Option<String>,
    /// What the specification prints or says.
    pub says: String,
    /// The docs/DECISIONS.md anchor that explains why xiri differs.
    pub differs: Option<String>,
    pub note: Option<String>,
    /// Not printed as such by the spec: built from its prose or around a
    /// fragment it prints (the note starts with "constructed").
    pub constructed: bool,
    /// Where the row is: the file and its line, counted from 1.
    pub file: &'static str,
    pub line: usize,
}

/// RFC 6570's printed examples, in uritemplate-test's format
/// (tests/data/rfc6570/README.md): section 1.2's table, sections 2.4,
/// 2.1 and 3.2.
pub const TEMPLATES: [(&str, &str); 3] = [
    (
        "tests/data/rfc6570/spec-examples.json",
        include_str!("../../../../../tests/data/rfc6570/spec-examples.json"),
    ),
    (
        "tests/data/rfc6570/section-2.4.json",
        include_str!("../../../../../tests/data/rfc6570/section-2.4.json"),
    ),
    (
        "tests/data/rfc6570/spec-examples-by-section.json",
        include_str!("../../../../../tests/data/rfc6570/spec-examples-by-section.json"),
    ),
];

/// Every row of both files, the syntax examples, then the operations;
/// then RFC 6570's templates.
pub fn examples() -> Result<Vec<Example>, String> {
    let mut rows = read("tests/data/spec-examples.tsv", SYNTAX, true)?;
    rows.extend(read("tests/data/spec-operations.tsv", OPERATIONS, false)?);
    for (file, text) in TEMPLATES {
        rows.extend(templates(file, text)?);
    }
    Ok(rows)
}

/// The rows of one RFC 6570 example file: each template with the
/// variables it names (as a JSON object) and its printed expansion.
fn templates(file: &'static str, text: &str) -> Result<Vec<Example>, String> {
    use serde_json::Value;
    let at = |why: String| format!("{file}: {why}");
    let groups: Value = serde_json::from_str(text).map_err(|e| at(e.to_string()))?;
    let mut rows = Vec::new();
    for (name, group) in groups.as_object().into_iter().flatten() {
        // "3.2.2 Simple String Expansion"; section 1.2's "Level 1 Examples".
        let section = name
            .split(' ')
            .next()
            .filter(|s| s.starts_with(|c: char| c.is_ascii_digit()))
            .unwrap_or("1.2");
        let variables = group.get("variables").and_then(Value::as_object);
        let cases = group.get("testcases").and_then(Value::as_array);
        for case in cases.into_iter().flatten() {
            let template = case
                .get(0)
                .and_then(Value::as_str)
                .ok_or(at(format!("{case}")))?;
            let says = match case.get(1) {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Array(any)) => {
                    let any: Vec<&str> = any.iter().filter_map(Value::as_str).collect();
                    any.join(" or ")
                }
                _ => return Err(at(format!("{template}: no expansion"))),
            };
            let parsed = xiri::template::Template::parse(template)
                .map_err(|e| at(format!("{template}: {e}")))?;
            let mut with = serde_json::Map::new();
            for name in parsed.variables() {
                if let Some(v) = variables.and_then(|vars| vars.get(name)) {
                    with.insert(name.to_string(), v.clone());
                }
            }
            // The RFC prints no "'" in a template; uritemplate-test adds
            // two, for erratum 6937.
            let note = template.contains('\'').then(|| {
                "constructed: uritemplate-test's case for RFC 6570 erratum 6937 (\"'\" a literal)"
                    .to_string()
            });
            let quoted = serde_json::to_string(template).unwrap_or_default();
            let line = text.find(&quoted).map_or(0, |i| text[..i].lines().count());
            rows.push(Example {
                source: "rfc6570".into(),
                section: section.to_string(),
                question: Question::Expand,
                asked: "expand template".into(),
                input: template.to_string(),
                with: Some(Value::Object(with).to_string()),
                says,
                differs: None,
                constructed: note.is_some(),
                note,
                file,
                line,
            });
        }
    }
    Ok(rows)
}

/// The specifications, in the order the report takes them: the source
/// column's name, how a section is cited ("RFC 3986 5.4"), and the title.
pub const SOURCES: [(&str, &str, &str); 8] = [
    ("rfc3986", "RFC 3986", "RFC 3986, URI Generic Syntax"),
    (
        "rfc6874",
        "RFC 6874",
        "RFC 6874, IPv6 Zone Identifiers in Address Literals and URIs (opt-in)",
    ),
    (
        "rfc3987",
        "RFC 3987",
        "RFC 3987, Internationalized Resource Identifiers",
    ),
    (
        "iri-bis",
        "3987bis",
        "draft-ietf-iri-3987bis-07, the revision of RFC 3987",
    ),
    (
        "leiri",
        "LEIRI Note",
        "W3C Note, Legacy extended IRIs for XML resource identification",
    ),
    (
        "iri-processing",
        "IRI processing draft",
        "Internet-Draft on IRI processing (2011)",
    ),
    ("xri", "XRI 2.0", "OASIS XRI Syntax V2.0"),
    ("rfc6570", "RFC 6570", "RFC 6570, URI Template"),
];

impl Example {
    /// The document and section, as the docs cite them: "RFC 3986 5.4.1".
    pub fn cited(&self) -> String {
        let cite = SOURCES
            .iter()
            .find(|(s, _, _)| *s == self.source)
            .map_or(self.source.as_str(), |(_, cite, _)| cite);
        format!("{cite} {}", self.section)
    }
}

fn read(file: &'static str, text: &str, syntax: bool) -> Result<Vec<Example>, String> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("{file}:{}: {why}", n + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let (source, section, question, asked, input, with, says, differs, note) = if syntax {
            let [source, section, grammar, rule, input, says, differs, rest @ ..] =
                fields.as_slice()
            else {
                return Err(at("fewer than seven fields".into()));
            };
            let grammar = Grammar::from_str(grammar).map_err(|e| at(e.to_string()))?;
            let question = Question::Valid {
                grammar,
                rule: rule.to_string(),
            };
            let asked = format!("valid {grammar} {rule}");
            (
                source, section, question, asked, input, None, says, differs, rest,
            )
        } else {
            let [source, section, operation, input, with, says, differs, rest @ ..] =
                fields.as_slice()
            else {
                return Err(at("fewer than seven fields".into()));
            };
            let question = operation_question(operation).map_err(at)?;
            let with = Some(*with).filter(|w| *w != "-");
            (
                source,
                section,
                question,
                operation.to_string(),
                input,
                with,
                says,
                differs,
                rest,
            )
        };
        if !SOURCES.iter().any(|(s, _, _)| s == source) {
            return Err(at(format!("unknown source {source:?}")));
        }
        if note.len() > 1 {
            return Err(at("more than eight fields".into()));
        }
        let note = note.first().map(|n| n.to_string());
        rows.push(Example {
            source: source.to_string(),
            section: section.to_string(),
            question,
            asked,
            input: xml_notation(input).map_err(at)?,
            with: with.map(xml_notation).transpose().map_err(at)?,
            says: xml_notation(says).map_err(at)?,
            differs: Some(differs.to_string()).filter(|d| d != "-"),
            constructed: note
                .as_deref()
                .is_some_and(|n| n.starts_with("constructed")),
            note,
            file,
            line: n + 1,
        });
    }
    Ok(rows)
}

/// The question an operation column asks.
fn operation_question(operation: &str) -> Result<Question, String> {
    let words: Vec<&str> = operation.split(' ').collect();
    let grammar = |i: usize| -> Result<Grammar, String> {
        let name = words
            .get(i)
            .ok_or(format!("{operation:?} names no grammar"))?;
        Grammar::from_str(name).map_err(|e| e.to_string())
    };
    let flags = |from: usize| -> Result<Flags, String> {
        let mut flags = Flags::default();
        for word in words.iter().skip(from) {
            match *word {
                "scheme-based" => flags.scheme_based = true,
                "nfc" => flags.nfc = true,
                other => return Err(format!("unknown option {other:?} in {operation:?}")),
            }
        }
        Ok(flags)
    };
    let arity = |n: usize| -> Result<(), String> {
        if words.len() == n {
            Ok(())
        } else {
            Err(format!("{operation:?} has {} words, not {n}", words.len()))
        }
    };
    Ok(match words.first().copied().unwrap_or_default() {
        "resolve" => arity(2).and(grammar(1).map(Question::Resolve))?,
        "equiv" => Question::Equiv(grammar(1)?, flags(2)?),
        "normalize" => Question::Normalize(grammar(1)?, flags(2)?),
        "convert" => {
            let (mut idna, mut charset) = (false, None);
            for word in words.iter().skip(3) {
                match word.strip_prefix("charset=") {
                    Some(label) => charset = Some(label.to_string()),
                    None if *word == "idna" => idna = true,
                    None => return Err(format!("unknown option {word:?} in {operation:?}")),
                }
            }
            Question::Convert {
                from: grammar(1)?,
                to: grammar(2)?,
                idna,
                charset,
            }
        }
        "preprocess" => arity(2).and(match words.get(1).copied() {
            Some("split") => Ok(Question::Preprocess(Spaces::Split)),
            Some("encode") => Ok(Question::Preprocess(Spaces::Encode)),
            Some("remove") => Ok(Question::Preprocess(Spaces::Remove)),
            other => Err(format!("preprocess {other:?}: split, encode or remove")),
        })?,
        "steps" => arity(3).and(Ok(Question::Steps {
            from: grammar(1)?,
            to: grammar(2)?,
        }))?,
        "components" => arity(2).and(grammar(1).map(Question::Components))?,
        "find" => arity(2).and(grammar(1).map(Question::Find))?,
        "dot-segments" => arity(1).map(|()| Question::DotSegments)?,
        "draft-components" => arity(1).map(|()| Question::DraftComponents)?,
        other => return Err(format!("unknown operation {other:?}")),
    })
}

/// RFC 3987 1.4's XML notation: "&#x" hex ";" is the character, "&amp;"
/// is "&"; any other "&" is itself.
pub fn xml_notation(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        if let Some(tail) = after.strip_prefix("&amp;") {
            out.push('&');
            rest = tail;
        } else if let Some(hex) = after.strip_prefix("&#x") {
            let end = hex
                .find(';')
                .ok_or(format!("{text:?}: \"&#x\" without \";\""))?;
            let c = u32::from_str_radix(&hex[..end], 16)
                .ok()
                .and_then(char::from_u32)
                .ok_or(format!("{text:?}: &#x{}; is no character", &hex[..end]))?;
            out.push(c);
            rest = &hex[end + 1..];
        } else {
            out.push('&');
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// The components `says` names ("name=value" separated by spaces), each
/// with its value in `found`, in the same words ("<undefined>" for one that
/// is absent); `None` when `found` has no such component at all.
pub fn named(found: &[(&str, Option<String>)], says: &str) -> Option<String> {
    let mut words = Vec::new();
    for pair in says.split(' ') {
        let name = pair.split('=').next().unwrap_or_default();
        let (_, value) = found.iter().find(|(n, _)| *n == name)?;
        let value = value.as_deref().unwrap_or("<undefined>");
        words.push(format!("{name}={value}"));
    }
    Some(words.join(" "))
}
