//! Identifiers in running text: [`find`](crate::find()) yields each URI,
//! IRI or LEIRI found in a text (the syntax is the caller's), with its
//! byte span and its parsed reference.
//!
//! The heuristics, each from a source (docs/DECISIONS.md, "IRIs in running
//! text", has the evidence):
//!
//! - RFC 3986 Appendix C: identifiers are delimited by whitespace, double
//!   quotes or angle brackets; inside `<...>` (or `<URL:...>`), whitespace
//!   is ignored, so a long identifier wrapped across lines comes out
//!   joined, up to [`MAX_BRACKETED`] bytes.
//! - draft 3987bis, "IRIs in plain text": a non-ASCII character does not
//!   end an IRI; the syntax's grammar decides where one ends (the longest
//!   prefix that is a member, found in one pass of the grammar's
//!   automaton).
//! - Trailing sentence punctuation (`.` `,` `;` `:` `!` `?`, and that of
//!   other scripts: the Arabic comma, the Devanagari danda, ...) is left
//!   out, and so is a closing `)` or `]` the identifier does not open.
//!   The punctuation of scripts written without spaces (CJK `。`, `、`,
//!   `「」`) ends an identifier wherever it stands.
//! - Only absolute identifiers, with a scheme, are found; a scheme
//!   followed by nothing that continues it (`note: the`) is not one. With
//!   [`Options::with_www`], hosts starting `www.` are found too, as
//!   linkifiers find them.
//!
//! Bidi and spoofing findings come with each identifier through
//! `Found::security` (the `security` feature). The whole search is
//! linear in the text: each byte is looked at a bounded number of times.
//! [`Stream`] does the same over a text given in pieces, holding only
//! what may still change an answer.
//!
//! ```
//! let text = "Voir http://例え.jp/パス, ou <http://a.example/long/\n  path>.";
//! let found: Vec<_> = xiri::find::<xiri::Rfc3987>(text).collect();
//! assert_eq!(found[0].reference().as_str(), "http://例え.jp/パス");
//! assert_eq!(found[1].reference().as_str(), "http://a.example/long/path");
//! assert_eq!(found[1].text(), "http://a.example/long/\n  path");
//! ```

mod bracketed;
mod bytes;
#[cfg(any(test, feature = "internals"))]
pub(crate) mod check;
mod delimit;
mod hold;
mod scan;
mod stream;
#[cfg(test)]
mod tests;
mod trim;

pub use stream::Stream;

use crate::syntax::reference::Reference;
use crate::syntax::{split, GenericSyntax};
use std::borrow::Cow;
use std::marker::PhantomData;
use std::ops::Range;
use xiri_engine::marks::Marks;

/// How far after a `<` its `>` is looked for, in bytes: an identifier
/// wrapped inside angle brackets (RFC 3986 Appendix C) is joined when its
/// brackets are at most this far apart. It bounds what a [`Stream`]
/// holds while a `<` waits for its `>`.
///
/// ```
/// let long = format!("<http://a/{}\n{}>", "b".repeat(10), "c".repeat(xiri::find::MAX_BRACKETED));
/// let found: Vec<_> = xiri::find::<xiri::Rfc3986>(&long).collect();
/// assert_eq!(found[0].reference().as_str(), "http://a/bbbbbbbbbb"); // not joined
/// ```
pub const MAX_BRACKETED: usize = 4096;

/// The most bytes a [`Stream`] holds undecided: a run of text this long
/// with no place to cut (no whitespace or other ASCII delimiter outside a
/// `<` that may still be joined, see [`Stream`]) is cut there: before
/// its first byte from `MAX_HELD - 3` on that starts a character (so no
/// character is cut, but for bytes that are not UTF-8), and its two sides are
/// searched as two texts, as a byte that is not UTF-8 would part them.
/// An identifier longer than this, in a run this long, comes out cut.
///
/// ```
/// let run = format!("http://a/{}", "b".repeat(xiri::find::MAX_HELD));
/// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
/// let mut found = stream.push(run.as_bytes());
/// found.extend(stream.finish());
/// assert_eq!(found[0].as_found().text().len(), xiri::find::MAX_HELD - 3);
/// ```
pub const MAX_HELD: usize = 65536;

/// What [`find_with`] finds besides absolute identifiers.
///
/// ```
/// let options = xiri::find::Options::default().with_www(true);
/// let found: Vec<_> = xiri::find::find_with::<xiri::Rfc3987>("see www.example.com.", options).collect();
/// assert_eq!(found[0].text(), "www.example.com");
/// assert_eq!(found[0].reference().as_str(), "//www.example.com");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    www: bool,
}

