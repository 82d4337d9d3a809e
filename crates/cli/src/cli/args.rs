//! The command line: its root, and the arguments several commands share
//! (the commands are in `super::commands`).

use clap::{Args, Parser};
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

#[derive(Parser)]
#[command(
    name = "xiri",
    version,
    about = "URIs, IRIs, LEIRIs and XRIs, checked against their specifications' ABNF",
    after_help = "Conventions: the inputs are the arguments, or the lines of standard input when there are none (with --json-input, one JSON string a line); one answer an input, in order, an input that cannot be read answered in its place. A letter means one thing in every command: -g grammar, -R rule, -r raw (one answer a line as text, as jq -r; a line never holds a control character), -b base, -c component, -n count. Exit status: 0 every input answered, 1 one refused, 2 a usage or I/O error, 3 one left undecided. Time, memory and output are linear in the input (README, \"Hostile input\")."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: super::commands::Command,
}

/// What to match against, shared by check, parse and tree.
#[derive(Args)]
pub(crate) struct Target {
    /// The grammar: -g uri, iri, iri-bis, leiri or xri (for check also
    /// xri-appendix-a, XRI 2.0 Appendix A as printed, without xiri's
    /// cross-reference policy, decided by an ABNF engine, and
    /// uri-template, RFC 6570's URI Templates); or --abnf FILE,
    /// your own ABNF (check and tree).
    #[command(flatten)]
    pub(crate) source: crate::cli::source::Source,
    /// reference (the default), absolute, relative, or (except for parse)
    /// any production by its ABNF name, e.g. xri-segment, IPv6address;
    /// with --abnf, the first rule of the first file by default.
    #[arg(long, short = 'R')]
    pub(crate) rule: Option<String>,
    /// Each input is a JSON string, so inputs may hold NUL, newlines and
    /// other control characters.
    #[arg(long)]
    pub(crate) json_input: bool,
}

impl Target {
    /// The built-in grammar, for the commands that need one.
    pub(crate) fn library(&self, command: &str) -> Result<Grammar, String> {
        match self.source.grammar() {
            Some(g) if self.source.abnf.is_empty() => g.library(command),
            _ => Err(format!("`{command}` needs a built-in grammar (-g); --abnf is for check, tree, rules, generate, compare and grammar")),
        }
    }

    pub(crate) fn rule_or_reference(&self) -> &str {
        self.rule.as_deref().unwrap_or("reference")
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

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;
    use std::collections::BTreeMap;

    /// Every short letter of every command, with the long names it stands
    /// for there and the commands that have it.
    fn letters() -> BTreeMap<char, BTreeMap<String, Vec<String>>> {
        fn walk(
            command: &clap::Command,
            path: &str,
            out: &mut BTreeMap<char, BTreeMap<String, Vec<String>>>,
        ) {
            for arg in command.get_arguments() {
                let long = arg.get_long().unwrap_or(arg.get_id().as_str()).to_string();
                for short in arg.get_short_and_visible_aliases().into_iter().flatten() {
                    let commands = out.entry(short).or_default().entry(long.clone());
                    commands.or_default().push(path.to_string());
                }
            }
            for sub in command.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), out);
            }
        }
        let mut command = Cli::command();
        command.build();
        let mut out = BTreeMap::new();
        walk(&command, "xiri", &mut out);
        out
    }

    #[test]
    fn a_short_letter_means_one_thing_in_every_command() {
        let letters = letters();
        let twice: Vec<_> = letters
            .iter()
            .filter(|(_, longs)| longs.len() > 1)
            .collect();
        assert!(twice.is_empty(), "letters with two meanings: {twice:#?}");
    }

    #[test]
    fn r_is_raw_as_in_jq_and_the_rule_is_capital_r() {
        let letters = letters();
        let names = |c: char| letters[&c].keys().cloned().collect::<Vec<_>>();
        assert_eq!(names('r'), ["raw"]);
        assert_eq!(names('R'), ["rule"]);
        assert_eq!(names('g'), ["grammar"]);
        // Every command that has a --rule or a --raw has it under its letter.
        let mut command = Cli::command();
        command.build();
        let mut missing = Vec::new();
        let mut stack = vec![command];
        while let Some(c) = stack.pop() {
            for arg in c.get_arguments() {
                let want = match arg.get_long() {
                    Some("raw") => Some('r'),
                    Some("rule") => Some('R'),
                    Some("grammar") => Some('g'),
                    _ => None,
                };
                if want.is_some() && arg.get_short() != want {
                    missing.push(format!("{} --{:?}", c.get_name(), arg.get_long()));
                }
            }
            stack.extend(c.get_subcommands().cloned());
        }
        assert!(missing.is_empty(), "{missing:?}");
    }
}
