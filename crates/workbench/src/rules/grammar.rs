//! [`LoadedGrammar`]: ABNF files loaded at run time, checked, and asked
//! about their rules.

use super::index::Index;
use super::joined::Joined;
use super::left::LeftRecursion;
use super::load::join;
use super::names::CORE_RULES;
use crate::earley::{Earley, EarleyError};
use crate::figures::{Diagnostic, LoadOptions, Location, Severity};
use crate::source::AbnfFile;
use abnf_oracle::{CheckedGrammar, DefinedAs, Element};
use std::fmt;

/// A grammar loaded from ABNF files at run time (see the module
/// [`workbench`](crate) for how files are joined).
///
/// ```
/// use xiri_workbench::{AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("d.abnf", "date = 4DIGIT \"-\" 2DIGIT\n")]).unwrap();
/// assert_eq!(g.first_rule(), Some("date"));
/// assert_eq!(g.rule_name("DATE"), Some("date"));
/// assert_eq!(g.rule_name("DIGIT"), Some("DIGIT"));
/// ```
pub struct LoadedGrammar {
    pub(super) joined: Joined,
    checked: CheckedGrammar,
    index: Index,
}

/// Why a grammar could not be loaded: every finding that stops it, each
/// with its place.
///
/// ```
/// use xiri_workbench::{AbnfFile, LoadedGrammar};
/// let e = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "a = (\"x\"\n")]).unwrap_err();
/// assert!(e.to_string().starts_with("g.abnf:1:"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    /// The findings, in the order of the files.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let e = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "a = b c\n")]).unwrap_err();
    /// assert_eq!(e.diagnostics().len(), 2);
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

impl fmt::Debug for LoadedGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoadedGrammar")
            .field("files", &self.file_names().collect::<Vec<_>>())
            .field("rules", &self.rules().count())
            .finish()
    }
}

impl LoadedGrammar {
    /// Loads the files, refusing a grammar with any error: a syntax error,
    /// an undefined rule, a rule defined twice with `=`, `=/` without a
    /// base, an inverted range. Left recursion is no error (it is legal
    /// ABNF): it is a warning in [`diagnostics`](Self::diagnostics), and
    /// [`left_recursion`](Self::left_recursion) says which rules meet it.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let files = [
    ///     AbnfFile::new("a.abnf", "greeting = word \" \" word\nword = 1*ALPHA\n"),
    ///     AbnfFile::new("b.abnf", "word = 1*DIGIT\n"),
    /// ];
    /// let g = LoadedGrammar::load(&files).unwrap();
    /// assert!(g.decider("greeting").unwrap().decide("12 34").unwrap().accepted);
    /// assert!(!g.decider("greeting").unwrap().decide("ab cd").unwrap().accepted);
    /// ```
    pub fn load(files: &[AbnfFile]) -> Result<Self, LoadError> {
        Self::load_with(files, &LoadOptions::default())
    }

    /// [`load`](Self::load), reading the grammar as `options` say (RFC
    /// 9110's lists as a recipient reads them, values as octets).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadOptions, LoadedGrammar};
    /// let g = LoadedGrammar::load_with(&[AbnfFile::new("g", "a = \"x\"\n")], &LoadOptions::default());
    /// assert!(g.is_ok());
    /// ```
    pub fn load_with(files: &[AbnfFile], options: &LoadOptions) -> Result<Self, LoadError> {
        let grammar = Self::analyze_with(files, options)?;
        let errors: Vec<Diagnostic> = grammar
            .joined
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect();
        if errors.is_empty() {
            Ok(grammar)
        } else {
            Err(LoadError {
                diagnostics: errors,
            })
        }
    }

