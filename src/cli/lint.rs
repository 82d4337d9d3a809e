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
            Spaces::Encode | Spaces::Remove => json!(out[0]),
        })
    })
}

pub fn lint(json_input: bool, inputs: super::batch::Args) -> Result<ExitCode, String> {
    super::batch::run(json_input, inputs, "findings", Value::Null, |s| {
        Ok(Value::Array(
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
        ))
    })
}
