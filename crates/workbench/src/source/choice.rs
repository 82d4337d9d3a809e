//! Which figures of a source are ABNF (issue 46): a figure the source
//! marks as ABNF (xml2rfc's `type="abnf"`, a Markdown block's `abnf`) is;
//! one marked as something else (`type="sdp"`, ```` ```http ````) is not;
//! an unmarked one (a figure of an RFC as text, an untyped `<artwork>`, a
//! bare fence) is when most of its lines start or continue a rule and at
//! least half of its rules parse, so that an SDP body (`v=0`) or an
//! example shaped like rules (`scheme = $2`) is left out, and a grammar
//! with a mistake in some rule is read, the mistake reported. A figure
//! left out is [`Skipped`], with why, never dropped silently.

use super::shape::{parses_as_rules, rule_start};

/// Which figures [`extract_with`](crate::extract_with) takes.
///
/// ```
/// use xiri_workbench::{extract_with, FigureChoice};
/// let md = "```\nv=0\ns=-\n```\n\n```abnf\na = \"x\"\n```\n";
/// assert_eq!(extract_with(md, FigureChoice::Auto).figures.len(), 1);
/// assert_eq!(extract_with(md, FigureChoice::All).figures.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FigureChoice {
    /// The figures marked as ABNF, and the unmarked ones whose lines are
    /// ABNF's (the default).
    #[default]
    Auto,
    /// Every figure, whatever it is marked as or looks like.
    All,
    /// Only the figures the source marks as ABNF (xml2rfc's `type`, a
    /// Markdown block's info string or `{: type="abnf"}`); an RFC as text
    /// marks none, and is read as with `Auto`.
    Marked,
}

/// What a source marks a figure as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark<'t> {
    /// Marked as ABNF.
    Abnf,
    /// Not marked.
    None,
    /// Marked as something else: its type.
    Other(&'t str),
}

/// A figure a source has and [`extract`](crate::extract) did not take.
///
/// ```
/// let text = "Internet-Draft   X   May 2026\n\n   Prose that fills its line, as prose in an RFC does, and more.\n\n      v=0\n      s=-\n\n   More prose.\n";
/// let found = xiri_workbench::extract(text);
/// assert!(found.figures.is_empty());
/// assert_eq!((found.skipped[0].line, found.skipped[0].first.as_str()), (5, "v=0"));
/// assert_eq!(found.skipped[0].why, "0 of its 2 rules parse");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The line (from 1) its first line is on.
    pub line: usize,
    /// Its first line, trimmed.
    pub first: String,
    /// Why it is not taken for ABNF.
    pub why: String,
}

/// How many skipped figures are named one by one: more are summed up in
/// one line ([`Skipped::summary`]).
pub const SKIPPED_SHOWN: usize = 5;

impl Skipped {
    /// The figures skipped summed up in one line when they are more than
    /// [`SKIPPED_SHOWN`] (a whole RFC skips hundreds of messages and
    /// diagrams): how many, and the lines of the first few. `None` when
    /// they are few enough to be named each.
    ///
    /// ```
    /// use xiri_workbench::Skipped;
    /// let one = |line| Skipped { line, first: "v=0".into(), why: "not ABNF".into() };
    /// assert_eq!(Skipped::summary(&[one(3)]), None);
    /// let many: Vec<Skipped> = (1..=7).map(one).collect();
    /// assert_eq!(
    ///     Skipped::summary(&many).unwrap(),
    ///     "7 figures skipped, not ABNF, the first at lines 1, 2, 3, 4, 5 (`xiri extract --list` names each, and why; `--figures all` reads them)"
    /// );
    /// ```
    pub fn summary(skipped: &[Skipped]) -> Option<String> {
        if skipped.len() <= SKIPPED_SHOWN {
            return None;
        }
        let lines: Vec<String> = skipped
            .iter()
            .take(SKIPPED_SHOWN)
            .map(|s| s.line.to_string())
            .collect();
        Some(format!(
            "{} figures skipped, not ABNF, the first at lines {} (`xiri extract --list` names each, and why; `--figures all` reads them)",
            skipped.len(),
            lines.join(", ")
        ))
    }
}

