//! Loading a grammar from ABNF files at run time.
//!
//! Each file is read (`read.rs`): its ABNF figures taken out of it
//! (`source/`), a file in the W3C Note's layout (`[N] name ::= ...`, as
//! `grammar/leiri.abnf`) rewritten into RFC 5234 layout line for line,
//! and each rule parsed by `abnf-oracle` on its own, so that every
//! mistake is reported. The files are then joined: a rule a later file
//! defines with `=` replaces every definition of it in the earlier files
//! (as `grammar/xri-balanced.abnf` replaces `xref` of `grammar/xri.abnf`),
//! while `=/` adds alternatives to the rule as RFC 5234 section 3.3 says,
//! whichever file the base is in. What the joined grammar gets wrong is
//! found here and in `mend.rs`, each with its file, line and column
//! ([`Diagnostic`](crate::Diagnostic)): rules defined twice, `=/` without
//! a base, undefined rules, and the warnings of `warnings.rs`.
//! `abnf-oracle` refuses a grammar with any of these errors, so the
//! analysis goes on with a mended copy (the second definition dropped,
//! the orphan `=/` dropped, each undefined name defined as a prose value),
//! which is what [`rules`](crate::rules) classifies. Left recursion, which
//! abnf-oracle refuses too, is legal ABNF: it is a warning, and
//! abnf-oracle checks the rules that do not reach it (`left.rs`), nor a
//! rule that both matches the empty string and reaches prose, which its
//! check takes a pass a rule of a chain to find (`reach.rs`).

use super::joined::Joined;
use super::left::Left;
use crate::figures::{reversed, Diagnostic, FileRules, LoadOptions, Read, Severity};
use abnf_oracle::{CheckError, CheckedGrammar, DefinedAs, Definition, Element, Span};
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// The kinds of error that leave the grammar unread: a rule that does
/// not parse, bytes that are not UTF-8, a reversed range.
const EARLY: [&str; 5] = [
    "syntax",
    "indented-rule",
    "encoding",
    "invalid-range",
    "too-wide",
];

