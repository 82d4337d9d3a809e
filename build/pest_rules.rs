//! The pest files read rule by rule with pest's own grammar parser
//! (`pest_meta`), and each rule's `///` quote checked against the ABNF.

use pest_meta::parser::{self, Rule};
use std::collections::BTreeMap;
use xiri_engine::abnf;

/// A rule of a pest file, with the comments before it.
pub struct PestRule {
    pub name: String,
    /// The `///` lines, joined.
    pub doc: String,
    /// The rule as written, with its doc and `//` comments.
    pub text: String,
    pub silent: bool,
    pub file: &'static str,
}

/// Splits a pest file into rules, keeping each rule's preceding comments
/// (`///` quotes and `//` notes such as `// PEG:`), with pest_meta's parser
/// of pest grammars: what it calls a rule is what pest_derive compiles.
fn pest_rules(source: &str, file: &'static str) -> Result<Vec<PestRule>, String> {
    let pairs =
        parser::parse(Rule::grammar_rules, source).map_err(|e| format!("grammar/{file}: {e}"))?;
    let mut rules = Vec::new();
    // Where the text of the next rule starts: after the previous rule, or
    // after the file's `//!` lines.
    let mut from = 0;
    for pair in pairs {
        match pair.as_rule() {
            Rule::grammar_doc => from = pair.as_span().end(),
            Rule::grammar_rule => {
                let mut inner = pair.clone().into_inner();
                let Some(first) = inner.next() else { continue };
                if first.as_rule() != Rule::identifier {
                    // A `///` line: it belongs to the rule after it.
                    continue;
                }
                let end = pair.as_span().end();
                let before = source.get(from..pair.as_span().start()).unwrap_or_default();
                // The comments just above the rule (a blank line ends them).
                let mut comments: Vec<&str> = before
                    .lines()
                    .rev()
                    .skip_while(|l| l.trim().is_empty())
                    .take_while(|l| !l.trim().is_empty())
                    .filter(|l| {
                        l.trim_start().starts_with("//") && !l.trim_start().starts_with("//!")
                    })
                    .map(str::trim_end)
                    .collect();
                comments.reverse();
                let doc = comments
                    .iter()
                    .filter_map(|l| l.trim().strip_prefix("///"))
                    .map(str::trim)
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut text = comments.join("\n");
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(source.get(pair.as_span().start()..end).unwrap_or_default());
                let silent = inner.any(|p| p.as_rule() == Rule::silent_modifier);
                rules.push(PestRule {
                    name: first.as_str().to_string(),
                    doc,
                    text,
                    silent,
                    file,
                });
                from = end;
            }
            _ => {}
        }
    }
    Ok(rules)
}

/// Every pest file of `sources` (`(pest file, ABNF file, notation)`) read
/// into rules, each rule's quote checked against its ABNF file's
/// productions (`abnf_files`, by file name): the rules by pest file, or a
/// panic that lists every quote that differs.
pub fn checked_pest_files(
    sources: &[(&'static str, &str, abnf::Notation)],
    read: &dyn Fn(&str) -> String,
    abnf_files: &BTreeMap<&str, Vec<abnf::Production>>,
) -> BTreeMap<&'static str, Vec<PestRule>> {
    let mut pest_files = BTreeMap::new();
    let mut errors = Vec::new();
    for &(pest_file, abnf_file, _) in sources {
        let rules = pest_rules(&read(pest_file), pest_file).unwrap_or_else(|e| panic!("{e}"));
        let productions = abnf_files.get(abnf_file).map_or(&[][..], Vec::as_slice);
        for rule in &rules {
            check_rule(rule, productions, abnf_file, &mut errors);
        }
        pest_files.insert(pest_file, rules);
    }
    if !errors.is_empty() {
        panic!("grammar/ is inconsistent:\n{}", errors.join("\n"));
    }
    pest_files
}

/// A documented rule must quote its production exactly; an undocumented one
/// must be a PEG helper: silent, or an `_eoi` entry point.
fn check_rule(
    rule: &PestRule,
    productions: &[abnf::Production],
    abnf_file: &str,
    errors: &mut Vec<String>,
) {
    if rule.doc.is_empty() {
        if !rule.silent && !rule.name.ends_with("_eoi") {
            errors.push(format!(
                "{}: rule `{}` has no `///` quote of an ABNF production and is not a PEG helper (silent, or an _eoi entry)",
                rule.file, rule.name
            ));
        }
        return;
    }
    let Some((name, body)) = rule.doc.split_once('=') else {
        errors.push(format!(
            "{}: `{}`'s doc is not `name = production`",
            rule.file, rule.name
        ));
        return;
    };
    let name = name.trim();
    if abnf::pest_name(name) != rule.name {
        errors.push(format!(
            "{}: rule `{}` quotes the production `{name}`",
            rule.file, rule.name
        ));
    }
    match productions.iter().find(|p| p.name == name) {
        None => errors.push(format!(
            "{}: `{name}` is not a production of grammar/{abnf_file}",
            rule.file
        )),
        Some(p) if p.body != quoted_body(body) => errors.push(format!(
            "{}: `{}` quotes\n    {}\n  but grammar/{abnf_file} has\n    {}",
            rule.file,
            rule.name,
            quoted_body(body),
            p.body
        )),
        Some(_) => {}
    }
}

/// A `///` quote's right-hand side as the ABNF files compare: comments
/// dropped, white space folded, the LEIRI Note's `'"'` spelled `%x22`.
fn quoted_body(body: &str) -> String {
    abnf::fold_whitespace(abnf::strip_comment(&body.replace("'\"'", "%x22")))
}
