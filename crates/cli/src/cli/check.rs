//! `xiri check`: one JSON verdict per input, in order.
//!
//! For XRI, three languages can be asked for, and each answer names the
//! one it checked (`"language"`):
//! - `xri-typed`: `--rule reference`, `absolute` or `relative` (the
//!   default is `reference`), the typed policy of grammar/xri-typed.abnf,
//!   exactly what `XriRef::parse`, `Xri::parse` and
//!   `XriRef::parse_relative` accept;
//! - `xri-balanced`: any production by its ABNF name (`--rule
//!   XRI-reference`), Appendix A with the cross-reference policy of
//!   grammar/xri-balanced.abnf, which `xiri tree` shows;
//! - `xri-appendix-a`: `--grammar xri-appendix-a`, Appendix A as printed.

use super::appendix_a::Compiled;
use super::args::GrammarArg;
use super::batch::Refusal;
use serde_json::Value;
use std::process::ExitCode;
use xiri::{Grammar, ParseError, Rule, Xri, XriRef};

/// What `check -g xri` adds to the error when Appendix A as printed would
/// accept what xiri refuses.
const POLICY: &str = "XRI 2.0 Appendix A as printed accepts it, and xiri's \
    policy refuses it: inside a cross-reference, parentheses used as data \
    must balance (docs/DECISIONS.md, \"Parentheses inside cross-references\"), and a \
    reference or a cross-reference's content is read as absolute or relative by its \
    first characters (\"XRI: absolute or relative\"); --grammar xri-appendix-a checks \
    Appendix A as printed";

/// How one XRI input is checked, and the language that is.
#[derive(Clone, Copy)]
enum XriCheck {
    Reference,
    Absolute,
    Relative,
    Production,
}

impl XriCheck {
    fn of(rule_name: &str) -> Self {
        match rule_name {
            "reference" => XriCheck::Reference,
            "absolute" => XriCheck::Absolute,
            "relative" => XriCheck::Relative,
            _ => XriCheck::Production,
        }
    }

    fn language(self) -> &'static str {
        match self {
            XriCheck::Production => "xri-balanced",
            _ => "xri-typed",
        }
    }

    fn check(self, rule: &Rule, text: &str) -> Result<(), ParseError> {
        match self {
            XriCheck::Reference => XriRef::parse(text).map(drop),
            XriCheck::Absolute => Xri::parse(text).map(drop),
            XriCheck::Relative => XriRef::parse_relative(text).map(drop),
            XriCheck::Production => rule.check(text),
        }
    }
}

/// What `check` adds to the grammar's verdict.
pub struct How {
    /// RFC 3987 section 4's bidi rules too.
    pub strict: bool,
    /// The WHATWG URL Standard's reading must agree (`xiri::whatwg`).
    pub browser_safe: bool,
    /// For XRI, whether Appendix A as printed would accept a refusal.
    pub explain: bool,
    /// RFC 6874's zone identifiers in IP literals.
    pub zone_id: bool,
}

/// The verdict on `text` as `form` ("reference" or "absolute") of
/// `grammar` with RFC 6874's zone identifiers; an unknown form is an error.
pub fn zoned_form(
    grammar: Grammar,
    form: &str,
    text: &str,
) -> Result<Result<(), ParseError>, String> {
    let absolute = zoned_absolute(form)?;
    super::zone_id(grammar, true)?;
    Ok(zoned(grammar, text, absolute))
}

/// Whether a check with zone identifiers of `form` is of the absolute
/// form; zone identifiers have only the reference and absolute forms.
fn zoned_absolute(form: &str) -> Result<bool, String> {
    match form {
        "reference" => Ok(false),
        "absolute" => Ok(true),
        _ => Err(format!(
            "zone identifiers are for the reference and absolute forms, not {form}"
        )),
    }
}

