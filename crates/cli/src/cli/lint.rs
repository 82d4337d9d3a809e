//! `xiri preprocess` and `xiri lint`.

use serde_json::{json, Value};
use std::process::ExitCode;
use xiri::Spaces;

pub fn preprocess(
    spaces: Spaces,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    super::batch::run(json_input, inputs, "output", Value::Null, |s| {
        let out = xiri::preprocess(s, spaces);
        Ok(match spaces {
            Spaces::Split => json!(out),
            _ => json!(out.first()),
        })
    })
}

/// How many findings `lint` lists in each of an input's two lists (runs
/// counted as one); the rest are counted in `omitted`. An answer is then
/// at most a few hundred bytes a finding whatever the input's length: 1.2
/// MB of U+2215 printed 91 MB before (issue 41).
pub const MAX_LISTED: usize = 64;

/// Each input's LEIRI Note section 5 characters (`findings`), after the
/// error its bidi and spoofing findings (`security`), then how many of
/// each were past [`MAX_LISTED`] (`omitted`, null when none was), then
/// where a browser reads it elsewhere (`browser`: `xiri::whatwg`'s
/// findings, at most a few, whatever the input's length).
pub fn lint(json_input: bool, inputs: super::batch::Args) -> Result<ExitCode, String> {
    let fields = [
        ("findings", Value::Null),
        ("security", json!([])),
        ("omitted", Value::Null),
        ("browser", json!([])),
    ];
    super::batch::run_fields(json_input, inputs, &fields, |s| {
        let (findings, leiri_omitted) = leiri(s);
        let (security, security_omitted) = listed(security_runs(s));
        let omitted = (leiri_omitted + security_omitted > 0)
            .then(|| json!({ "findings": leiri_omitted, "security": security_omitted }));
        let browser = super::browser::findings(s);
        Ok(vec![
            findings,
            security,
            omitted.unwrap_or(Value::Null),
            browser,
        ])
    })
}

/// The first [`MAX_LISTED`] of `items` as a list, and how many more there
/// were.
fn listed(items: impl Iterator<Item = Value>) -> (Value, usize) {
    let mut items = items.peekable();
    let shown: Vec<Value> = items.by_ref().take(MAX_LISTED).collect();
    (Value::Array(shown), items.count())
}

/// Findings in runs: consecutive ones that `same` says are alike and whose
/// characters touch are one, as the first and how many.
fn runs<F>(
    findings: impl IntoIterator<Item = F>,
    end: impl Fn(&F) -> usize,
    start: impl Fn(&F) -> usize,
    same: impl Fn(&F, &F) -> bool,
) -> impl Iterator<Item = (F, usize, usize)> {
    let mut findings = findings.into_iter().peekable();
    std::iter::from_fn(move || {
        let first = findings.next()?;
        let (mut count, mut last_end) = (1, end(&first));
        while let Some(next) = findings.next_if(|f| start(f) == last_end && same(&first, f)) {
            count += 1;
            last_end = end(&next);
        }
        Some((first, count, last_end))
    })
}

/// `object` with `"count": count` when it stands for a run of more than one.
fn counted(mut object: Value, count: usize) -> Value {
    if count > 1 {
        object["count"] = json!(count);
    }
    object
}

/// The characters a LEIRI allows and an IRI does not, a run of one
/// character as one finding with its `count`.
fn leiri(s: &str) -> (Value, usize) {
    let findings = xiri::diagnose(s);
    let runs = runs(
        findings,
        |f| f.offset + f.character.len_utf8(),
        |f| f.offset,
        |a, b| {
            (a.character, a.encoded_to_iri, a.encoded_to_uri)
                == (b.character, b.encoded_to_iri, b.encoded_to_uri)
        },
    );
    listed(runs.map(|(f, count, _)| {
        let mut encoded_by = Vec::new();
        if f.encoded_to_iri {
            encoded_by.push("leiri-to-iri");
        }
        if f.encoded_to_uri {
            encoded_by.push("iri-to-uri");
        }
        counted(
            json!({
                "offset": f.offset,
                "char": format!("U+{:04X}", f.character as u32),
                "group": f.group.name(),
                "encoded_by": encoded_by,
            }),
            count,
        )
    }))
}

/// The bidi and spoofing findings (`xiri::security::check`), all of them,
/// a run of one character's finding as one with its `count` and the
/// run's `span`.
pub fn security(s: &str) -> Value {
    Value::Array(security_runs(s).collect())
}

fn security_runs(s: &str) -> impl Iterator<Item = Value> + use<> {
    let findings = xiri::security::check(s);
    // Only findings about their own character make runs (not those about
    // a component, whose span is the component's).
    let own = |f: &xiri::security::Finding| f.span == (f.offset..f.offset + f.character.len_utf8());
    let runs = runs(
        findings,
        |f| f.span.end,
        |f| f.span.start,
        move |a, b| own(a) && own(b) && (a.character, &a.kind) == (b.character, &b.kind),
    );
    runs.map(|(f, count, end)| {
        let mut object = json!({
            "offset": f.offset,
            "char": format!("U+{:04X}", u32::from(f.character)),
            "kind": f.kind.name(),
            "section": f.kind.section(),
            "span": [f.span.start, end],
            "message": f.to_string(),
        });
        if let xiri::security::Kind::DelimiterLookalike { looks_like } = &f.kind {
            object["looks_like"] = json!(looks_like);
        }
        counted(object, count)
    })
}
