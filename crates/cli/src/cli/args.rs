//! The command line: its root, and the arguments several commands share
//! (the commands are in `super::commands`).

use clap::Args;
use std::str::FromStr;
use xiri::Grammar;

/// A grammar as the command line names it: one of the library's,
/// `xri-appendix-a`, Appendix A as printed (check only), or
/// `uri-template`, RFC 6570's templates (src/cli/uri_template.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrammarArg {
    Library(Grammar),
    XriAppendixA,
    UriTemplate,
}

impl FromStr for GrammarArg {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("xri-appendix-a") {
            return Ok(GrammarArg::XriAppendixA);
        }
        if s.eq_ignore_ascii_case("uri-template") {
            return Ok(GrammarArg::UriTemplate);
        }
        s.parse::<Grammar>()
            .map(GrammarArg::Library)
            .map_err(|e| format!("{e}; or xri-appendix-a, for check; or uri-template"))
    }
}

impl GrammarArg {
    /// The library's grammar, for the commands that need a parse.
    pub fn library(self, command: &str) -> Result<Grammar, String> {
        match self {
            GrammarArg::Library(g) => Ok(g),
            GrammarArg::XriAppendixA => Err(format!(
                "`{command}` needs a parse; xri-appendix-a is for `check` only (an ABNF engine answers it, yes or no)"
            )),
            GrammarArg::UriTemplate => Err(format!(
                "`{command}` needs a reference grammar; uri-template is RFC 6570's templates: `xiri check -g uri-template`, `xiri template`"
            )),
        }
    }
}

/// A base and the inputs to answer against it, for resolve and relative.
#[derive(Args)]
pub(crate) struct Against {
    /// uri, iri (the default; every URI is an IRI), iri-bis, leiri or xri.
    #[arg(long, short, default_value = "iri")]
    pub(crate) grammar: Grammar,
    /// The absolute base, taken as typed (--json-input is about the
    /// inputs).
    #[arg(long, short)]
    pub(crate) base: String,
    /// Each input is a JSON string.
    #[arg(long)]
    pub(crate) json_input: bool,
    /// One result a line as text, like jq -r; refusals on standard error
    /// (a result holding a control character is one).
    #[arg(long, short)]
    pub(crate) raw: bool,
    /// IPv6 zone identifiers in IP literals (RFC 6874: `[fe80::1%25eth0]`).
    #[arg(long)]
    pub(crate) zone_id: bool,
    /// The references (resolve) or absolute targets (relative); standard
    /// input when none.
    pub(crate) inputs: Vec<std::ffi::OsString>,
}

/// How normalize and equiv normalize.
#[derive(Args)]
pub(crate) struct Normalizing {
    /// uri, iri (the default; every URI is an IRI), iri-bis, leiri or xri.
    #[arg(long, short, default_value = "iri")]
    pub(crate) grammar: Grammar,
    /// Unicode Normalization Form C too (RFC 3987 5.3.2.2).
    #[arg(long)]
    pub(crate) nfc: bool,
    /// Unicode Normalization Form KC too (XRI 2.0 2.1.1).
    #[arg(long)]
    pub(crate) nfkc: bool,
    /// Scheme-based normalization too (RFC 3986 6.2.3): default ports, "/"
    /// for an empty path, for http, https, ws, wss and ftp; mailto domains
    /// in lowercase.
    #[arg(long)]
    pub(crate) scheme_based: bool,
    /// IPv6 zone identifiers in IP literals (RFC 6874: `[fe80::1%25eth0]`);
    /// normalization keeps a zone's case.
    #[arg(long)]
    pub(crate) zone_id: bool,
}

impl Normalizing {
    pub(crate) fn options(&self) -> xiri::Normalization {
        xiri::Normalization::default()
            .with_nfc(self.nfc)
            .with_nfkc(self.nfkc)
            .with_scheme_based(self.scheme_based)
    }
}

/// What `preprocess` does with spaces.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum SpacesArg {
    Split,
    Encode,
    Remove,
}

impl From<SpacesArg> for xiri::Spaces {
    fn from(s: SpacesArg) -> Self {
        match s {
            SpacesArg::Split => xiri::Spaces::Split,
            SpacesArg::Encode => xiri::Spaces::Encode,
            SpacesArg::Remove => xiri::Spaces::Remove,
        }
    }
}
