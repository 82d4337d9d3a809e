//! Where a workbench command's grammar comes from: a built-in grammar's
//! ABNF (`-g iri`, or `-g xri-appendix-a` for XRI 2.0 Appendix A as
//! printed) or the author's own files (`--abnf FILE`, repeatable).

use super::appendix_a::AppendixA;
use super::args::GrammarArg;
use clap::Args;
use std::path::PathBuf;
use xiri::workbench::{
    AbnfFile, Decider, DeciderError, FigureChoice, ListSyntax, LoadOptions, LoadedGrammar,
    Severity, Values,
};
use xiri::Grammar;

/// The grammar of `rules`, `generate`, `grammar --diagram`, and of
/// `check` and `tree` with `--abnf`.
#[derive(Args, Clone, Debug)]
pub struct Source {
    /// A built-in grammar: uri, iri, iri-bis, leiri, xri,
    /// xri-appendix-a (XRI 2.0 Appendix A as printed), or uri-template
    /// (RFC 6570 section 2); iri when neither
    /// -g nor --abnf is given (every URI is an IRI).
    /// With --abnf, the built-in grammar is loaded first, as an include:
    /// your files use its rules (`-g uri` for URI-reference), and a
    /// prose value of yours that names one of them resolves to it.
    #[arg(long = "grammar", short = 'g')]
    pub given: Option<GrammarArg>,
    /// An ABNF file of your own, or an RFC, draft, xml2rfc XML or
    /// Markdown file with ABNF figures; repeat it to load several, a
    /// later file's rule replacing an earlier one of the same name (`=/`
    /// alternatives accumulate).
    #[arg(long, value_name = "FILE")]
    pub abnf: Vec<PathBuf>,
    #[command(flatten)]
    pub reading: Reading,
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
    pub(crate) source: Source,
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

/// How an author's grammar is read (issue 26).
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Reading {
    /// RFC 9110's lists (`#element`, `1#element`): as a sender writes
    /// them (section 5.6.1.1), or as a recipient reads them, empty
    /// elements allowed (section 5.6.1.2).
    #[arg(long, value_enum, default_value = "sender")]
    pub lists: Lists,
    /// Values above %x7F: code points (characters), or octets (a value
    /// above %xFF is then an error).
    #[arg(long, value_enum, default_value = "code-points")]
    pub values: ValuesArg,
    /// Which figures of an RFC, a draft or a Markdown file are its ABNF:
    /// auto, those marked ABNF and the unmarked ones whose lines are
    /// rules (each other one named in a note); all, every figure; abnf,
    /// only those marked ABNF (xml2rfc's type, Markdown's info string).
    #[arg(long, value_enum, default_value = "auto")]
    pub figures: FiguresArg,
}

/// `--figures`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default)]
pub enum FiguresArg {
    #[default]
    Auto,
    All,
    Abnf,
}

impl FiguresArg {
    /// The library's choice.
    pub fn choice(self) -> FigureChoice {
        match self {
            FiguresArg::Auto => FigureChoice::Auto,
            FiguresArg::All => FigureChoice::All,
            FiguresArg::Abnf => FigureChoice::Marked,
        }
    }
}

/// `--lists`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default)]
pub enum Lists {
    #[default]
    Sender,
    Recipient,
}

/// `--values`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default)]
pub enum ValuesArg {
    #[default]
    CodePoints,
    Octets,
}

impl Reading {
    /// The library's options.
    pub fn options(&self) -> LoadOptions {
        LoadOptions {
            lists: match self.lists {
                Lists::Sender => ListSyntax::Sender,
                Lists::Recipient => ListSyntax::Recipient,
            },
            values: match self.values {
                ValuesArg::CodePoints => Values::CodePoints,
                ValuesArg::Octets => Values::Octets,
            },
            figures: self.figures.choice(),
        }
    }
}

/// The grammar's errors, one after the other.
pub fn errors(loaded: &LoadedGrammar) -> Vec<String> {
    loaded
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(ToString::to_string)
        .collect()
}

/// The grammar's errors on standard error, when it has any: `side` names
/// the grammar ("the grammar", "the old grammar"), `then` says why the
/// command goes on.
pub fn warn(loaded: &LoadedGrammar, side: &str, then: &str) {
    let errors = errors(loaded);
    if errors.is_empty() {
        return;
    }
    let s = if errors.len() == 1 { "" } else { "s" };
    eprintln!(
        "xiri: warning: {side} has {} error{s}; {then}:",
        errors.len()
    );
    for e in errors {
        eprintln!("{e}");
    }
}

/// The decider for `rule`, the grammar's errors (if any) warned about on
/// standard error; refused, with the errors, when the rule reaches one.
/// `side` names the grammar in messages ("the grammar", "the old grammar").
pub fn decider<'g>(
    loaded: &'g LoadedGrammar,
    rule: &str,
    side: &str,
) -> Result<Decider<'g>, String> {
    match loaded.decider(rule) {
        Ok(d) => {
            let then = format!("going on, as {} reaches none of them", d.rule());
            warn(loaded, side, &then);
            Ok(d)
        }
        Err(e) => {
            // The errors the rule reaches, where it reaches one; else all.
            let reached = match &e {
                DeciderError::Undefined { undefined: r, .. }
                | DeciderError::DefinedTwice { twice: r, .. }
                | DeciderError::Broken { broken: r, .. } => Some(r.as_str()),
                _ => None,
            };
            let mut message = e.to_string();
            for d in loaded.diagnostics() {
                let about = |r: &str| d.rule.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(r));
                if d.severity == Severity::Error && reached.is_none_or(about) {
                    message.push('\n');
                    message.push_str(&d.to_string());
                }
            }
            Err(message)
        }
    }
}

