//! `xiri convert`: one form into another, with the batch conventions of
//! `check` (`output` for the converted reference).

use serde_json::Value;
use std::process::ExitCode;
use xiri::{Grammar, IriRef, LeiriRef, UriRef, XriBuf, XriRef};

pub fn run(
    from: Grammar,
    to: Grammar,
    nfkc: bool,
    json_input: bool,
    inputs: Vec<String>,
) -> Result<ExitCode, String> {
    type Convert = fn(&str, bool) -> Result<String, xiri::ParseError>;
    let convert: Convert = match (from, to) {
        (Grammar::Leiri, Grammar::Iri) => |s, _| Ok(LeiriRef::parse(s)?.to_iri().into_string()),
        (Grammar::Leiri, Grammar::Uri) => |s, _| Ok(LeiriRef::parse(s)?.to_uri().into_string()),
        (Grammar::Iri, Grammar::Uri) => |s, _| Ok(IriRef::parse(s)?.to_uri().into_string()),
        (Grammar::Uri, Grammar::Iri) => |s, _| Ok(UriRef::parse(s)?.to_iri().into_string()),
        (Grammar::Xri, Grammar::Iri) => |s, nfkc| Ok(XriRef::parse(s)?.to_iri_normal(nfkc)?.into_string()),
        (Grammar::Xri, Grammar::Uri) => |s, nfkc| Ok(XriRef::parse(s)?.to_uri_normal(nfkc)?.into_string()),
        (Grammar::Iri, Grammar::Xri) => |s, _| Ok(XriBuf::from_iri_normal(&IriRef::parse(s)?)?.into_string()),
        _ => {
            return Err(format!(
                "xiri converts leiri to iri or uri, iri to uri, uri to iri, xri to iri or uri (normal forms), and iri (an \
                 XRI's IRI-normal form) to xri; not {from} to {to} (yet)"
            ))
        }
    };
    super::batch::run(json_input, inputs, "output", Value::Null, |s| {
        Ok(convert(s, nfkc).map(Value::String)?)
    })
}