/// The verdict on `text` as the reference (or with `absolute`, absolute)
/// form of `grammar` with zone identifiers.
fn zoned(grammar: Grammar, text: &str, absolute: bool) -> Result<(), ParseError> {
    with_zoned_syntax!(grammar, true, S => {
        if absolute {
            <S as xiri::Syntax>::parse_absolute(text).map(drop)
        } else {
            <S as xiri::Syntax>::parse_reference(text).map(drop)
        }
    })
}

pub fn run(
    grammar: GrammarArg,
    rule_name: &str,
    how: How,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let How {
        strict,
        browser_safe,
        explain,
        zone_id,
    } = how;
    let grammar = match grammar {
        GrammarArg::XriAppendixA if zone_id => {
            return Err("--zone-id is for -g uri, iri, iri-bis and leiri".into())
        }
        GrammarArg::XriAppendixA if browser_safe => {
            return Err("--browser-safe is for -g uri, iri, iri-bis and leiri".into())
        }
        GrammarArg::XriAppendixA => return super::appendix_a::check(rule_name, json_input, inputs),
        GrammarArg::UriTemplate => {
            if strict || explain || browser_safe {
                return Err(
                    "--strict, --explain and --browser-safe are for the reference grammars".into(),
                );
            }
            return super::uri_template::check(rule_name, json_input, inputs);
        }
        GrammarArg::Library(grammar) => grammar,
    };
    super::zone_id(grammar, zone_id)?;
    if browser_safe && (zone_id || grammar == Grammar::Xri) {
        return Err(
            "--browser-safe is for -g uri, iri, iri-bis and leiri, without --zone-id".into(),
        );
    }
    if zone_id {
        let absolute = zoned_absolute(rule_name)?;
        if strict || explain {
            return Err("--zone-id goes without --strict and --explain".into());
        }
        let language = Value::from(super::language(grammar, true));
        let fields = [
            ("valid", Value::Bool(false)),
            ("language", language.clone()),
        ];
        return super::batch::run_fields(json_input, inputs, &fields, |text| {
            zoned(grammar, text, absolute)?;
            Ok(vec![Value::Bool(true), language.clone()])
        });
    }
    let rule = super::rule(grammar, rule_name)?;
    let checked = |text: &str| {
        if strict {
            rule.check_strict(text)
        } else {
            rule.check(text)
        }
    };
    if grammar != Grammar::Xri {
        if explain {
            return Err("--explain is for -g xri".into());
        }
        // Which grammar answered: -g has a default.
        let language = Value::from(grammar.name());
        let fields = [
            ("valid", Value::Bool(false)),
            ("language", language.clone()),
        ];
        return super::batch::run_fields(json_input, inputs, &fields, |text| {
            checked(text)?;
            if browser_safe {
                if let Some(error) = super::browser::refusal(text) {
                    return Err(Refusal::Answered(
                        vec![Value::Bool(false), language.clone()],
                        error,
                    ));
                }
            }
            Ok(vec![Value::Bool(true), language.clone()])
        });
    }
    let how = XriCheck::of(rule_name);
    let language = Value::from(how.language());
    let fields = [
        ("valid", Value::Bool(false)),
        ("language", language.clone()),
    ];
    // With --explain, compiled at the first XRI an input refuses, to ask
    // whether Appendix A as printed would have taken it. (Asked of every
    // refusal, it made a refusal cost six accepted inputs: issue 21.)
    let mut appendix_a: Option<Result<Compiled, String>> = None;
    super::batch::run_fields(json_input, inputs, &fields, |text| {
        // --strict adds RFC 3987's bidi rules, which the production's
        // check applies.
        let verdict = how
            .check(&rule, text)
            .and_then(|()| if strict { checked(text) } else { Ok(()) });
        let Err(e) = verdict else {
            return Ok(vec![Value::Bool(true), language.clone()]);
        };
        if !explain {
            return Err(e.into());
        }
        let spec = appendix_a.get_or_insert_with(|| Compiled::load(rule.name()));
        match spec.as_ref().map(|a| a.accepts(rule.name(), text)) {
            Ok(true) => Err(Refusal::Noted(e, POLICY)),
            _ => Err(e.into()),
        }
    })
}
