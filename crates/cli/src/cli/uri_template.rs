//! URI Templates (RFC 6570) on the command line: `xiri template expand`,
//! `xiri template check`, and `xiri check -g uri-template`, which the
//! engine answers with its offsets and expected sets from
//! grammar/rfc6570.abnf. (`src/cli/template.rs` is another thing: the
//! `--get` template of `xiri parse`.)

use super::batch::Refusal;
use clap::{Args, Subcommand};
use serde_json::{json, Value as Json};
use std::collections::HashMap;
use std::io::Read;
use std::process::ExitCode;
use xiri::template::{Template, TemplateError, Value};

#[derive(Args)]
pub struct TemplateArgs {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(Subcommand)]
pub enum Action {
    /// Expands each template: one JSON object each, `{"template",
    /// "expansion", "error"}`, or with -r the expansion alone. Exit status
    /// 1 if a template is invalid, a prefix modifier meets a list or an
    /// associative array, or the expansion is not a URI reference (it is
    /// printed all the same: RFC 6570 expands to URI characters, which
    /// need not make a reference).
    Expand {
        /// The templates, e.g. 'http://example.com/{user}{?q*}';
        /// standard input (one a line) when none.
        templates: Vec<std::ffi::OsString>,
        /// The variables: a JSON object whose values are strings, arrays
        /// of strings (lists) or objects of strings (associative arrays,
        /// in the order given); numbers stand for their text, null for
        /// undefined. `-` reads it from standard input (then the
        /// templates are the arguments).
        #[arg(long, default_value = "{}")]
        vars: String,
        /// The expansion alone, as text (like jq -r).
        #[arg(long, short)]
        raw: bool,
        /// Expand to an IRI reference: non-ASCII characters of the
        /// template's literals stay as themselves.
        #[arg(long)]
        iri: bool,
    },
    /// Checks each template: `{"template", "valid", "error",
    /// "variables"}`; exit status 1 if one is not a template (RFC 6570 section 2's grammar, the
    /// engine's offset and expected set) or uses a reserved operator.
    Check {
        /// The templates; standard input (one a line) when none.
        templates: Vec<std::ffi::OsString>,
    },
}

pub fn run(args: TemplateArgs) -> Result<ExitCode, String> {
    match args.action {
        Action::Expand {
            templates,
            vars,
            raw,
            iri,
        } => expand(templates, &vars, raw, iri),
        Action::Check { templates } => each(templates, |template| {
            let (valid, error, variables) = match Template::parse(template) {
                Ok(t) => (true, Json::Null, json!(t.variables().collect::<Vec<_>>())),
                Err(e) => (false, error_json(&e), Json::Null),
            };
            let answer = json!({
                "template": template,
                "valid": valid,
                "error": error,
                "variables": variables,
            });
            super::emit(&format!("{answer}\n"))?;
            Ok(valid)
        }),
    }
}

