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
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

/// The kinds of error that leave a rule unread: a rule that does not
/// parse, bytes that are not UTF-8, a reversed range, an alternation too
/// wide. The grammar is refused when no rule is left.
const EARLY: [&str; 5] = [
    "syntax",
    "indented-rule",
    "encoding",
    "invalid-range",
    "too-wide",
];

/// Joins the files as read ([`figures::read_all`]); `Err` with every
/// finding when no rule reads (a file that is not ABNF). A rule that
/// does not read is broken: defined as a prose value, so that only the
/// rules that reach it are refused.
/// The checked grammar is the whole grammar, or, when some rules are
/// left-recursive, the rules that do not reach them.
pub(crate) fn join(
    files: Vec<FileRules>,
    options: &LoadOptions,
) -> Result<(Joined, CheckedGrammar), Vec<Diagnostic>> {
    let mut read = Vec::new();
    let mut parsed = Vec::new();
    let mut early = Vec::new();
    let mut unread = Vec::new();
    for rules in files {
        early.extend(rules.diagnostics);
        unread.push(rules.broken);
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
        broken: BTreeMap::new(),
    };
    let mut broken = BTreeMap::new();
    for (index, (mut definitions, unread)) in parsed.into_iter().zip(unread).enumerate() {
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
        // A later file's `=` replaces an earlier file's broken rule too.
        broken.retain(|key, _| !redefined.contains(key));
        broken.extend(unread.into_iter().map(|n| (n.to_ascii_lowercase(), n)));
    }
    // A rule with a definition that does not read is broken whole: its
    // other definitions are dropped too (what it means is not known).
    joined
        .definitions
        .retain(|(_, d)| !broken.contains_key(&d.name.key()));
    super::mend::refuse_wide(&mut joined, &mut broken);
    super::mend::mend(&mut joined, &broken);
    let written: Vec<Definition> = joined.definitions.iter().map(|(_, d)| d.clone()).collect();
    let warnings = super::warnings::written(&written, &joined.files, options.values);
    joined.diagnostics.extend(warnings);
    let early = |d: &Diagnostic| d.severity == Severity::Error && EARLY.contains(&d.kind);
    if joined.definitions.is_empty() && joined.diagnostics.iter().any(early) {
        // No rule reads: nothing to analyze.
        return Err(joined.diagnostics);
    }
    joined.broken = broken;
    let definitions = with_prose(&joined);
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

/// The prose value a name used and defined nowhere is mended to, after
/// the name.
pub(crate) const UNDEFINED: &str = " is not defined";

/// The prose value a broken rule (a definition that does not read) is
/// mended to, after its name.
pub(crate) const BROKEN: &str = " has an error";

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

/// The definitions in force, and each name used and defined nowhere, or
/// broken, defined as a prose value ([`UNDEFINED`], [`BROKEN`]).
fn with_prose(joined: &Joined) -> Vec<Definition> {
    let mut definitions: Vec<Definition> =
        joined.definitions.iter().map(|(_, d)| d.clone()).collect();
    let undefined = joined.undefined.iter().map(|n| (n, UNDEFINED));
    let broken = joined.broken.values().map(|n| (n, BROKEN));
    let mut seen = BTreeSet::new();
    for (name, what) in undefined.chain(broken) {
        if !seen.insert(name.to_ascii_lowercase()) {
            continue;
        }
        definitions.push(Definition {
            name: abnf_oracle::RuleName::new(name.clone()),
            defined_as: DefinedAs::Base,
            body: Element::ProseVal {
                text: format!("{name}{what}"),
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
        let (joined, _) = load(&[
            ("ok.abnf", "a = \"x\"\n"),
            ("bad.abnf", "b = \"x\"\nc = (\"y\"\n"),
        ])
        .unwrap();
        let errors = &joined.diagnostics;
        assert!(
            errors[0].to_string().starts_with("bad.abnf:2:"),
            "{}",
            errors[0]
        );
        // The rule that does not parse is broken, the others load.
        assert_eq!(joined.broken.values().collect::<Vec<_>>(), ["c"]);
        assert_eq!(joined.definitions.len(), 2);
        let Err(errors) = load(&[("bad.abnf", "c = (\"y\"\n")]) else {
            panic!("no rule reads");
        };
        assert_eq!(errors[0].kind, "syntax");
    }

    #[test]
    fn a_broken_rule_is_broken_whole_until_a_later_file_replaces_it() {
        let text = "a = x\nx = \"a\"\nx =/ (\"b\"\n";
        let (joined, _) = load(&[("g.abnf", text)]).unwrap();
        assert_eq!(joined.broken.values().collect::<Vec<_>>(), ["x"]);
        assert_eq!(joined.definitions.len(), 1);
        let (joined, _) = load(&[("g.abnf", text), ("h.abnf", "X = \"c\"\n")]).unwrap();
        assert!(joined.broken.is_empty());
        assert_eq!(joined.definitions.len(), 2);
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
