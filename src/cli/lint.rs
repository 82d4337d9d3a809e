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

/// Each input's LEIRI Note section 5 characters (`findings`), and after the
/// error its bidi and spoofing findings (`security`).
pub fn lint(json_input: bool, inputs: super::batch::Args) -> Result<ExitCode, String> {
    let fields = [("findings", Value::Null), ("security", json!([]))];
    super::batch::run_fields(json_input, inputs, &fields, |s| {
        Ok(vec![leiri(s), security(s)])
    })
}

/// The characters a LEIRI allows and an IRI does not.
fn leiri(s: &str) -> Value {
    Value::Array(
        xiri::diagnose(s)
            .iter()
            .map(|f| {
                let mut encoded_by = Vec::new();
                if f.encoded_to_iri {
                    encoded_by.push("leiri-to-iri");
                }
                if f.encoded_to_uri {
                    encoded_by.push("iri-to-uri");
                }
                json!({
                    "offset": f.offset,
                    "char": format!("U+{:04X}", f.character as u32),
                    "group": f.group.name(),
                    "encoded_by": encoded_by,
                })
            })
            .collect(),
    )
}

/// The bidi and spoofing findings (`xiri::security::check`).
pub fn security(s: &str) -> Value {
    Value::Array(
        xiri::security::check(s)
            .iter()
            .map(|f| {
                let mut object = json!({
                    "offset": f.offset,
                    "char": format!("U+{:04X}", u32::from(f.character)),
                    "kind": f.kind.name(),
                    "section": f.kind.section(),
                    "span": [f.span.start, f.span.end],
                    "message": f.to_string(),
                });
                if let xiri::security::Kind::DelimiterLookalike { looks_like } = &f.kind {
                    object["looks_like"] = json!(looks_like);
                }
                object
            })
            .collect(),
    )
}
