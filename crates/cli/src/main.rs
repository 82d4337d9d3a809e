//! `xiri`: check, parse and inspect URIs, IRIs, LEIRIs and XRIs against the
//! grammars transcribed from their specifications.

mod cli;

use clap::{CommandFactory, FromArgMatches};
use cli::commands::Cli;
use cli::commands::Command;
use cli::resolve::Direction;
use std::process::ExitCode;
use xiri::Grammar;

/// The conversion the command line asks for, or a usage error.
fn conversion(
    from: Grammar,
    to: Grammar,
    nfkc: bool,
    idna: bool,
    query_charset: Option<&str>,
) -> Result<xiri::Conversion, String> {
    let mut conversion = xiri::Conversion::new(from, to).map_err(|e| e.to_string())?;
    conversion.nfkc = nfkc;
    conversion.uri.idna = idna;
    if let Some(label) = query_charset {
        conversion.uri.query_charset = Some(
            xiri::Charset::for_label(label)
                .ok_or_else(|| format!("--query-charset: no charset is called {label:?}"))?,
        );
    }
    Ok(conversion)
}

fn main() -> ExitCode {
    let matches = cli::examples::with_examples(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Check {
            target,
            strict,
            browser_safe,
            ambiguity,
            trace,
            explain,
            max_items,
            zone_id,
            inputs,
        } => match target.source.grammar() {
            Some(grammar)
                if target.source.abnf.is_empty() && !ambiguity && !trace && max_items.is_none() =>
            {
                cli::check::run(
                    grammar,
                    target.rule.as_deref().unwrap_or("reference"),
                    cli::check::How {
                        strict,
                        browser_safe,
                        explain,
                        zone_id,
                    },
                    target.json_input,
                    inputs,
                )
            }
            _ if zone_id => Err("--zone-id is for the built-in grammars (-g)".into()),
            _ if explain => Err("--explain is for the built-in XRI grammar (-g xri)".into()),
            _ if strict => Err("--strict is for the built-in IRI grammars (-g)".into()),
            _ if browser_safe => Err("--browser-safe is for the built-in IRI grammars (-g)".into()),
            _ => target.source.load().and_then(|grammar| {
                let rule = target.source.production(&grammar, target.rule.as_deref())?;
                let decider = cli::source::decider(&grammar, &rule, "the grammar")?;
                let decider = cli::loaded::bounded(decider, max_items);
                let extras = cli::loaded::Extras { ambiguity, trace };
                cli::loaded::check(&decider, extras, target.json_input, inputs)
            }),
        },
        Command::Parse {
            target,
            json,
            get,
            zone_id,
            inputs,
        } => target.library("parse").and_then(|grammar| {
            cli::zone_id(grammar, zone_id)?;
            let shown = match get {
                Some(t) => cli::parse::Shown::Template(cli::template::Template::parse(&t)?),
                None => cli::parse::Shown::Components { json, zone_id },
            };
            let rule = target.rule_or_reference();
            cli::parse::run(grammar, rule, &shown, target.json_input, inputs)
        }),
        Command::Tree {
            target,
            all,
            limit,
            max_items,
            inputs,
        } => match target.library("tree") {
            Ok(grammar) if !all && max_items.is_none() => {
                cli::rule(grammar, target.rule_or_reference()).and_then(|rule| {
                    cli::blocks::run(target.json_input, inputs, |input| cli::tree(&rule, input))
                })
            }
            _ => target.source.load().and_then(|grammar| {
                let rule = target.source.production(&grammar, target.rule.as_deref())?;
                let decider = cli::source::decider(&grammar, &rule, "the grammar")?;
                let decider = cli::loaded::bounded(decider, max_items);
                cli::blocks::run(target.json_input, inputs, |input| {
                    cli::loaded::tree(&decider, input, all, limit)
                })
            }),
        },
        Command::Resolve(a) => cli::resolve::run(
            Direction::Resolve,
            (a.grammar, a.zone_id),
            &a.base,
            a.json_input,
            cli::batch::Output::raw(a.raw),
            a.inputs,
        ),
        Command::Relative(a) => cli::resolve::run(
            Direction::Relative,
            (a.grammar, a.zone_id),
            &a.base,
            a.json_input,
            cli::batch::Output::raw(a.raw),
            a.inputs,
        ),
        Command::Normalize {
            how,
            json_input,
            raw,
            inputs,
        } => cli::normalize::normalize(
            (how.grammar, how.zone_id),
            how.options(),
            json_input,
            cli::batch::Output::raw(raw),
            inputs,
        ),
        Command::Equiv {
            how,
            json_input,
            pair,
        } => cli::normalize::equiv((how.grammar, how.zone_id), how.options(), json_input, pair),
        Command::Edit(args) => cli::edit::run(args, matches.subcommand_matches("edit")),
        Command::Encode(args) => cli::encode::encode(args),
        Command::Decode(args) => cli::encode::decode(args),
        Command::Template(args) => cli::uri_template::run(args),
        Command::Convert {
            from,
            to,
            nfkc,
            idna,
            query_charset,
            steps,
            raw,
            json_input,
            inputs,
        } => conversion(from, to, nfkc, idna, query_charset.as_deref()).and_then(|c| {
            let output = cli::batch::Output::raw(raw);
            cli::convert::run(c, steps, json_input, output, inputs)
        }),
        Command::Preprocess {
            spaces,
            json_input,
            inputs,
        } => cli::lint::preprocess(spaces.into(), json_input, inputs),
        Command::DraftComponents {
            preprocess,
            json_input,
            inputs,
        } => cli::draft::run(preprocess, json_input, inputs),
        Command::Lint { json_input, inputs } => cli::lint::lint(json_input, inputs),
        Command::Find(args) => cli::find::run(&args),
        Command::Conformance { format } => cli::conformance::run(format),
        Command::Grammar {
            mut args,
            grammar,
            abnf,
            diagram,
            canonical,
            expand_lists,
            reading,
        } => {
            if let Some(g) = grammar {
                args.insert(0, g);
            }
            let form = match (diagram, canonical, expand_lists) {
                (true, _, _) => cli::show::Form::Diagram,
                (_, true, _) => cli::show::Form::Canonical,
                (_, _, true) => cli::show::Form::ExpandLists,
                _ => cli::show::Form::Written,
            };
            cli::show::run(&args, &abnf, form, reading)
        }
        Command::Rules { source, rule, json } => cli::rules::run(&source, &rule, json),
        Command::Extract {
            files,
            figures,
            list,
        } => cli::extract::run(&files, figures.choice(), list),
        Command::Generate(args) => cli::generate::run(&args),
        Command::Compare(args) => cli::compare::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("xiri: {message}");
            ExitCode::from(2)
        }
    }
}
