//! `xiri encode` and `xiri decode`, for shell scripts: percent-encoding
//! for one component of one syntax, and decoding, one text a line
//! (`xiri::pct`).

use super::batch::{Output, Refusal};
use clap::{Args, ValueEnum};
use std::process::ExitCode;
use xiri::pct::{self, Component};
use xiri::Grammar;

/// The component `encode` encodes for.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ComponentArg {
    Userinfo,
    User,
    Host,
    Segment,
    Path,
    Query,
    /// A key or value of a form-encoded query pair.
    QueryValue,
    Fragment,
}

impl From<ComponentArg> for Component {
    fn from(c: ComponentArg) -> Component {
        match c {
            ComponentArg::Userinfo => Component::Userinfo,
            ComponentArg::User => Component::UserName,
            ComponentArg::Host => Component::Host,
            ComponentArg::Segment => Component::PathSegment,
            ComponentArg::Path => Component::Path,
            ComponentArg::Query => Component::Query,
            ComponentArg::QueryValue => Component::QueryValue,
            ComponentArg::Fragment => Component::Fragment,
        }
    }
}

#[derive(Args)]
pub struct EncodeArgs {
    /// The component: userinfo, user, host, segment, path, query,
    /// query-value (a key or value of a query pair: "&", "=", "+" encoded
    /// too) or fragment.
    #[arg(long, short, value_enum)]
    pub component: ComponentArg,
    /// The syntax whose characters stay as themselves: uri (every
    /// character outside ASCII is encoded), iri (the default), iri-bis,
    /// leiri (encoded as an IRI) or xri.
    #[arg(long, short, default_value = "iri")]
    pub grammar: Grammar,
    /// Each input is a JSON string.
    #[arg(long)]
    pub json_input: bool,
    /// One JSON object an input instead of one line of text (a line
    /// cannot hold a control character: decoding one refuses the input,
    /// and --json gives it escaped).
    #[arg(long)]
    pub json: bool,
    /// The texts; standard input (one a line) when none.
    pub inputs: Vec<std::ffi::OsString>,
}

#[derive(Args)]
pub struct DecodeArgs {
    /// Read each text as a form-encoded query key or value: "+" is a
    /// space, and octets that are not UTF-8 become U+FFFD (as forms are
    /// read).
    #[arg(long)]
    pub form: bool,
    /// Octets that are not UTF-8 become U+FFFD instead of refusing the
    /// input.
    #[arg(long)]
    pub lossy: bool,
    /// Each input is a JSON string.
    #[arg(long)]
    pub json_input: bool,
    /// One JSON object an input instead of one line of text (a line
    /// cannot hold a control character: decoding one refuses the input,
    /// and --json gives it escaped).
    #[arg(long)]
    pub json: bool,
    /// The texts; standard input (one a line) when none.
    pub inputs: Vec<std::ffi::OsString>,
}

pub fn encode(args: EncodeArgs) -> Result<ExitCode, String> {
    let (component, grammar) = (args.component.into(), args.grammar);
    let output = Output::raw(!args.json);
    super::batch::run_output(
        output,
        args.json_input,
        args.inputs,
        Some(grammar.name()),
        |text| Ok(pct::encode(text, component, grammar).into_owned()),
    )
}

pub fn decode(args: DecodeArgs) -> Result<ExitCode, String> {
    let output = Output::raw(!args.json);
    let (form, lossy) = (args.form, args.lossy);
    super::batch::run_output(output, args.json_input, args.inputs, None, |text| {
        let decoded = if form {
            pct::decode_form(text)
        } else if lossy {
            pct::decode_utf8_lossy(text)
        } else {
            pct::decode_utf8(text).map_err(|e| Refusal::Shape(e.to_string()))?
        };
        Ok(decoded.into_owned())
    })
}