/// Joins the files as read ([`figures::read_all`]); `Err` with every
/// syntax error when any file is not ABNF (or with an inverted range).
/// The checked grammar is the whole grammar, or, when some rules are
/// left-recursive, the rules that do not reach them.
pub(crate) fn join(
    files: Vec<FileRules>,
    options: &LoadOptions,
) -> Result<(Joined, CheckedGrammar), Vec<Diagnostic>> {
    let mut read = Vec::new();
    let mut parsed = Vec::new();
    let mut early = Vec::new();
    let mut broken = BTreeSet::new();
    for rules in files {
        early.extend(rules.diagnostics);
        broken.extend(rules.broken.iter().map(|n| n.to_ascii_lowercase()));
        parsed.push(rules.definitions);
        read.push(rules.read);
    }
    for (span, message) in parsed.iter_mut().flat_map(|d| reversed(d)) {
        early.push(Diagnostic::at(
            Severity::Error,
            "invalid-range",
            None,
            message,
            &read,
            span,
        ));
    }
    let mut joined = Joined {
        files: read,
        definitions: Vec::new(),
        replaced: Vec::new(),
        diagnostics: early,
        undefined: BTreeSet::new(),
        duplicated: BTreeSet::new(),
        mended: Vec::new(),
        left: Left::default(),
        aside: HashMap::new(),
    };
    for (index, mut definitions) in parsed.into_iter().enumerate() {
        super::mend::resolve_prose(&mut joined, &mut definitions);
        let redefined: BTreeSet<String> = definitions
            .iter()
            .filter(|d| d.defined_as == DefinedAs::Base)
            .map(|d| d.name.key())
            .collect();
        let mut kept = Vec::new();
        for (file, definition) in std::mem::take(&mut joined.definitions) {
            if file < index && redefined.contains(&definition.name.key()) {
                let name = definition.name.as_str().to_string();
                if !joined
                    .replaced
                    .iter()
                    .any(|(n, f, _)| *f == file && n == &name)
                {
                    joined.replaced.push((name, file, index));
                }
            } else {
                kept.push((file, definition));
            }
        }
        joined.definitions = kept;
        for definition in definitions {
            joined.definitions.push((index, definition));
        }
    }
    super::mend::refuse_wide(&mut joined, &mut broken);
    super::mend::mend(&mut joined, &broken);
    let written: Vec<Definition> = joined.definitions.iter().map(|(_, d)| d.clone()).collect();
    let warnings = super::warnings::written(&written, &joined.files, options.values);
    joined.diagnostics.extend(warnings);
    if joined
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && EARLY.contains(&d.kind))
    {
        // Every mistake at once: the syntax errors, then what the rules
        // that parse get wrong (those the checked grammar finds too, when
        // the rules that parse, the others taken as prose, check).
        let mut definitions = with_prose(&joined, joined.undefined.iter().chain(&broken));
        let aside = super::reach::nullable_prose(&definitions);
        let left = core()
            .map(|c| Left::find(&definitions, c))
            .unwrap_or_default();
        definitions.retain(|d| {
            let name = d.name.as_str();
            !name.is_empty() && !aside.contains_key(&d.name.key()) && !left.reaches(name)
        });
        let checked =
            abnf_oracle::Grammar::new(definitions, abnf_oracle::ParseOptions::default()).check();
        if let Ok(checked) = checked {
            let nullable = super::warnings::nullable_repeats(&checked, &joined.files);
            joined.diagnostics.extend(nullable);
        }
        return Err(joined.diagnostics);
    }
    let definitions = with_prose(&joined, joined.undefined.iter());
    let check = |definitions: Vec<Definition>| {
        let definitions = super::reach::check_order(definitions);
        abnf_oracle::Grammar::new(definitions, abnf_oracle::ParseOptions::default()).check()
    };
    let refused = |errors: abnf_oracle::CheckErrors, files: &[Read]| -> Vec<Diagnostic> {
        errors.iter().map(|e| check_error(e, files)).collect()
    };
    // abnf-oracle checks the rules that meet neither left recursion (which
    // it refuses, listing cycles by the thousand when a set of rules begin
    // with one another in many ways) nor a rule matching the empty string
    // and reaching prose; they use no rule that does. The Earley parser
    // and the diagrams take the others from their definitions.
    joined.aside = super::reach::nullable_prose(&definitions);
    if let Some(core) = core() {
        joined.left = Left::find(&definitions, core);
    }
    let rest: Vec<Definition> = definitions
        .iter()
        .filter(|d| !joined.unchecked(d.name.as_str()))
        .cloned()
        .collect();
    let checked = check(rest).map_err(|errors| refused(errors, &joined.files))?;
    for cycle in &joined.left.cycles {
        joined.diagnostics.push(Diagnostic::at(
            Severity::Warning,
            "left-recursion",
            cycle.rules.first().cloned(),
            cycle.warning(),
            &joined.files,
            cycle.span,
        ));
    }
    joined.mended = definitions;
    let nullable = super::warnings::nullable_repeats(&checked, &joined.files);
    joined.diagnostics.extend(nullable);
    Ok((joined, checked))
}

/// RFC 5234's core rules, checked once: what [`Left::find`] looks them up
/// in (`None` were they to fail the check: left recursion is then refused
/// by the check, as an error).
fn core() -> Option<&'static CheckedGrammar> {
    static CORE: OnceLock<Option<CheckedGrammar>> = OnceLock::new();
    CORE.get_or_init(|| {
        abnf_oracle::Grammar::new(Vec::new(), abnf_oracle::ParseOptions::default())
            .check()
            .ok()
    })
    .as_ref()
}

/// The definitions in force, and each of `names` (used and defined
/// nowhere, or with a syntax error) defined as a prose value.
fn with_prose<'n>(joined: &Joined, names: impl Iterator<Item = &'n String>) -> Vec<Definition> {
    let mut definitions: Vec<Definition> =
        joined.definitions.iter().map(|(_, d)| d.clone()).collect();
    let mut seen = BTreeSet::new();
    for name in names {
        if !seen.insert(name.to_ascii_lowercase()) {
            continue;
        }
        definitions.push(Definition {
            name: abnf_oracle::RuleName::new(name.clone()),
            defined_as: DefinedAs::Base,
            body: Element::ProseVal {
                text: format!("{name} is not defined"),
                span: abnf_oracle::Ignored(Span::default()),
            },
            span: abnf_oracle::Ignored(Span::default()),
        });
    }
    definitions
}

