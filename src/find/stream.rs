//! Identifiers in a text that comes in pieces: [`Stream`] takes bytes as
//! they come and gives each identifier once nothing that may follow can
//! change it. Each byte is read once
//! by the cut ([`Hold`]) and once by the search of the part it is in, and
//! what is held is what may still change an answer.

use super::hold::Hold;
use super::{find_with, FoundBuf, Options};
use crate::syntax::GenericSyntax;
use std::marker::PhantomData;

/// The identifiers of a text given in pieces of any size (lines, blocks
/// read from a file or a socket), each as soon as what follows cannot
/// change it, with its span in bytes of the whole text. A byte that is not
/// UTF-8 parts the text as a text's end would.
///
/// What it finds is what [`find_with`] finds in the whole text, read in
/// parts cut after a byte that ends identifiers (ASCII whitespace,
/// controls, `>` `"` ...). It holds the bytes from the last such place:
///
/// - after a `<`, until its `>`, the next `<`, [`MAX_BRACKETED`] bytes,
///   or a byte that tells what follows the `<` is not an identifier
///   (`a < b` is decided at the space after `b`): whitespace inside
///   `<...>` is part of a wrapped identifier (RFC 3986 Appendix C);
/// - in a line with no whitespace, the run so far (an identifier that is
///   still growing), up to [`MAX_HELD`] bytes, where it is cut.
///
/// So it never holds more than [`MAX_HELD`] bytes after a
/// [`push`](Stream::push) returns (less the bytes of an unfinished
/// character), and each byte is looked at a bounded number of times.
///
/// [`MAX_BRACKETED`]: super::MAX_BRACKETED
/// [`MAX_HELD`]: super::MAX_HELD
///
/// ```
/// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
/// let mut refs = Vec::new();
/// for line in ["see http://a/b.\n", "and <http://c/\n", "  d>, or e:f"] {
///     for f in stream.push(line.as_bytes()) {
///         refs.push(f.as_found().reference().as_str().to_string());
///     }
/// }
/// for f in stream.finish() {
///     refs.push(f.as_found().reference().as_str().to_string());
/// }
/// assert_eq!(refs, ["http://a/b", "http://c/d", "e:f"]);
/// ```
#[derive(Clone)]
pub struct Stream<S> {
    options: Options,
    hold: Hold,
    /// The bytes from position `base` on; those before `from` are
    /// searched, and dropped now and then.
    held: Vec<u8>,
    from: usize,
    base: usize,
    /// The bytes looked at, for the test that the work is linear.
    #[cfg(test)]
    pub(super) steps: usize,
    syntax: PhantomData<S>,
}

/// Where the stream is, not what it holds: the held bytes may carry a
/// password (issue 41: no secret in any output).
///
/// ```
/// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
/// stream.push(b"<http://anne:s3cret@h/\n");
/// let shown = format!("{stream:?}");
/// assert!(!shown.contains("s3cret") && !shown.contains("115, 51")); // nor as bytes
/// assert!(shown.contains("held: 23"));
/// ```
impl<S> std::fmt::Debug for Stream<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream")
            .field("options", &self.options)
            .field("offset", &(self.base + self.from))
            .field("held", &self.held.len().saturating_sub(self.from))
            .finish_non_exhaustive()
    }
}

impl<S: GenericSyntax> Stream<S> {
    /// A stream at the start of a text.
    ///
    /// ```
    /// let stream = xiri::find::Stream::<xiri::Rfc3987>::new(xiri::find::Options::default());
    /// assert_eq!(stream.held(), 0);
    /// ```
    pub fn new(options: Options) -> Self {
        Self {
            options,
            hold: Hold::new(options.www()),
            held: Vec::new(),
            from: 0,
            base: 0,
            #[cfg(test)]
            steps: 0,
            syntax: PhantomData,
        }
    }

    /// Reads the text's next bytes; the identifiers they decide, in order.
    ///
    /// ```
    /// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
    /// assert!(stream.push(b"a:b").is_empty()); // it may go on
    /// assert_eq!(stream.push(b"c d")[0].as_found().text(), "a:bc");
    /// ```
    pub fn push(&mut self, bytes: &[u8]) -> Vec<FoundBuf<S>> {
        let mut found = Vec::new();
        self.held.extend_from_slice(bytes);
        for &b in bytes {
            if let Some(cut) = self.hold.step(b) {
                self.search(cut, &mut found);
            }
        }
        self.search(self.hold.decided(), &mut found);
        #[cfg(test)]
        {
            self.steps += bytes.len();
        }
        found
    }

    /// The end of the text: the identifiers in what is held.
    ///
    /// ```
    /// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
    /// assert!(stream.push(b"x <a:b").is_empty());
    /// assert_eq!(stream.finish()[0].as_found().span(), 3..6);
    /// ```
    pub fn finish(mut self) -> Vec<FoundBuf<S>> {
        let mut found = Vec::new();
        self.search(self.base + self.held.len(), &mut found);
        found
    }

    /// How many bytes are held, not yet searched: at most
    /// [`MAX_HELD`](super::MAX_HELD) between pushes.
    ///
    /// ```
    /// let mut stream = xiri::find::Stream::<xiri::Rfc3986>::new(Default::default());
    /// stream.push(b"a <b:\n");
    /// assert_eq!(stream.held(), 4); // `<b:\n`: the `<` may be joined
    /// stream.push(b"c>\n");
    /// assert_eq!(stream.held(), 0);
    /// stream.push(b"x <b\n"); // `b` and a line break: no scheme
    /// assert_eq!(stream.held(), 0);
    /// ```
    pub fn held(&self) -> usize {
        self.held.len() - self.from
    }

    /// Searches the held bytes up to position `to`, a byte that is not
    /// UTF-8 parting them as a text's end would, and drops the searched
    /// bytes once they are half of what is held (each byte is moved at
    /// most once on average).
    fn search(&mut self, to: usize, found: &mut Vec<FoundBuf<S>>) {
        let end = to.saturating_sub(self.base);
        let mut at = self.from;
        while let Some(rest) = self.held.get(at..end).filter(|r| !r.is_empty()) {
            let (text, skip) = match std::str::from_utf8(rest) {
                Ok(text) => (text, rest.len()),
                Err(e) => {
                    let good = e.valid_up_to();
                    let bad = e.error_len().unwrap_or(rest.len() - good).max(1);
                    let text = rest.get(..good).and_then(|t| std::str::from_utf8(t).ok());
                    (text.unwrap_or_default(), good + bad)
                }
            };
            let mut finder = find_with::<S>(text, self.options);
            found.extend(finder.by_ref().map(|f| f.into_buf(self.base + at)));
            #[cfg(test)]
            {
                self.steps += finder.scan.steps + skip;
            }
            at += skip;
        }
        self.from = end.max(self.from);
        if self.from > self.held.len() / 2 {
            #[cfg(test)]
            {
                self.steps += self.held.len() - self.from;
            }
            self.held.drain(..self.from);
            self.base += self.from;
            self.from = 0;
        }
    }
}