impl Options {
    /// Also find hosts that start `www.` without a scheme, as linkifiers
    /// do; the reference is then the network-path reference `//` and the
    /// text (its host is a host, not a path).
    ///
    /// ```
    /// let options = xiri::find::Options::default().with_www(true);
    /// assert!(options.www());
    /// ```
    pub fn with_www(self, www: bool) -> Self {
        Self { www }
    }

    /// Whether `www.` hosts are found.
    ///
    /// ```
    /// assert!(!xiri::find::Options::default().www());
    /// ```
    pub fn www(&self) -> bool {
        self.www
    }
}

/// The identifiers in `text`, in order: absolute URIs, IRIs or LEIRIs as
/// `S` says ([`Rfc3986`](crate::Rfc3986), [`Rfc3987`](crate::Rfc3987),
/// [`Rfc3987bis`](crate::Rfc3987bis), [`LeiriNote`](crate::LeiriNote)).
/// Linear in the text.
///
/// ```
/// let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\", but (see ftp://a/b).";
/// let found: Vec<_> = xiri::find::<xiri::Rfc3986>(text).map(|f| f.span()).collect();
/// assert_eq!(found, [28..57, 69..78]);
/// ```
pub fn find<S: GenericSyntax>(text: &str) -> Finder<'_, S> {
    find_with(text, Options::default())
}

/// [`find`](crate::find()) with [`Options`].
///
/// ```
/// let options = xiri::find::Options::default().with_www(true);
/// let n = xiri::find::find_with::<xiri::Rfc3986>("www.a.example and http://b", options).count();
/// assert_eq!(n, 2);
/// ```
pub fn find_with<S: GenericSyntax>(text: &str, options: Options) -> Finder<'_, S> {
    Finder {
        scan: scan::Scan::new(
            text,
            options,
            <S as crate::syntax::sealed::Generic>::GRAMMAR,
            <S as crate::syntax::sealed::Generic>::ZONE_ID,
        ),
        syntax: std::marker::PhantomData,
    }
}

/// The iterator [`find`](crate::find()) returns.
///
/// ```
/// let mut finder = xiri::find::<xiri::Rfc3986>("a:b c:d");
/// assert_eq!(finder.next().unwrap().text(), "a:b");
/// // Debug shows where it is, not the text, which may hold a password.
/// let finder = xiri::find::<xiri::Rfc3986>("ftp://anne:s3cret@h/");
/// assert!(!format!("{finder:?}").contains("s3cret"));
/// ```
#[derive(Clone, Debug)]
pub struct Finder<'a, S> {
    scan: scan::Scan<'a>,
    syntax: std::marker::PhantomData<S>,
}

impl<'a, S: GenericSyntax> Iterator for Finder<'a, S> {
    type Item = Found<'a, S>;

    fn next(&mut self) -> Option<Found<'a, S>> {
        self.scan.next_hit()
    }
}

/// An identifier found in a text.
///
/// ```
/// let f = xiri::find::<xiri::Rfc3987>("(http://a/b).").next().unwrap();
/// assert_eq!((f.span(), f.text()), (1..11, "http://a/b"));
/// ```
// The reference's components are not held, only where the automaton's
// run that accepted it saw RFC 3986 Appendix B's delimiters: the split
// from them ([`reference`](Found::reference)) cannot fail, and a value of
// 96 bytes rather than 240 moves without a call to `memmove` (13% of the
// time of a search of English prose with URLs, before).
#[derive(Clone)]
pub struct Found<'a, S> {
    /// Where the span starts (it is as long as `text`).
    start: usize,
    text: &'a str,
    /// The reference's text when it is not `text`: `text` joined
    /// (whitespace inside `<...>` left out), or `//` and a `www.` host;
    /// borrowed in the view of a [`FoundBuf`].
    joined: Option<Cow<'a, str>>,
    /// Where the reference rule's run over the reference's text, which
    /// accepted it, saw the delimiters of Appendix B's split.
    marks: Marks,
    syntax: PhantomData<S>,
}

impl<S: GenericSyntax> std::fmt::Debug for Found<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The password masked in both texts, as `mask_password` shows it.
        f.debug_struct("Found")
            .field("span", &self.span())
            .field("text", &crate::syntax::mask::Masked::Text(self.text))
            .field("reference", &self.reference().mask_password().to_string())
            .finish()
    }
}

impl<'a, S> Found<'a, S> {
    /// What the scan found: the span, its text (`text` is the span's
    /// text: only where it starts is kept), the reference's text when it
    /// differs, and the marks of the run that accepted the reference.
    pub(super) fn new(
        span: Range<usize>,
        text: &'a str,
        joined: Option<String>,
        marks: Marks,
    ) -> Self {
        Self {
            start: span.start,
            text,
            joined: joined.map(Cow::Owned),
            marks,
            syntax: PhantomData,
        }
    }