/// What abnf-oracle still refuses once the grammar is mended: inverted
/// ranges (and left recursion, were there some `left.rs` did not find).
fn check_error(error: &CheckError, files: &[Read]) -> Diagnostic {
    let kind = match error {
        CheckError::LeftRecursion { .. } => "left-recursion",
        CheckError::InvalidRepeatRange { .. } | CheckError::InvalidNumericRange { .. } => {
            "invalid-range"
        }
        _ => "check",
    };
    match error.span() {
        Some(span) => Diagnostic::at(Severity::Error, kind, None, error.to_string(), files, span),
        None => Diagnostic::without_place(Severity::Error, kind, None, error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::AbnfFile;

    fn load(files: &[(&str, &str)]) -> Result<(Joined, CheckedGrammar), Vec<Diagnostic>> {
        let files: Vec<AbnfFile> = files.iter().map(|(n, t)| AbnfFile::new(*n, *t)).collect();
        let options = LoadOptions::default();
        join(crate::figures::read_all(&files, &options), &options)
    }

    #[test]
    fn a_later_file_replaces_a_rule_and_increments_accumulate() {
        let (joined, g) = load(&[
            ("a.abnf", "top = x\nx = \"a\"\nx =/ \"b\"\n"),
            ("b.abnf", "x = \"c\"\nx =/ \"d\"\ntop =/ \"e\"\n"),
        ])
        .unwrap();
        assert!(joined.diagnostics.is_empty());
        assert_eq!(joined.replaced, vec![("x".to_string(), 0, 1)]);
        let accepts = |s: &str| abnf_oracle::Recognizer::new(&g, s).accepts("top").unwrap();
        assert!(!accepts("a") && !accepts("b"));
        assert!(accepts("c") && accepts("d") && accepts("e"));
    }

    #[test]
    fn duplicates_orphans_and_undefined_are_found_with_their_places() {
        let (joined, _) =
            load(&[("g.abnf", "a = b / c\nb = \"x\"\nb = \"y\"\nd =/ \"z\"\n")]).unwrap();
        let shown: Vec<String> = joined.diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(
            shown[0].starts_with(
                "g.abnf:3:1: error: `b` is defined twice with `=`, differently (first at g.abnf:2:1)"
            ),
            "{shown:?}"
        );
        assert!(
            shown[1].starts_with("g.abnf:4:1: error: `d =/ ...`"),
            "{shown:?}"
        );
        assert!(
            shown[2].starts_with("g.abnf:1:9: error: `c` is used here and defined nowhere"),
            "{shown:?}"
        );
        assert!(shown[2].contains("\n  a = b / c\n          ^"), "{shown:?}");
    }

    #[test]
    fn syntax_errors_name_the_file_line_and_column() {
        let Err(errors) = load(&[
            ("ok.abnf", "a = \"x\"\n"),
            ("bad.abnf", "b = \"x\"\nc = (\"y\"\n"),
        ]) else {
            panic!("bad.abnf is not ABNF");
        };
        assert!(
            errors[0].to_string().starts_with("bad.abnf:2:"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn rules_indented_as_an_rfc_prints_them_load() {
        let text = "; comment\n   a = b\n       / \"y\"\n   b = \"x\" c\n";
        let (joined, _) = load(&[("rfc.abnf", text)]).unwrap();
        assert_eq!(
            joined.files[0].origins[1].columns,
            crate::source::Columns::Shift(3)
        );
        let shown = joined.diagnostics[0].to_string();
        assert!(
            shown.starts_with("rfc.abnf:4:12: error: `c` is used here"),
            "{shown}"
        );
        assert!(
            shown.ends_with("\n     b = \"x\" c\n             ^"),
            "{shown}"
        );
    }

    #[test]
    fn the_w3c_layout_is_read_line_for_line() {
        let (joined, g) = load(&[(
            "n.abnf",
            "; a comment\n[1]   a   ::=   b\n/ \"q\"\n[2]   b   ::=   '\"' \"x\"\n",
        )])
        .unwrap();
        assert!(joined.files[0].w3c);
        assert!(abnf_oracle::Recognizer::new(&g, "\"x")
            .accepts("a")
            .unwrap());
        assert!(abnf_oracle::Recognizer::new(&g, "q").accepts("a").unwrap());
    }
}
