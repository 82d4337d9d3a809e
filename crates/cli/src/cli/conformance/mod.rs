//! `xiri conformance`: every printed example of the specifications, what
//! each spec says of it, what xiri gives, and the verdict, document by
//! document and section by section; then the peers' vectors, peer by peer.
//!
//! Everything it reads is compiled in from `tests/data/` (the files the
//! tests read): spec-examples.tsv and spec-operations.tsv, and RFC 6570's
//! examples in tests/data/rfc6570/ ([`data`]), the
//! peers' vector files ([`peers`], [`vectors`]), peer-differences.tsv (why
//! xiri differs from a vector) and ecosystem.json (what other crates
//! answer, written by crates/cli/tests/it/conformance_report.rs). docs/CONFORMANCE.md is
//! its Markdown, and a test fails when that file is stale.

pub mod answer;
pub mod data;
pub mod peers;
mod render;
pub mod vectors;

use serde_json::Value;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// Why xiri differs from a peer's vector: `tests/data/peer-differences.tsv`.
const PEER_DIFFERENCES: &str = include_str!("../../../../../tests/data/peer-differences.tsv");
/// What oxiri, iri-string, fluent-uri and url answer to the same questions:
/// `tests/data/ecosystem.json`.
const ECOSYSTEM: &str = include_str!("../../../../../tests/data/ecosystem.json");

/// The crates whose answers stand beside xiri's, in the report's order.
pub const CRATES: [&str; 4] = ["oxiri", "iri-string", "fluent-uri", "url"];

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Md,
    Json,
    Html,
}

/// One row of the report: an example and the answers to its question.
pub struct Row {
    pub example: data::Example,
    pub gives: String,
    pub agrees: bool,
    /// The other crates' answers, by crate; absent where their API does
    /// not ask the question.
    pub crates: BTreeMap<String, String>,
}

/// One peer's vectors and xiri's answers.
pub struct PeerGroup {
    pub group: peers::Group,
    pub rows: Vec<PeerRow>,
    /// Lines of other kinds, not checked, by kind.
    pub unchecked: BTreeMap<String, usize>,
}

/// A vector, xiri's answer, and why they differ where they do.
pub struct PeerRow {
    pub vector: vectors::Vector,
    pub gives: String,
    pub agrees: bool,
    /// The DECISIONS.md anchor and the reason, from peer-differences.tsv.
    pub why: Option<(String, String)>,
}

/// The whole report.
pub struct Report {
    pub rows: Vec<Row>,
    pub peers: Vec<PeerGroup>,
    /// The crates' versions, from ecosystem.json.
    pub versions: BTreeMap<String, String>,
}

pub fn run(format: Format) -> Result<ExitCode, String> {
    let report = report()?;
    let text = match format {
        Format::Md => render::markdown(&report),
        Format::Html => render::html(&report),
        Format::Json => format!("{:#}\n", render::json(&report)),
    };
    super::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Answers every row and every vector.
pub fn report() -> Result<Report, String> {
    let (versions, answers) = ecosystem()?;
    let mut rows: Vec<Row> = data::examples()?
        .into_iter()
        .map(|example| {
            let answer = answer::answer(&example);
            let key = (
                example.asked.clone(),
                example.input.clone(),
                example.with.clone().unwrap_or_default(),
            );
            Row {
                crates: answers.get(&key).cloned().unwrap_or_default(),
                gives: answer.gives,
                agrees: answer.agrees,
                example,
            }
        })
        .collect();
    // Document by document, section by section; within a section, the
    // files' order (syntax first).
    rows.sort_by_key(|r| {
        (
            source_rank(&r.example.source),
            section_key(&r.example.section),
        )
    });
    let differences = peer_differences()?;
    let mut groups = Vec::new();
    for group in peers::groups()? {
        let rows = vectors::vectors(&group)
            .into_iter()
            .map(|vector| {
                let ours = vectors::answer(&vector);
                let split = vector
                    .split
                    .as_deref()
                    .filter(|s| s.starts_with("authsubs"));
                let our_split = split.and_then(|_| vectors::split_counts(&vector.input));
                let agrees = vectors::agrees(&vector, &ours) && split == our_split.as_deref();
                let mut gives = match ours {
                    Ok(out) => out,
                    Err(e) => format!("error: {e}"),
                };
                if let Some(ours) = split.and(our_split.as_deref()) {
                    gives = format!("{gives}, {ours}");
                }
                let kind = match &vector.rule {
                    Some(rule) => format!("{} {rule}", vector.kind),
                    None => vector.kind.clone(),
                };
                let input = match &vector.base {
                    Some(base) => format!("{base} | {}", vector.input),
                    None => vector.input.clone(),
                };
                let key = (vector.group.clone(), kind, input);
                PeerRow {
                    why: differences.get(&key).cloned(),
                    vector,
                    gives,
                    agrees,
                }
            })
            .collect();
        let unchecked = vectors::unchecked(&group);
        groups.push(PeerGroup {
            group,
            rows,
            unchecked,
        });
    }
    // The XRI groups in their letters' order, then Jena's.
    groups.sort_by_key(|g| g.group.letter.starts_with('J'));
    Ok(Report {
        rows,
        peers: groups,
        versions,
    })
}

fn source_rank(source: &str) -> usize {
    data::SOURCES
        .iter()
        .position(|(s, _, _)| *s == source)
        .unwrap_or(data::SOURCES.len())
}

/// "5.4.1" sorts as [5, 4, 1]; an appendix ("B") after every number.
fn section_key(section: &str) -> Vec<u32> {
    section
        .split('.')
        .map(|part| {
            part.parse::<u32>()
                .unwrap_or_else(|_| 1000 + part.chars().next().map_or(0, u32::from))
        })
        .collect()
}

/// peer-differences.tsv: group, kind, input (the vector file's escapes;
/// "base | reference" for a resolution), anchor, reason.
type Differences = BTreeMap<(String, String, String), (String, String)>;

fn peer_differences() -> Result<Differences, String> {
    let mut out = BTreeMap::new();
    for (n, line) in PEER_DIFFERENCES.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [group, kind, input, anchor, reason] = fields.as_slice() else {
            return Err(format!(
                "tests/data/peer-differences.tsv:{}: not five fields",
                n + 1
            ));
        };
        let key = (group.to_string(), kind.to_string(), vectors::field(input));
        out.insert(key, (anchor.to_string(), reason.to_string()));
    }
    Ok(out)
}

/// The crates' answers, by (question, input, with), and their versions.
type Answers = BTreeMap<(String, String, String), BTreeMap<String, String>>;

fn ecosystem() -> Result<(BTreeMap<String, String>, Answers), String> {
    let value: Value =
        serde_json::from_str(ECOSYSTEM).map_err(|e| format!("tests/data/ecosystem.json: {e}"))?;
    let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_string);
    let versions = value
        .get("versions")
        .and_then(Value::as_object)
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    let mut answers = BTreeMap::new();
    for entry in value
        .get("answers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let key = (
            text(entry, "asked").unwrap_or_default(),
            text(entry, "input").unwrap_or_default(),
            text(entry, "with").unwrap_or_default(),
        );
        let by_crate = CRATES
            .iter()
            .filter_map(|c| Some((c.to_string(), text(entry, c)?)))
            .collect();
        answers.insert(key, by_crate);
    }
    Ok((versions, answers))
}
