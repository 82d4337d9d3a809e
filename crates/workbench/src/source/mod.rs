//! Where an author's ABNF lives: a plain ABNF file, an RFC or
//! Internet-Draft as text, xml2rfc XML, or kramdown-rfc Markdown. The
//! format is told from the content ([`SourceFormat::of`]); [`extract`]
//! takes the ABNF figures out of it, each line remembering where it was,
//! so that every position the loader reports refers to the original file.
//!
//! ```
//! use xiri_workbench::{extract, SourceFormat};
//! let md = "# Syntax\n\n~~~ abnf\ndate = 4DIGIT \"-\" 2DIGIT\n~~~\n\n~~~ http\nGET / HTTP/1.1\n~~~\n";
//! let found = extract(md);
//! assert_eq!(found.format, SourceFormat::Markdown);
//! assert_eq!(found.figures.len(), 1);
//! assert_eq!(found.figures[0].line(), 4);
//! assert_eq!(found.figures[0].text(), "date = 4DIGIT \"-\" 2DIGIT\n");
//! ```

mod choice;
mod figure;
mod file;
mod indented;
mod lines;
pub(crate) mod lists;
mod markdown;
mod rfc_text;
mod shape;
mod xml;

pub use choice::{FigureChoice, Skipped, SKIPPED_SHOWN};
pub use figure::Figure;
pub use file::AbnfFile;
pub(crate) use lines::{Columns, Lines, Origin};
pub use lists::ListSyntax;
pub(crate) use shape::{is_w3c, rule_start};

use std::fmt;

/// What kind of file an author's ABNF is in.
///
/// ```
/// use xiri_workbench::SourceFormat;
/// assert_eq!(SourceFormat::of("a = \"x\"\n"), SourceFormat::Abnf);
/// assert_eq!(SourceFormat::of("<?xml version=\"1.0\"?>\n<rfc/>\n"), SourceFormat::Xml);
/// assert_eq!(SourceFormat::of("~~~ abnf\na = \"x\"\n~~~\n"), SourceFormat::Markdown);
/// assert_eq!(SourceFormat::of("Network Working Group\n\n   a = \"x\"\n"), SourceFormat::RfcText);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    /// A file of ABNF rules (RFC 5234's layout, rules possibly indented
    /// as an RFC prints them, or the W3C Note's `[N] name ::=`).
    Abnf,
    /// An RFC or Internet-Draft as text: page headers, footers and form
    /// feeds dropped, figures told apart from examples and prose.
    RfcText,
    /// xml2rfc v2 or v3: `<sourcecode>` and `<artwork>` whose type starts
    /// with `abnf`, and untyped ones whose lines are ABNF's
    /// ([`FigureChoice`]).
    Xml,
    /// kramdown-rfc or Markdown: fenced blocks marked `abnf` (or followed
    /// by `{: type="abnf"}`), and unmarked ones whose lines are ABNF's, at
    /// any indentation, in list items and block quotes.
    Markdown,
}

impl SourceFormat {
    /// The format of a text, told from its content: XML when it starts
    /// with an XML declaration or an `<rfc>` element; Markdown when it
    /// has a fenced block marked `abnf` or starts with YAML front matter;
    /// RFC text when it has page breaks or an RFC's or a draft's first
    /// page header, or when most of its lines are prose (a specification
    /// of another body, as text); plain ABNF otherwise.
    ///
    /// ```
    /// use xiri_workbench::SourceFormat;
    /// let draft = "Internet-Draft        Example        May 2026\n\n   a = \"x\"\n";
    /// assert_eq!(SourceFormat::of(draft), SourceFormat::RfcText);
    /// ```
    pub fn of(text: &str) -> Self {
        let start = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
        if start.starts_with("<?xml")
            || start.starts_with("<!DOCTYPE rfc")
            || start.starts_with("<rfc")
        {
            return SourceFormat::Xml;
        }
        let lines = Lines::new(text);
        let all = lines.all(text);
        if start.starts_with("---")
            || all
                .iter()
                .any(|l| markdown::fence(l).is_some_and(|f| f.abnf))
        {
            return SourceFormat::Markdown;
        }
        if text.contains('\u{c}')
            || rfc_text::looks_like_rfc(&all)
            || (!is_w3c(text) && rfc_text::mostly_prose(&all))
        {
            return SourceFormat::RfcText;
        }
        SourceFormat::Abnf
    }

    /// Its name: `abnf`, `rfc-text`, `xml`, `markdown`.
    ///
    /// ```
    /// assert_eq!(xiri_workbench::SourceFormat::RfcText.name(), "rfc-text");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SourceFormat::Abnf => "abnf",
            SourceFormat::RfcText => "rfc-text",
            SourceFormat::Xml => "xml",
            SourceFormat::Markdown => "markdown",
        }
    }
}

impl fmt::Display for SourceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A source's format, its ABNF figures, in order, and the figures it
/// has that are not ABNF, each with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted {
    /// The format, told from the content.
    pub format: SourceFormat,
    /// The figures: for plain ABNF, the whole file as one.
    pub figures: Vec<Figure>,
    /// The figures left out (none for plain ABNF).
    pub skipped: Vec<Skipped>,
}

/// The ABNF figures of a source (see [`SourceFormat`] for each format).
///
/// ```
/// let xml = "<?xml version=\"1.0\"?>\n<rfc>\n<sourcecode type=\"abnf\"><![CDATA[\na = \"x\" / b\nb = %x62\n]]></sourcecode>\n<artwork>a = &lt;prose&gt;\n</artwork>\n</rfc>\n";
/// let found = xiri_workbench::extract(xml);
/// let texts: Vec<&str> = found.figures.iter().map(|f| f.text()).collect();
/// assert_eq!(texts, ["a = \"x\" / b\nb = %x62\n", "a = <prose>\n"]);
/// assert_eq!((found.figures[0].line(), found.figures[1].line()), (4, 7));
/// ```
pub fn extract(text: &str) -> Extracted {
    extract_with(text, FigureChoice::Auto)
}

/// The figures of a source that `choice` takes, and those it leaves out.
///
/// ```
/// use xiri_workbench::{extract_with, FigureChoice};
/// let xml = "<rfc>\n<artwork type=\"sdp\">\nv=0\n</artwork>\n<artwork>\na = %x61\n</artwork>\n</rfc>\n";
/// let found = extract_with(xml, FigureChoice::Auto);
/// assert_eq!((found.figures.len(), found.skipped[0].line), (1, 3));
/// assert_eq!(found.skipped[0].why, "marked as `sdp`, not ABNF");
/// assert_eq!(extract_with(xml, FigureChoice::Marked).skipped.len(), 2);
/// ```
pub fn extract_with(text: &str, choice: FigureChoice) -> Extracted {
    let format = SourceFormat::of(text);
    let (figures, skipped) = match format {
        SourceFormat::Abnf => (plain(text), Vec::new()),
        SourceFormat::RfcText => rfc_text::figures(text, choice),
        SourceFormat::Xml => xml::figures(text, choice),
        SourceFormat::Markdown => markdown::figures(text, choice),
    };
    Extracted {
        format,
        figures,
        skipped,
    }
}

/// A plain ABNF file as one figure, every line kept, indentation of the
/// least indented rule taken off (an RFC prints its rules indented).
fn plain(text: &str) -> Vec<Figure> {
    let lines = Lines::new(text);
    let numbered = lines
        .all(text)
        .iter()
        .enumerate()
        .map(|(i, l)| (i, (*l).to_string(), Columns::Shift(0)))
        .collect();
    vec![Figure::dedented(numbered)]
}
