//! [`LoadedGrammar`]: ABNF files loaded at run time, checked, and asked
//! about their rules.

use super::diagnostic::{Diagnostic, Location, Severity};
use super::load::{join, AbnfFile, Joined};
use abnf_oracle::{CheckedGrammar, DefinedAs};
use std::fmt;

/// A grammar loaded from ABNF files at run time (see the module
/// [`workbench`](super) for how files are joined).
///
/// ```
/// use xiri::workbench::{AbnfFile, LoadedGrammar};
/// let g = LoadedGrammar::load(&[AbnfFile::new("d.abnf", "date = 4DIGIT \"-\" 2DIGIT\n")]).unwrap();
/// assert_eq!(g.first_rule(), Some("date"));
/// assert_eq!(g.rule_name("DATE"), Some("date"));
/// assert_eq!(g.rule_name("DIGIT"), Some("DIGIT"));
/// ```
pub struct LoadedGrammar {
    joined: Joined,
    checked: CheckedGrammar,
}

/// Why a grammar could not be loaded: every finding that stops it, each
/// with its place.
///
/// ```
/// use xiri::workbench::{AbnfFile, LoadedGrammar};
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
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
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
            .field("rules", &self.checked.rules().len())
            .finish()
    }
}

impl LoadedGrammar {
    /// Loads the files, refusing a grammar with any error: a syntax error,
    /// an undefined rule, a rule defined twice with `=`, `=/` without a
    /// base, left recursion.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let files = [
    ///     AbnfFile::new("a.abnf", "greeting = word \" \" word\nword = 1*ALPHA\n"),
    ///     AbnfFile::new("b.abnf", "word = 1*DIGIT\n"),
    /// ];
    /// let g = LoadedGrammar::load(&files).unwrap();
    /// assert!(g.decider("greeting").unwrap().decide("12 34").unwrap().accepted);
    /// assert!(!g.decider("greeting").unwrap().decide("ab cd").unwrap().accepted);
    /// ```
    pub fn load(files: &[AbnfFile]) -> Result<Self, LoadError> {
        let grammar = Self::analyze(files)?;
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
    /// (a syntax error, left recursion, an inverted range) is refused.
    /// Undefined rules, rules defined twice and `=/` without a base are
    /// in [`diagnostics`](Self::diagnostics); the grammar analyzed is
    /// mended (the second definition and the orphan `=/` dropped, an
    /// undefined rule taken as a prose value).
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "a = b\n")]).unwrap();
    /// assert_eq!(g.diagnostics()[0].kind, "undefined");
    /// assert_eq!(g.rules().collect::<Vec<_>>(), ["a"]);
    /// ```
    pub fn analyze(files: &[AbnfFile]) -> Result<Self, LoadError> {
        let (joined, checked) = join(files).map_err(|diagnostics| LoadError { diagnostics })?;
        Ok(LoadedGrammar { joined, checked })
    }

    /// What is wrong with the files as joined (not the unused rules,
    /// which [`rules`](super::rules) finds from an entry point).
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::analyze(&[AbnfFile::new("g.abnf", "a = \"x\"\na = \"y\"\n")]).unwrap();
    /// assert_eq!(g.diagnostics()[0].kind, "duplicate");
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.joined.diagnostics
    }

    /// The grammar as `abnf-oracle` checked it (mended, when it was
    /// [`analyze`](Self::analyze)d with errors).
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "a = \"x\"\n")]).unwrap();
    /// assert_eq!(g.checked().rules().len(), 1);
    /// ```
    pub fn checked(&self) -> &CheckedGrammar {
        &self.checked
    }

    /// The rules the files define, in the order they are first defined
    /// (core rules not included).
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "b = a\na = \"x\"\n")]).unwrap();
    /// assert_eq!(g.rules().collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    pub fn rules(&self) -> impl Iterator<Item = &str> {
        self.checked
            .rules()
            .iter()
            .map(|r| r.name.as_str())
            .filter(|n| !self.is_undefined(n))
    }

    /// The first rule of the first file that defines one: the entry point
    /// when none is named.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
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
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "Word = 1*ALPHA\n")]).unwrap();
    /// assert_eq!(g.rule_name("word"), Some("Word"));
    /// assert_eq!(g.rule_name("nope"), None);
    /// ```
    pub fn rule_name(&self, name: &str) -> Option<&str> {
        self.checked
            .rule(name)
            .map(|r| r.name.as_str())
            .filter(|n| !self.is_undefined(n))
    }

    /// Whether the name is used and defined nowhere (analysis only).
    pub(crate) fn is_undefined(&self, name: &str) -> bool {
        self.joined
            .undefined
            .iter()
            .any(|u| u.eq_ignore_ascii_case(name))
    }

    /// The rule's definitions as written (`=` then any `=/`), comments
    /// and all, each line as in its file; empty for a core rule.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let text = "a = \"x\" ; one\na =/ \"y\"\n";
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", text)]).unwrap();
    /// assert_eq!(g.text_of("a"), "a = \"x\" ; one\na =/ \"y\"");
    /// ```
    pub fn text_of(&self, name: &str) -> String {
        let mut parts = Vec::new();
        for (file, definition) in &self.joined.definitions {
            if !definition.name.as_str().eq_ignore_ascii_case(name) {
                continue;
            }
            let Some(read) = self.joined.files.get(*file) else {
                continue;
            };
            let span = definition.span.0;
            let start = span.start.saturating_sub(read.base) as usize;
            let end = span.end.saturating_sub(read.base) as usize;
            let lines_from = read
                .parsed
                .get(..start)
                .map_or(0, |b| b.matches('\n').count());
            let line_count = read
                .parsed
                .get(start..end)
                .map_or(1, |t| t.trim_end().matches('\n').count() + 1);
            let text: Vec<&str> = read
                .original
                .lines()
                .skip(lines_from)
                .take(line_count)
                .map(str::trim_end)
                .collect();
            parts.push(text.join("\n"));
        }
        parts.join("\n")
    }

    /// Where the rule is first defined with `=`.
    ///
    /// ```
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("g.abnf", "a = b\nb = \"x\"\n")]).unwrap();
    /// assert_eq!(g.location_of("b").unwrap().line, 2);
    /// ```
    pub fn location_of(&self, name: &str) -> Option<Location> {
        let (_, definition) = self.joined.definitions.iter().find(|(_, d)| {
            d.defined_as == DefinedAs::Base && d.name.as_str().eq_ignore_ascii_case(name)
        })?;
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
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
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
    /// use xiri::workbench::{AbnfFile, LoadedGrammar};
    /// let g = LoadedGrammar::load(&[AbnfFile::new("a.abnf", "x = \"a\"\n")]).unwrap();
    /// assert_eq!(g.file_names().collect::<Vec<_>>(), ["a.abnf"]);
    /// ```
    pub fn file_names(&self) -> impl Iterator<Item = &str> {
        self.joined.files.iter().map(|f| f.name.as_str())
    }
}
