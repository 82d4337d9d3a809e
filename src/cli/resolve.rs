//! `xiri resolve` (each reference resolved against one base, RFC 3986 5.2)
//! and `xiri relative` (the reference from the base to each target).

use serde_json::Value;
use std::process::ExitCode;
use xiri::{
    Absolute, Grammar, LeiriNote, ParseError, Reference, Rfc3986, Rfc3987, Rfc3987bis, Syntax, Xri,
    XriBuf, XriRef,
};

/// Answers one input against the base chosen at the start.
pub type Resolver = Box<dyn FnMut(&str) -> Result<String, ParseError>>;

/// The base, parsed once, and what to do with each input, for any of the
/// RFC 3986-shaped syntaxes.
fn resolver<S: Syntax>(direction: Direction, base: &str) -> Result<Resolver, String> {
    let base = Absolute::<S>::parse(base).map_err(bad_base)?.to_buf();
    Ok(Box::new(move |text| {
        let base = base.as_borrowed();
        Ok(match direction {
            Direction::Resolve => base.resolve(&Reference::parse(text)?).into_string(),
            Direction::Relative => base.relativize(&Absolute::parse(text)?).into_string(),
        })
    }))
}

fn bad_base(e: ParseError) -> String {
    format!("the base is not absolute: {e}")
}

/// Which way: from references to targets, or from targets to references.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Resolve,
    Relative,
}

pub fn run(
    direction: Direction,
    grammar: Grammar,
    base: &str,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let base = super::input(base, json_input)?;
    let mut resolve = resolver_for(direction, grammar, base)?;
    super::batch::run(json_input, inputs, "output", Value::Null, |r| {
        Ok(resolve(r).map(Value::String)?)
    })
}

/// What answers each input against `base` in `grammar`, or why the base is
/// refused.
pub fn resolver_for(
    direction: Direction,
    grammar: Grammar,
    base: String,
) -> Result<Resolver, String> {
    Ok(match grammar {
        Grammar::Uri => resolver::<Rfc3986>(direction, &base)?,
        Grammar::Iri => resolver::<Rfc3987>(direction, &base)?,
        Grammar::IriBis => resolver::<Rfc3987bis>(direction, &base)?,
        Grammar::Leiri => resolver::<LeiriNote>(direction, &base)?,
        Grammar::Xri => {
            let base = XriBuf::parse(base).map_err(bad_base)?;
            Box::new(move |text| {
                let base = base.as_xri();
                Ok(match direction {
                    Direction::Resolve => base.resolve(&XriRef::parse(text)?)?.into_string(),
                    Direction::Relative => base.relativize(&Xri::parse(text)?)?.into_string(),
                })
            })
        }
    })
}
