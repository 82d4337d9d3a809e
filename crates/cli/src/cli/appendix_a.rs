//! XRI 2.0 Appendix A as printed, without xiri's cross-reference policy:
//! `xiri check --grammar xri-appendix-a`, and the note `check -g xri` adds
//! when the policy is why an input is refused. Appendix A is ambiguous
//! where the policy is not (where a cross-reference ends can depend on
//! everything after it), so a PEG cannot decide it; the ABNF engine the
//! differential tests use (abnf-oracle: unordered alternation, full
//! backtracking) does, on `grammar/xri.abnf` exactly as printed, and
//! answers `check --grammar xri-appendix-a`. The note is asked of xiri's
//! engine instead ([`Compiled`]): its automaton for the production, with
//! calls on the cross-references' parentheses, follows every reading at
//! once, in one pass, where the backtracking engine took about 160 µs a
//! refused line.

use serde_json::Value;
use std::process::ExitCode;
use xiri::Grammar;

/// A budget of engine steps for one input, so that every input is
/// answered: past it, the engine says it could not decide.
const MAX_STEPS: u64 = 20_000_000;

/// Appendix A loaded in the ABNF engine.
pub struct AppendixA(abnf_oracle::CheckedGrammar);

impl AppendixA {
    pub fn load() -> Result<Self, String> {
        let text = Grammar::Xri.spec_abnf();
        let parsed = abnf_oracle::Grammar::parse(&text)
            .map_err(|e| format!("Appendix A does not load: {e}"))?;
        let checked = parsed
            .check()
            .map_err(|e| format!("Appendix A does not check: {e}"))?;
        Ok(AppendixA(checked))
    }

    /// The production a rule name of the command line names: the entry
    /// points by their Appendix A names, any other production as it is.
    pub fn production(rule: &str) -> &str {
        match rule {
            "reference" => "XRI-reference",
            "absolute" => "XRI",
            "relative" => "relative-XRI-ref",
            other => other,
        }
    }

    /// Whether `input` matches the production; `Err` when the engine
    /// cannot decide (its step or depth limit) or knows no such rule.
    pub fn accepts(&self, production: &str, input: &str) -> Result<bool, String> {
        if self.0.rule(production).is_none() {
            return Err(format!(
                "Appendix A has no production {production:?} (try `xiri grammar xri` for the list, or reference, absolute, relative)"
            ));
        }
        let options = abnf_oracle::MatchOptions {
            max_steps: Some(MAX_STEPS),
            ..Default::default()
        };
        abnf_oracle::Recognizer::new(&self.0, input)
            .with_options(options)
            .accepts(production)
            .map_err(|e| format!("the ABNF engine could not decide: {e}"))
    }
}

/// Appendix A's production compiled by the engine, for the note of `check
/// -g xri`: once, at the first input that needs it. Cross-references are
/// calls on "(" and ")", nested at most `xiri::MAX_NESTING` deep (an input
/// nested deeper is refused then, as xiri refuses it); a production the
/// engine does not compile is asked of abnf-oracle ([`AppendixA`]).
pub enum Compiled {
    Engine(Box<xiri::engine::Automaton>),
    Oracle(AppendixA),
}

impl Compiled {
    pub fn load(production: &str) -> Result<Self, String> {
        let options = xiri::engine::Options::new().with_brackets('(', ')');
        match xiri::engine::compile(&Grammar::Xri.spec_abnf(), production, &options) {
            Ok(automaton) => Ok(Compiled::Engine(Box::new(automaton))),
            Err(_) => AppendixA::load().map(Compiled::Oracle),
        }
    }

    /// Whether Appendix A as printed accepts `input` as `production` (no
    /// when the backtracking engine cannot decide).
    pub fn accepts(&self, production: &str, input: &str) -> bool {
        match self {
            Compiled::Engine(automaton) => automaton.matches(input),
            Compiled::Oracle(grammar) => grammar.accepts(production, input) == Ok(true),
        }
    }
}

/// `xiri check --grammar xri-appendix-a`: one JSON verdict per input, as
/// `check` gives them, but with no offset or expected productions (the
/// engine answers yes or no).
pub fn check(rule: &str, json_input: bool, inputs: super::batch::Args) -> Result<ExitCode, String> {
    let grammar = AppendixA::load()?;
    let production = AppendixA::production(rule);
    grammar.accepts(production, "")?;
    let language = Value::from("xri-appendix-a");
    let fields = [
        ("valid", Value::Bool(false)),
        ("language", language.clone()),
    ];
    super::batch::run_fields(json_input, inputs, &fields, |text| {
        match grammar.accepts(production, text) {
            Ok(true) => Ok(vec![Value::Bool(true), language.clone()]),
            Ok(false) => Err(super::batch::Refusal::Shape(format!(
                "no match for {production} in XRI 2.0 Appendix A as printed"
            ))),
            // A step limit reached is no answer, not a refusal.
            Err(why) => Err(super::batch::Refusal::Undecided(
                vec![Value::Null, language.clone()],
                serde_json::json!({
                    "offset": 0,
                    "expected": [],
                    "undecided": {"bound": "max-steps", "limit": MAX_STEPS},
                    "message": format!("undecided: {why}"),
                }),
            )),
        }
    })
}
