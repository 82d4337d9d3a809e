//! How a grammar is read: RFC 9110's lists as a sender or a recipient
//! reads them, numeric values as code points or octets, and which of a
//! source's figures are its ABNF.

use crate::source::{FigureChoice, ListSyntax};

/// What numeric values above `%x7F` stand for. ABNF leaves it to the
/// specification: RFC 3987 means characters, RFC 9110's `obs-text =
/// %x80-FF` means octets. The workbench matches characters either way;
/// the choice says how the grammar is read, and what is wrong with it.
///
/// ```
/// use xiri_workbench::{AbnfFile, LoadOptions, LoadedGrammar, Values};
/// let files = [AbnfFile::new("o", "obs-text = %x80-FF / %x100\n")];
/// assert!(LoadedGrammar::load(&files).is_ok());
/// let octets = LoadOptions { values: Values::Octets, ..LoadOptions::default() };
/// let e = LoadedGrammar::load_with(&files, &octets).unwrap_err();
/// assert!(e.to_string().starts_with("o:1:22: error: %x100 is above %xFF"), "{e}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Values {
    /// Unicode code points (the default): `%xE9` is `é`; above
    /// `%x10FFFF` and in the surrogates, no character.
    #[default]
    CodePoints,
    /// Octets: `%x80-FF` are bytes of some encoding (matched as the
    /// characters U+0080 to U+00FF, one a byte), and a value above
    /// `%xFF` is an error.
    Octets,
}

/// How [`LoadedGrammar::load_with`](crate::LoadedGrammar::load_with)
/// reads a grammar.
///
/// ```
/// use xiri_workbench::{ListSyntax, LoadOptions, Values};
/// use xiri_workbench::FigureChoice;
/// let o = LoadOptions::default();
/// assert_eq!((o.lists, o.values), (ListSyntax::Sender, Values::CodePoints));
/// assert_eq!(o.figures, FigureChoice::Auto);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// RFC 9110's lists: the sender's syntax (the default) or the
    /// recipient's.
    pub lists: ListSyntax,
    /// What values above `%x7F` are.
    pub values: Values,
    /// Which figures of an RFC, a draft or a Markdown file are read.
    pub figures: FigureChoice,
}