impl FigureChoice {
    /// Whether a figure of this mark and text is taken: `Err` says why not.
    pub(crate) fn take(self, mark: Mark<'_>, text: &str) -> Result<(), String> {
        match (self, mark) {
            (FigureChoice::All, _) | (_, Mark::Abnf) => Ok(()),
            (_, Mark::Other(kind)) => Err(format!("marked as `{kind}`, not ABNF")),
            (FigureChoice::Marked, Mark::None) => Err("not marked as ABNF".to_string()),
            (FigureChoice::Auto, Mark::None) => judge(text),
        }
    }

    /// Whether a figure of an RFC as text (which marks none) is taken.
    pub(crate) fn take_text(self, text: &str) -> Result<(), String> {
        match self {
            FigureChoice::All => Ok(()),
            FigureChoice::Auto | FigureChoice::Marked => judge(text),
        }
    }
}

/// Whether an unmarked figure is ABNF, from its lines: most of those that
/// are neither blank nor comments start a rule or continue one (indented
/// under it), and at least half of its rules parse on their own.
pub(crate) fn judge(text: &str) -> Result<(), String> {
    let (mut lines, mut rule_lines) = (0usize, 0usize);
    let mut rule_indent: Option<usize> = None;
    for line in text.lines() {
        let content = line.trim();
        if content.is_empty() || content.starts_with(';') {
            continue;
        }
        lines += 1;
        let indent = line.len() - line.trim_start().len();
        if let Some(start) = rule_start(line) {
            rule_indent = Some(start.indent);
            rule_lines += 1;
        } else if rule_indent.is_some_and(|i| indent > i) {
            rule_lines += 1;
        } else {
            // Not indented under a rule: the rule before has ended.
            rule_indent = None;
        }
    }
    if rule_lines * 2 <= lines {
        return Err(format!(
            "{rule_lines} of its {lines} lines start or continue a rule"
        ));
    }
    let (rules, parsed) = rules_parsed(text);
    if parsed == 0 || parsed * 2 < rules {
        return Err(format!("{parsed} of its {rules} rules parse"));
    }
    Ok(())
}

/// How many rules the text has (each from a line that starts in column 1
/// with a letter), and how many of them parse on their own.
fn rules_parsed(text: &str) -> (usize, usize) {
    let (mut rules, mut parsed) = (0, 0);
    let mut rule = String::new();
    let mut count = |rule: &str| {
        if rule_start(rule).is_some() {
            rules += 1;
            parsed += usize::from(parses_as_rules(rule));
        }
    };
    for line in text.split_inclusive('\n') {
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) && !rule.is_empty() {
            count(&rule);
            rule.clear();
        }
        rule.push_str(line);
    }
    count(&rule);
    (rules, parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grammar_with_a_mistake_is_abnf_and_an_sdp_body_is_not() {
        assert_eq!(judge("a = b | c\nb = \"x\"\n  / \"y\"\nc = %x41\n"), Ok(()));
        let sdp = "v=0\no=alice 2890844526 2890844526 IN IP4 host.example.com\ns=-\nc=IN IP4 192.0.2.4\nt=0 0\nm=audio 49170 RTP/AVP 0\n";
        assert_eq!(judge(sdp), Err("0 of its 6 rules parse".to_string()));
        assert_eq!(
            judge("scheme = $2\npath = $5\n"),
            Err("0 of its 2 rules parse".to_string())
        );
        let code = "result = \"\"\nif defined(x) then\n   append x\nendif;\n";
        assert_eq!(
            judge(code),
            Err("1 of its 4 lines start or continue a rule".to_string())
        );
        assert!(judge("INVITE sip:bob@example.com SIP/2.0\nVia: SIP/2.0/UDP x\n").is_err());
        // Lines indented under a line that is not a rule continue nothing.
        let list = "a = b\nMethod: one of\n     REGISTER, INVITE\n     and BYE\n";
        assert_eq!(
            judge(list),
            Err("1 of its 4 lines start or continue a rule".to_string())
        );
    }

    #[test]
    fn marks_decide_before_lines() {
        let sdp = "v=0\n";
        assert!(FigureChoice::Auto.take(Mark::Abnf, sdp).is_ok());
        assert!(FigureChoice::Auto
            .take(Mark::Other("sdp"), "a = b\n")
            .is_err());
        assert!(FigureChoice::All.take(Mark::Other("sdp"), sdp).is_ok());
        assert!(FigureChoice::Marked.take(Mark::None, "a = b\n").is_err());
        assert!(FigureChoice::Auto.take(Mark::None, "a = b\n").is_ok());
    }
}
