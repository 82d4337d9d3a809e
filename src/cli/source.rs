//! Where a workbench command's grammar comes from: a built-in grammar's
//! ABNF (`-g iri`, or `-g xri-appendix-a` for XRI 2.0 Appendix A as
//! printed) or the author's own files (`--abnf FILE`, repeatable).

use super::appendix_a::{AppendixA, GrammarArg};
use clap::Args;
use std::path::PathBuf;
use xiri::workbench::{AbnfFile, LoadedGrammar};
use xiri::Grammar;

/// The grammar of `rules`, `generate`, `grammar --diagram`, and of
/// `check` and `tree` with `--abnf`.
#[derive(Args, Clone, Debug)]
pub struct Source {
    /// A built-in grammar: uri, iri, iri-bis, leiri, xri, or
    /// xri-appendix-a (XRI 2.0 Appendix A as printed).
    #[arg(long, short, required_unless_present = "abnf", conflicts_with = "abnf")]
    pub grammar: Option<GrammarArg>,
    /// An ABNF file of your own; repeat it to load several, a later
    /// file's rule replacing an earlier one of the same name (`=/`
    /// alternatives accumulate).
    #[arg(long, value_name = "FILE")]
    pub abnf: Vec<PathBuf>,
}

/// The files of a side: read from disk, or a built-in grammar's ABNF.
pub fn files(grammar: Option<GrammarArg>, abnf: &[PathBuf]) -> Result<Vec<AbnfFile>, String> {
    match grammar {
        Some(GrammarArg::Library(g)) => Ok(vec![AbnfFile::builtin(g)]),
        Some(GrammarArg::XriAppendixA) => Ok(vec![AbnfFile::new(
            "xri-appendix-a (built-in)",
            Grammar::Xri.spec_abnf(),
        )]),
        None => abnf
            .iter()
            .map(|path| {
                std::fs::read_to_string(path)
                    .map(|text| AbnfFile::new(path.display().to_string(), text))
                    .map_err(|e| format!("reading {}: {e}", path.display()))
            })
            .collect(),
    }
}

/// Loads a side, refusing a grammar with errors.
pub fn load(grammar: Option<GrammarArg>, abnf: &[PathBuf]) -> Result<LoadedGrammar, String> {
    let files = files(grammar, abnf)?;
    LoadedGrammar::load(&files).map_err(|e| format!("the grammar does not load:\n{e}"))
}

/// The production a command line's rule names: for a built-in grammar,
/// `reference`, `absolute` and `relative` stand for its entry points;
/// without a rule, the grammar's first.
pub fn production(
    grammar: Option<GrammarArg>,
    loaded: &LoadedGrammar,
    rule: Option<&str>,
) -> Result<String, String> {
    let name = match (grammar, rule) {
        (Some(GrammarArg::Library(g)), Some(r)) => g.rule(r).map_or(r, |rule| rule.name()),
        (Some(GrammarArg::XriAppendixA), Some(r)) => AppendixA::production(r),
        (Some(GrammarArg::Library(g)), None) => g.reference().name(),
        (Some(GrammarArg::XriAppendixA), None) => "XRI-reference",
        (None, Some(r)) => r,
        (None, None) => loaded.first_rule().ok_or("the grammar defines no rule")?,
    };
    loaded
        .rule_name(name)
        .map(str::to_string)
        .ok_or_else(|| format!("the grammar has no rule {name:?} (`xiri rules` lists them)"))
}

impl Source {
    /// The files.
    pub fn files(&self) -> Result<Vec<AbnfFile>, String> {
        files(self.grammar, &self.abnf)
    }

    /// Loaded, refusing a grammar with errors.
    pub fn load(&self) -> Result<LoadedGrammar, String> {
        load(self.grammar, &self.abnf)
    }

    /// The production `rule` names (see [`production`]).
    pub fn production(&self, loaded: &LoadedGrammar, rule: Option<&str>) -> Result<String, String> {
        production(self.grammar, loaded, rule)
    }
}