    /// Owned, its span moved `offset` bytes on.
    pub(super) fn into_buf(self, offset: usize) -> FoundBuf<S> {
        FoundBuf {
            start: self.start.saturating_add(offset),
            text: self.text.to_string(),
            joined: self.joined.map(Cow::into_owned),
            marks: self.marks,
            syntax: PhantomData,
        }
    }
}

/// An identifier found in a [`Stream`], owned: [`as_found`](FoundBuf::as_found)
/// says what it is, its span in bytes of the whole stream.
///
/// ```
/// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
/// let mut found = stream.push(b"see <http://a/\n");
/// assert!(found.is_empty()); // the `<` waits for its `>`
/// found.extend(stream.push(b"  b> and c:d\n"));
/// let f = found[0].as_found();
/// assert_eq!((f.span(), f.reference().as_str()), (5..18, "http://a/b"));
/// assert_eq!(found[1].as_found().span(), 24..27);
/// ```
#[derive(Clone)]
pub struct FoundBuf<S> {
    start: usize,
    text: String,
    joined: Option<String>,
    marks: Marks,
    syntax: PhantomData<S>,
}

impl<S: GenericSyntax> FoundBuf<S> {
    /// What was found, borrowed: [`Found::span`] in the whole stream,
    /// [`Found::text`], [`Found::reference`].
    ///
    /// ```
    /// let mut stream = xiri::find::Stream::<xiri::Rfc3987>::new(Default::default());
    /// let found = stream.push("x\nhttp://例え.jp/。\n".as_bytes());
    /// assert_eq!(found[0].as_found().reference().host().unwrap().as_str(), "例え.jp");
    /// ```
    pub fn as_found(&self) -> Found<'_, S> {
        Found {
            start: self.start,
            text: &self.text,
            joined: self.joined.as_deref().map(Cow::Borrowed),
            marks: self.marks,
            syntax: PhantomData,
        }
    }
}

impl<S: GenericSyntax> std::fmt::Debug for FoundBuf<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_found().fmt(f)
    }
}

impl<'a, S: GenericSyntax> Found<'a, S> {
    /// The byte span in the text: from the identifier's first character to
    /// its last, wrappers and `URL:` left out.
    ///
    /// ```
    /// let f = xiri::find::<xiri::Rfc3986>("<URL:a:b>").next().unwrap();
    /// assert_eq!(f.span(), 5..8);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }

    /// The text of the span, as written (whitespace and all).
    ///
    /// ```
    /// let f = xiri::find::<xiri::Rfc3986>("<a:b\n c>").next().unwrap();
    /// assert_eq!(f.text(), "a:b\n c");
    /// ```
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The reference, parsed in the syntax `S`: the text, without the
    /// whitespace inside `<...>`; for a `www.` host, `//` and the text.
    ///
    /// ```
    /// let f = xiri::find::<xiri::Rfc3986>("<a:b\n c>").next().unwrap();
    /// assert_eq!(f.reference().as_str(), "a:bc");
    /// assert_eq!(f.reference().scheme(), Some("a"));
    /// ```
    pub fn reference(&self) -> Reference<'_, S> {
        let text = self.joined.as_deref().unwrap_or(self.text);
        Reference::from_bounds(text, split::from_marks(S::GRAMMAR, text, self.marks))
    }

    /// The bidi and spoofing findings on the reference
    /// ([`security::check`](crate::security::check)), their offsets in
    /// [`reference`](Found::reference)'s text.
    ///
    /// ```
    /// let f = xiri::find::<xiri::Rfc3987>("see http://p\u{430}ypal.com/ now").next().unwrap();
    /// assert_eq!(f.security()[0].kind, xiri::security::Kind::MixedScript);
    /// ```
    #[cfg(feature = "security")]
    pub fn security(&self) -> Vec<crate::security::Finding> {
        crate::security::check(self.reference().as_str())
    }

    /// Where a browser reads the reference elsewhere
    /// ([`whatwg::compare`](crate::whatwg::compare)'s findings; the
    /// `whatwg` feature).
    ///
    /// ```
    /// let f = xiri::find::<xiri::Rfc3987>("fetch http://0x7f.1/admin now").next().unwrap();
    /// assert_eq!(f.browser()[0].category, xiri::whatwg::Category::NumericHost);
    /// ```
    #[cfg(feature = "whatwg")]
    pub fn browser(&self) -> Vec<crate::whatwg::Finding> {
        crate::whatwg::compare(self.reference().as_str())
            .findings()
            .to_vec()
    }
}
