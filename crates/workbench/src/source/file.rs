//! The author's file as the workbench is given it: a name for messages
//! and the text, the bytes that were not UTF-8 remembered where they were.

/// One ABNF file: a name to show in messages (its path) and its text.
///
/// ```
/// let file = xiri_workbench::AbnfFile::new("date.abnf", "date = 4DIGIT \"-\" 2DIGIT\n");
/// assert_eq!(file.name, "date.abnf");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbnfFile {
    /// The name messages give it, usually its path.
    pub name: String,
    /// Its text: ABNF, an RFC or draft as text, xml2rfc XML or Markdown
    /// ([`SourceFormat`](super::SourceFormat)).
    pub text: String,
    /// The bytes that were not UTF-8 (each now U+FFFD): where, and which.
    invalid: Vec<(usize, u8)>,
}

impl AbnfFile {
    /// A file of this name and text.
    ///
    /// ```
    /// let file = xiri_workbench::AbnfFile::new("a.abnf", "a = \"x\"\n");
    /// assert!(file.text.starts_with("a ="));
    /// ```
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        AbnfFile {
            name: name.into(),
            text: text.into(),
            invalid: Vec::new(),
        }
    }

    /// A file of these bytes, as read from disk: UTF-8, each byte that is
    /// not taken as U+FFFD and reported by the loader with its line and
    /// column (a Latin-1 `é` is the byte 0xE9). A BOM is kept here, and
    /// skipped by the loader with a note.
    ///
    /// ```
    /// use xiri_workbench::{AbnfFile, LoadedGrammar};
    /// let file = AbnfFile::from_bytes("l.abnf", b"a = \"x\" ; caf\xe9\n");
    /// assert_eq!(file.invalid_utf8(), [(13, 0xE9)]);
    /// let e = LoadedGrammar::load(&[file]).unwrap_err();
    /// assert!(e.to_string().starts_with("l.abnf:1:14: error: byte 0xE9 is not UTF-8"), "{e}");
    /// ```
    pub fn from_bytes(name: impl Into<String>, bytes: &[u8]) -> Self {
        let mut text = String::with_capacity(bytes.len());
        let mut invalid = Vec::new();
        for chunk in bytes.utf8_chunks() {
            text.push_str(chunk.valid());
            for &b in chunk.invalid() {
                invalid.push((text.len(), b));
                text.push('\u{fffd}');
            }
        }
        AbnfFile {
            name: name.into(),
            text,
            invalid,
        }
    }

    /// The bytes that were not UTF-8 ([`from_bytes`](Self::from_bytes)):
    /// each one's offset in [`text`](Self::text), and its value.
    ///
    /// ```
    /// let file = xiri_workbench::AbnfFile::from_bytes("g", b"\xff");
    /// assert_eq!((file.text.as_str(), file.invalid_utf8()), ("\u{fffd}", &[(0, 0xFF)][..]));
    /// ```
    pub fn invalid_utf8(&self) -> &[(usize, u8)] {
        &self.invalid
    }
}