impl Source {
    /// The grammar of a command that names it otherwise (`compare`'s two
    /// sides, `grammar`'s positional argument): the same as `-g` and
    /// `--abnf` would give.
    pub fn new(given: Option<GrammarArg>, abnf: &[PathBuf], reading: Reading) -> Source {
        Source {
            given,
            abnf: abnf.to_vec(),
            reading,
        }
    }

    /// The built-in grammar: the one given, or iri when there is neither
    /// -g nor --abnf; `None` with --abnf (a grammar given beside it is
    /// an include).
    pub fn grammar(&self) -> Option<GrammarArg> {
        match self.given {
            _ if !self.abnf.is_empty() => None,
            Some(g) => Some(g),
            None => Some(GrammarArg::Library(Grammar::Iri)),
        }
    }

    /// The files: the built-in grammar's ABNF (with --abnf, the included
    /// one's), then the --abnf files as read from disk.
    fn files(&self) -> Result<Vec<AbnfFile>, String> {
        let mut all: Vec<AbnfFile> = self
            .given
            .or(self.grammar())
            .map(built_in)
            .into_iter()
            .collect();
        for path in &self.abnf {
            let bytes =
                std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            all.push(AbnfFile::from_bytes(path.display().to_string(), &bytes));
        }
        Ok(all)
    }

    /// Loaded for analysis, read as --lists and --values say. Only a
    /// grammar of which no rule reads is refused: its errors (syntax
    /// errors, undefined rules, rules defined twice, `=/` without a base)
    /// refuse only a rule that reaches them ([`decider`]), and are
    /// warnings otherwise ([`warn`]).
    pub fn load(&self) -> Result<LoadedGrammar, String> {
        LoadedGrammar::analyze_with(&self.files()?, &self.reading.options())
            .map_err(|e| format!("the grammar does not load:\n{e}"))
    }

    /// The production a command line's rule names: for a built-in
    /// grammar, `reference`, `absolute` and `relative` stand for its entry
    /// points; without a rule, the grammar's first (beside an included
    /// grammar, the first rule of the first --abnf file).
    pub fn production(&self, loaded: &LoadedGrammar, rule: Option<&str>) -> Result<String, String> {
        if let (Some(_), Some(first), None) = (self.given, self.abnf.first(), rule) {
            let name = first.display().to_string();
            if let Some(r) = loaded
                .rules()
                .find(|r| loaded.location_of(r).is_some_and(|l| l.file == name))
            {
                return Ok(r.to_string());
            }
        }
        let name = match (self.grammar(), rule) {
            (Some(GrammarArg::Library(g)), Some(r)) => g.rule(r).map_or(r, |rule| rule.name()),
            (Some(GrammarArg::XriAppendixA), Some(r)) => AppendixA::production(r),
            (Some(GrammarArg::Library(g)), None) => g.reference().name(),
            (Some(GrammarArg::XriAppendixA), None) => "XRI-reference",
            (Some(GrammarArg::UriTemplate), Some("reference") | None) => "URI-Template",
            (Some(GrammarArg::UriTemplate), Some(r)) => r,
            (None, Some(r)) => r,
            (None, None) => loaded.first_rule().ok_or("the grammar defines no rule")?,
        };
        loaded
            .rule_name(name)
            .map(str::to_string)
            .ok_or_else(|| format!("the grammar has no rule {name:?} (`xiri rules` lists them)"))
    }
}

/// A built-in grammar's ABNF.
fn built_in(grammar: GrammarArg) -> AbnfFile {
    match grammar {
        GrammarArg::Library(g) => g.abnf_file(),
        GrammarArg::XriAppendixA => {
            AbnfFile::new("xri-appendix-a (built-in)", Grammar::Xri.spec_abnf())
        }
        GrammarArg::UriTemplate => AbnfFile::new("uri-template (built-in)", xiri::template::abnf()),
    }
}
