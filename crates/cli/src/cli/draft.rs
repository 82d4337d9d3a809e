//! `xiri draft-components`: the IRI processing draft's section 5 on each
//! input.

use serde_json::{json, Value};
use std::process::ExitCode;
use xiri::draft::{DraftComponents, DraftPort};
use xiri::Spaces;

pub fn run(
    preprocess: bool,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    super::batch::run(json_input, inputs, "components", Value::Null, |text| {
        // Section 4 with one reference allowed: spaces become %20.
        let text = if preprocess {
            xiri::preprocess(text, Spaces::Encode).concat()
        } else {
            text.to_string()
        };
        Ok(components(&xiri::draft::parse_components(&text)))
    })
}

fn components(c: &DraftComponents<'_>) -> Value {
    let authority = c.authority.as_ref().map(|a| {
        json!({
            "text": a.text,
            "userinfo": a.userinfo,
            "host": { "text": a.host, "kind": a.host_kind.name() },
            "port": a.port.map(|p| p.as_str()),
            "port_valid": a.port.map(|p| matches!(p, DraftPort::Digits(_))),
        })
    });
    json!({
        "scheme": c.scheme,
        "authority": authority,
        "path": c.path,
        "query": c.query,
        "fragment": c.fragment,
        "reference": c.to_string(),
    })
}
