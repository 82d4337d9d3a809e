//! `xiri grammar`: a built-in grammar's productions beside their pest
//! rules, a loaded grammar's productions as written, or either as
//! railroad diagrams (`--diagram`: one HTML page on standard output).

use super::args::GrammarArg;
use super::source::{Reading, Source};
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// What `xiri grammar` prints of a loaded grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The productions as written.
    Written,
    /// Railroad diagrams.
    Diagram,
    /// Each rule in canonical form, in the grammar's order (RFC 9110's
    /// lists expanded).
    ExpandLists,
    /// Each rule in canonical form, by name (a collected-ABNF appendix).
    Canonical,
}

/// `args` is `G [RULE]`, or `[RULE]` with `--abnf`.
pub fn run(
    args: &[String],
    abnf: &[PathBuf],
    form: Form,
    reading: Reading,
) -> Result<ExitCode, String> {
    let diagram = form == Form::Diagram;
    let (grammar, rule) = if abnf.is_empty() {
        let [g, rest @ ..] = args else {
            return Err(
                "name a grammar (uri, iri, iri-bis, leiri, xri) or give --abnf FILE".into(),
            );
        };
        (Some(g.parse::<GrammarArg>()?), rest)
    } else {
        (None, args)
    };
    if rule.len() > 1 {
        return Err(format!("one RULE at most, not {}", rule.join(" ")));
    }
    let rule = rule.first().map(String::as_str);
    if !diagram {
        match grammar {
            Some(GrammarArg::Library(g)) => return super::grammar(g, rule),
            Some(GrammarArg::XriAppendixA) => {
                return Err("xri-appendix-a's productions are those of `xiri grammar xri` (without its policy); --diagram draws them".into())
            }
            Some(GrammarArg::UriTemplate) | None => {}
        }
    }
    let source = Source::new(grammar, abnf, reading);
    let loaded = source.load()?;
    if let (Form::ExpandLists | Form::Canonical, None) = (form, rule) {
        let order = if form == Form::Canonical {
            xiri::workbench::Order::Alphabetical
        } else {
            xiri::workbench::Order::Defined
        };
        super::source::warn(&loaded, "the grammar", "printing it as mended");
        super::emit(&xiri::workbench::canonical(&loaded, order))?;
        return Ok(ExitCode::SUCCESS);
    }
    let then = if diagram {
        "the diagrams are of the grammar as mended: a rule defined twice by its first definition, an undefined rule a box saying so"
    } else {
        "its rules are shown as written, a rule defined twice by its first definition"
    };
    super::source::warn(&loaded, "the grammar", then);
    let rule = match rule {
        Some(r) => Some(source.production(&loaded, Some(r))?),
        None => None,
    };
    if diagram {
        let page = xiri::workbench::diagram(&loaded, rule.as_deref())?;
        super::emit(&page)?;
        return Ok(ExitCode::SUCCESS);
    }
    let names: Vec<String> = match rule {
        Some(r) => vec![r],
        None => loaded.rules().map(String::from).collect(),
    };
    let mut out = String::new();
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match loaded.location_of(name) {
            Some(l) => {
                let _ = writeln!(out, "; {}:{}", l.file, l.line);
            }
            None => {
                let _ = writeln!(out, "; {name}: a core rule of RFC 5234 (Appendix B.1)");
            }
        }
        let _ = writeln!(out, "{}", loaded.text_of(name));
    }
    super::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