    /// Loads the files for analysis: only what leaves nothing to analyze
    /// (no rule reads) is refused. Syntax errors, undefined rules, rules
    /// defined twice and `=/` without a base are in
    /// [`diagnostics`](Self::diagnostics); the grammar analyzed is mended
    /// (the second definition and the orphan `=/` dropped, an undefined
    /// rule and a broken one, whose definition does not parse, taken as
    /// prose values), and a [`decider`](Self::decider) for a rule that
    /// reaches none of them works as on a grammar without them.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "a = b\n")]).unwrap();
    /// assert_eq!(g.diagnostics()[0].kind, "undefined");
    /// assert_eq!(g.rules().collect::<Vec<_>>(), ["a"]);
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "a = b\nb = (\"x\"\n")]).unwrap();
    /// assert_eq!(g.diagnostics()[0].kind, "syntax");
    /// assert_eq!(g.rules().collect::<Vec<_>>(), ["a"]);
    /// assert!(LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "b = (\"x\"\n")]).is_err());
    /// ```
    pub fn analyze(files: &[AbnfFile]) -> Result<Self, LoadError> {
        Self::analyze_with(files, &LoadOptions::default())
    }

    /// [`analyze`](Self::analyze), reading the grammar as `options` say.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadOptions, LoadedGrammar};
    /// let g = LoadedGrammar::analyze_with(&[AbnfFile::new("g", "a = b\n")], &LoadOptions::default());
    /// assert_eq!(g.unwrap().diagnostics()[0].kind, "undefined");
    /// ```
    pub fn analyze_with(files: &[AbnfFile], options: &LoadOptions) -> Result<Self, LoadError> {
        let read = crate::figures::read_all(files, options);
        let (joined, checked) =
            join(read, options).map_err(|diagnostics| LoadError { diagnostics })?;
        let index = Index::new(&joined.definitions, &checked);
        Ok(LoadedGrammar {
            joined,
            checked,
            index,
        })
    }

    /// What is wrong with the files as joined (not the unused rules,
    /// which [`rules`](crate::rules) finds from an entry point).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "a = \"x\"\na = \"y\"\n")]).unwrap();
    /// assert_eq!(g.diagnostics()[0].kind, "duplicate");
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.joined.diagnostics
    }

    /// The grammar as `abnf-oracle` checked it (mended, when it was
    /// [`analyze`](Self::analyze)d with errors). abnf-oracle refuses left
    /// recursion: when some rules are left-recursive, this holds every
    /// rule that does not reach one ([`left_recursion`](Self::left_recursion)
    /// is `None` for exactly these), and the Earley parser takes the others.
    /// It leaves out too the rules that reach a rule both matching the
    /// empty string and reaching a prose value (`r0 = r1`, ..., `rN =
    /// [<p>]`: its check takes a pass over the grammar a rule of such a
    /// chain); they reach prose, so they are listed and drawn, not checked.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "a = \"x\"\n")]).unwrap();
    /// assert_eq!(g.checked().rules().len(), 1);
    /// let text = "e = e \"+\" e / t\nt = 1*DIGIT\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
    /// assert_eq!(g.checked().rules()[0].name.as_str(), "t");
    /// let text = "a = b\nb = [<prose>]\nc = \"x\"\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
    /// assert_eq!(g.checked().rules()[0].name.as_str(), "c");
    /// ```
    pub fn checked(&self) -> &CheckedGrammar {
        &self.checked
    }

    /// The rules the files define, in the order they are first defined
    /// (core rules not included).
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "b = a\na = \"x\"\n")]).unwrap();
    /// assert_eq!(g.rules().collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    pub fn rules(&self) -> impl Iterator<Item = &str> {
        // After mending, a rule's first definition is its `=`.
        self.joined
            .definitions
            .iter()
            .filter(|(_, d)| d.defined_as == DefinedAs::Base)
            .map(|(_, d)| d.name.as_str())
    }

    /// The first rule of the first file that defines one: the entry point
    /// when none is named.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "; c\nx = \"x\"\n")]).unwrap();
    /// assert_eq!(g.first_rule(), Some("x"));
    /// ```
    pub fn first_rule(&self) -> Option<&str> {
        self.rules().next()
    }

    /// A rule's name as the grammar spells it (names are case-insensitive),
    /// its own rules first, then RFC 5234's core rules; `None` when it
    /// has no such rule.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "Word = 1*ALPHA\n")]).unwrap();
    /// assert_eq!(g.rule_name("word"), Some("Word"));
    /// assert_eq!(g.rule_name("nope"), None);
    /// ```
    pub fn rule_name(&self, name: &str) -> Option<&str> {
        self.own_rule(name).or_else(|| {
            CORE_RULES
                .into_iter()
                .find(|c| c.eq_ignore_ascii_case(name))
        })
    }

    /// A rule of the grammar's own as it spells it: one of
    /// [`rules`](Self::rules), not a core rule.
    pub(crate) fn own_rule(&self, name: &str) -> Option<&str> {
        self.index
            .base(name, &self.joined.definitions)
            .map(|(_, d)| d.name.as_str())
    }

    /// How `rule` meets left recursion: `None` when it is not
    /// left-recursive and reaches no rule that is (or is no rule).
    /// [`decider`](Self::decider) takes such a rule with the Earley
    /// parser; the [`Generator`](crate::Generator), and so
    /// [`compare`](crate::compare), cannot take it.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let text = "list = list \",\" item / item\nitem = 1*DIGIT\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap();
    /// let list = g.left_recursion("LIST").unwrap();
    /// assert_eq!((list.name.as_str(), list.cycle.as_slice()), ("list", &["list".to_string()][..]));
    /// assert!(g.left_recursion("item").is_none());
    /// assert_eq!(g.diagnostics()[0].kind, "left-recursion");
    /// ```
    pub fn left_recursion(&self, rule: &str) -> Option<LeftRecursion> {
        let name = self.rule_name(rule)?;
        self.joined.left.of(name, &self.joined.files)
    }

    /// The Earley parser for `rule`: from the checked grammar, or from
    /// the definitions when the checked grammar leaves it out.
    pub(crate) fn earley(&self, rule: &str) -> Result<Earley, EarleyError> {
        if self.joined.unchecked(rule) {
            Earley::from_definitions(&self.joined.mended, rule, &self.checked)
        } else {
            Earley::new(&self.checked, rule)
        }
    }

    /// Whether the checked grammar leaves the rule out ([`Joined::unchecked`]).
    pub(crate) fn unchecked(&self, rule: &str) -> bool {
        self.joined.unchecked(rule)
    }

    /// The prose value a rule reaches when the checked grammar leaves it
    /// out for it ([`Joined::aside`]): it is listed, not checked.
    pub(crate) fn unchecked_prose(&self, rule: &str) -> Option<&str> {
        self.joined
            .aside
            .get(&rule.to_ascii_lowercase())
            .map(String::as_str)
    }

    /// The definitions abnf-oracle and the Earley parser are given: those
    /// in force, and each undefined name defined as a prose value.
    pub(crate) fn mended(&self) -> &[abnf_oracle::Definition] {
        &self.joined.mended
    }

    /// The bodies of a rule's definitions (`=`, then any `=/`).
    pub(crate) fn bodies_of(&self, name: &str) -> Vec<&Element> {
        self.definitions_of(name).map(|(_, d)| &d.body).collect()
    }

    /// A rule's definitions in force (`=`, then any `=/`), each with its
    /// file.
    fn definitions_of<'a>(
        &'a self,
        name: &str,
    ) -> impl Iterator<Item = &'a (usize, abnf_oracle::Definition)> + 'a + use<'a> {
        self.index
            .definitions(name)
            .iter()
            .filter_map(|&i| self.joined.definitions.get(i))
    }

    /// The id of `name` in the checked grammar (a rule of its own
    /// first, then a core rule).
    pub(crate) fn checked_id(&self, name: &str) -> Option<abnf_oracle::RuleId> {
        self.index.checked_id(name, &self.checked)
    }

    /// The rule's definitions as written (`=` then any `=/`), comments
    /// and all, each line as in its file; empty for a core rule.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let text = "a = \"x\" ; one\na =/ \"y\"\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap();
    /// assert_eq!(g.text_of("a"), "a = \"x\" ; one\na =/ \"y\"");
    /// ```
    pub fn text_of(&self, name: &str) -> String {
        let mut parts = Vec::new();
        for (file, definition) in self.definitions_of(name) {
            let Some(read) = self.joined.files.get(*file) else {
                continue;
            };
            let span = definition.span.0;
            let start = span.start.saturating_sub(read.base) as usize;
            let end = span.end.saturating_sub(read.base) as usize;
            let body = read.parsed.get(start..end).unwrap_or_default().trim_end();
            let line_of = |offset: usize| {
                read.parsed_starts
                    .partition_point(|&s| s <= offset)
                    .saturating_sub(1)
            };
            let first = read.origins.get(line_of(start)).map_or(0, |o| o.line);
            let last = read
                .origins
                .get(line_of(start + body.len()))
                .map_or(first, |o| o.line);
            let text: Vec<&str> = (first..=last.max(first))
                .filter_map(|i| read.lines.get(&read.original, i))
                .map(str::trim_end)
                .collect();
            parts.push(text.join("\n"));
        }
        parts.join("\n")
    }

    /// Where the rule is first defined with `=`.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "a = b\nb = \"x\"\n")]).unwrap();
    /// assert_eq!(g.location_of("b").unwrap().line, 2);
    /// ```
    pub fn location_of(&self, name: &str) -> Option<Location> {
        let (_, definition) = self.index.base(name, &self.joined.definitions)?;
        let d = Diagnostic::at(
            Severity::Warning,
            "",
            None,
            String::new(),
            &self.joined.files,
            definition.span.0,
        );
        d.location
    }

    /// The rules a later file replaced: `(rule, file replaced, file
    /// replacing)`, by the names the files were given.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let files = [AbnfFile::new("a", "x = \"a\"\n"), AbnfFile::new("b", "x = \"b\"\n")];
    /// let g = LoadedGrammar::load(&files).unwrap();
    /// assert_eq!(g.replaced(), [("x", "a", "b")]);
    /// ```
    pub fn replaced(&self) -> Vec<(&str, &str, &str)> {
        let name = |i: usize| self.joined.files.get(i).map_or("", |f| f.name.as_str());
        self.joined
            .replaced
            .iter()
            .map(|(rule, old, new)| (rule.as_str(), name(*old), name(*new)))
            .collect()
    }

    /// The names of the files, in the order they were loaded.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("a.abnf", "x = \"a\"\n")]).unwrap();
    /// assert_eq!(g.file_names().collect::<Vec<_>>(), ["a.abnf"]);
    /// ```
    pub fn file_names(&self) -> impl Iterator<Item = &str> {
        self.joined.files.iter().map(|f| f.name.as_str())
    }
}
