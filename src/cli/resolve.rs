//! `xiri resolve`: each reference resolved against one base (RFC 3986 5.2).

use serde_json::Value;
use std::process::ExitCode;
use xiri::{Grammar, Iri, IriRef, Leiri, LeiriRef, ParseError, Uri, UriRef};

/// Resolves one reference against the base chosen at the start.
type Resolver = Box<dyn FnMut(&str) -> Result<String, ParseError>>;

pub fn run(
    grammar: Grammar,
    base: &str,
    json_input: bool,
    references: Vec<String>,
) -> Result<ExitCode, String> {
    let base = super::input(base, json_input)?;
    let bad_base = |e: ParseError| format!("the base is not absolute: {e}");
    let mut resolve: Resolver = match grammar {
        Grammar::Uri => {
            let base = Uri::parse(&base).map_err(bad_base)?.to_buf();
            Box::new(move |r| Ok(base.as_borrowed().resolve(&UriRef::parse(r)?).into_string()))
        }
        Grammar::Iri => {
            let base = Iri::parse(&base).map_err(bad_base)?.to_buf();
            Box::new(move |r| Ok(base.as_borrowed().resolve(&IriRef::parse(r)?).into_string()))
        }
        Grammar::IriBis => {
            let base = Iri::parse_3987bis(&base).map_err(bad_base)?.to_buf();
            Box::new(move |r| Ok(base.as_borrowed().resolve(&IriRef::parse_3987bis(r)?).into_string()))
        }
        Grammar::Leiri => {
            let base = Leiri::parse(&base).map_err(bad_base)?.to_buf();
            Box::new(move |r| Ok(base.as_borrowed().resolve(&LeiriRef::parse(r)?).into_string()))
        }
        Grammar::Xri => {
            return Err("XRI resolution (XRI 2.0 section 2.4) is not in xiri yet; uri, iri, iri-bis and leiri are".into())
        }
    };
    super::batch::run(json_input, references, "output", Value::Null, |r| {
        resolve(r).map(Value::String)
    })
}