/// Answers each template (the arguments, or the lines of standard input);
/// one that cannot be read is answered in its place, as `check` answers
/// it. Exit status 1 when `answer` refused one.
fn each(
    templates: super::batch::Args,
    mut answer: impl FnMut(&str) -> Result<bool, String>,
) -> Result<ExitCode, String> {
    let mut all = true;
    for input in super::batch::inputs(false, templates) {
        all &= match input? {
            super::batch::Input::Text(template) => answer(&template)?,
            super::batch::Input::Unreadable {
                shown,
                offset,
                message,
            } => {
                let error = json!({"offset": offset, "expected": [], "message": message});
                super::emit(&format!("{}\n", json!({"template": shown, "error": error})))?;
                false
            }
        };
    }
    Ok(if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A template error as `xiri check` writes errors.
fn error_json(e: &TemplateError) -> Json {
    json!({
        "offset": e.offset(),
        "expected": e.expected(),
        "message": e.to_string(),
    })
}

fn expand(
    templates: super::batch::Args,
    vars: &str,
    raw: bool,
    iri: bool,
) -> Result<ExitCode, String> {
    let text = if vars == "-" {
        if templates.is_empty() {
            return Err(
                "--vars - reads the variables from standard input: give the templates as arguments"
                    .into(),
            );
        }
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("reading the variables from standard input: {e}"))?;
        text
    } else {
        vars.to_string()
    };
    let vars = variables(&text)?;
    each(templates, |template| {
        let (expansion, error) = match expanded(template, text.len(), &vars, iri) {
            Ok(text) => (Some(text), None),
            Err((expansion, error)) => (expansion, Some(error)),
        };
        if raw {
            if let Some(text) = &expansion {
                super::emit(&format!("{text}\n"))?;
            }
            if let Some(e) = &error {
                eprintln!("xiri: {}", e["message"].as_str().unwrap_or("refused"));
            }
        } else {
            let answer = json!({
                "template": template,
                "expansion": expansion,
                "error": error.clone().unwrap_or(Json::Null),
            });
            super::emit(&format!("{answer}\n"))?;
        }
        Ok(error.is_none())
    })
}

/// `template` expanded with `vars` (whose JSON text was `vars_len`
/// bytes), or its error object, with the expansion when the error has
/// one. An expansion that could pass xiri's bound on output is refused
/// before it is made.
fn expanded(
    template: &str,
    vars_len: usize,
    vars: &HashMap<String, Value>,
    iri: bool,
) -> Result<String, (Option<String>, Json)> {
    let t = Template::parse(template).map_err(|e| (None, error_json(&e)))?;
    let most = most_expanded(&t, template.len(), vars);
    let allowed = super::OUTPUT_PER_BYTE * (template.len() + vars_len) + super::OUTPUT_SLACK;
    if most > allowed {
        let message = format!(
            "the expansion could be {most} bytes long, past xiri's bound on output ({} bytes a byte of template and variables, plus {} bytes): each reference to a variable copies its value",
            super::OUTPUT_PER_BYTE,
            super::OUTPUT_SLACK
        );
        return Err((
            None,
            json!({"offset": 0, "expected": [], "message": message}),
        ));
    }
    let result = if iri {
        t.expand_iri(vars).map(|r| r.as_str().to_string())
    } else {
        t.expand(vars).map(|r| r.as_str().to_string())
    };
    result.map_err(|e| (e.expansion().map(str::to_string), error_json(&e)))
}

/// The most bytes expanding `t` can write: its literals percent-encoded
/// (three bytes a byte at most), and for each
/// reference to a variable its value percent-encoded (three bytes a
/// byte), each item with a separator and its name. A template that names
/// a long value many times expands to their product, not their sum.
fn most_expanded(t: &Template, template_len: usize, vars: &HashMap<String, Value>) -> usize {
    let each = |name: &str| {
        let item = |len: usize| 3 * len + name.len() + 2;
        match vars.get(name) {
            Some(Value::String(s)) => item(s.len()),
            Some(Value::List(items)) => items.iter().map(|s| item(s.len())).sum(),
            Some(Value::Map(pairs)) => pairs.iter().map(|(k, v)| item(k.len() + 1 + v.len())).sum(),
            _ => 0,
        }
    };
    3 * template_len + t.variables().map(each).sum::<usize>()
}

/// `template` expanded (as a URI reference) with the variables of the
/// JSON object `vars`, for the conformance report.
pub fn expansion(template: &str, vars: &str) -> Result<String, String> {
    let vars = variables(vars)?;
    Template::parse(template)
        .and_then(|t| t.expand(&vars))
        .map(|r| r.as_str().to_string())
        .map_err(|e| e.to_string())
}

/// The variables of `--vars`: a JSON object, each value a string, number
/// (its text), null (undefined), array (list) or object (associative
/// array) of those but arrays and objects; nulls inside are left out.
fn variables(text: &str) -> Result<HashMap<String, Value>, String> {
    let json: Json = serde_json::from_str(text).map_err(|e| format!("--vars is not JSON: {e}"))?;
    let Json::Object(object) = json else {
        return Err("--vars must be a JSON object, its keys the variables' names".into());
    };
    let mut vars = HashMap::new();
    for (name, value) in object {
        let scalar = |v: &Json, what: &str| -> Result<Option<String>, String> {
            match v {
                Json::String(s) => Ok(Some(s.clone())),
                Json::Number(n) => Ok(Some(n.to_string())),
                Json::Null => Ok(None),
                _ => Err(format!(
                    "--vars: {name:?}: {what} must be strings (or numbers, or null)"
                )),
            }
        };
        let value = match &value {
            Json::Null => continue,
            Json::Array(items) => {
                let mut list = Vec::new();
                for item in items {
                    list.extend(scalar(item, "a list's items")?);
                }
                Value::List(list)
            }
            Json::Object(pairs) => {
                let mut map = Vec::new();
                for (k, v) in pairs {
                    if let Some(v) = scalar(v, "an associative array's values")? {
                        map.push((k.clone(), v));
                    }
                }
                Value::Map(map)
            }
            Json::Bool(_) => {
                return Err(format!(
                    "--vars: {name:?}: a value is a string, a number, an array or an object"
                ))
            }
            other => match scalar(other, "values")? {
                Some(s) => Value::String(s),
                None => continue,
            },
        };
        vars.insert(name, value);
    }
    Ok(vars)
}

/// `xiri check -g uri-template`: one JSON verdict per input, the engine's
/// offset and expected set on refusal. `--rule reference` (the default)
/// is `URI-Template`; any other production of grammar/rfc6570.abnf by
/// its name.
pub fn check(rule: &str, json_input: bool, inputs: super::batch::Args) -> Result<ExitCode, String> {
    let production = if rule == "reference" {
        "URI-Template"
    } else {
        rule
    };
    let compiled;
    let automaton = if production == "URI-Template" {
        xiri::template::automaton().ok_or("the engine does not compile URI-Template")?
    } else {
        compiled = xiri::engine::compile(&xiri::template::abnf(), production, &Default::default())
            .map_err(|e| format!("grammar/rfc6570.abnf: {production}: {e}"))?;
        &compiled
    };
    let language = Json::from("uri-template");
    let fields = [("valid", Json::Bool(false)), ("language", language.clone())];
    super::batch::run_fields(json_input, inputs, &fields, |text| {
        match automaton.check(text) {
            Ok(()) => Ok(vec![Json::Bool(true), language.clone()]),
            Err(refusal) => {
                let expected: Vec<&str> = refusal.expected.iter().map(|e| e.as_ref()).collect();
                let found = text
                    .get(refusal.offset..)
                    .and_then(|rest| rest.chars().next())
                    .map_or("end of input".to_string(), |c| format!("{c:?}"));
                let listed = match expected.split_last() {
                    Some((last, [])) => last.to_string(),
                    Some((last, others)) => format!("one of {} or {last}", others.join(", ")),
                    None => "nothing".to_string(),
                };
                let message = format!(
                    "no match for {production} (uri-template) at byte {}: found {found}, expected {listed}",
                    refusal.offset
                );
                Err(Refusal::Answered(
                    vec![Json::Bool(false), language.clone()],
                    json!({
                        "offset": refusal.offset,
                        "expected": expected,
                        "message": message,
                    }),
                ))
            }
        }
    })
}
