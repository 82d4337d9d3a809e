//! Before parsing: pre-processing an arbitrary string (IRI processing draft
//! section 4), and finding the characters a LEIRI allows but an IRI does
//! not (LEIRI Note section 5).

use crate::syntax::reference::LeiriRef;

/// What to do with spaces inside a string (step 2 of the IRI processing
/// draft's section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Spaces {
    /// Several references are allowed: split on runs of spaces.
    Split,
    /// One reference: write each space as `%20`.
    Encode,
    /// One reference: remove runs of spaces.
    Remove,
}

/// Pre-processes an arbitrary string into reference strings (IRI processing
/// draft section 4): leading and trailing ASCII whitespace (space, CR, LF,
/// tab) removed, then spaces handled as `spaces` says. Step 3 (transcoding)
/// is Rust's already; step 4 is an open question in the draft and not done.
///
/// ```
/// use xiri::{preprocess, Spaces};
/// assert_eq!(preprocess(" \thttp://a/b c\r\n", Spaces::Encode), ["http://a/b%20c"]);
/// assert_eq!(preprocess("a  b c ", Spaces::Split), ["a", "b", "c"]);
/// assert_eq!(preprocess("a  b", Spaces::Remove), ["ab"]);
/// ```
pub fn preprocess(input: &str, spaces: Spaces) -> Vec<String> {
    let trimmed = input.trim_matches([' ', '\r', '\n', '\t']);
    match spaces {
        Spaces::Split => trimmed
            .split(' ')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        Spaces::Encode => vec![trimmed.replace(' ', "%20")],
        Spaces::Remove => vec![trimmed.replace(' ', "")],
    }
}

/// The groups of characters the LEIRI Note's section 5 lists as allowed in
/// LEIRIs but not in IRIs (or only in an IRI's query).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Group {
    /// U+0020.
    Space,
    /// `<`, `>`, `"`.
    Delimiter,
    /// `\`, `^`, `` ` ``, `{`, `|`, `}`.
    Unwise,
    /// C0 controls, DEL, C1 controls.
    Control,
    /// U+200E, U+200F, U+202A-202E.
    BidiFormatting,
    /// U+FFF0-FFFD.
    Special,
    /// U+E000-F8FF, U+F0000-FFFFD, U+100000-10FFFD: allowed in an IRI's
    /// query only.
    PrivateUse,
    /// U+E0000-E0FFF.
    Tag,
    /// U+FDD0-FDEF and the last two code points of every plane but the
    /// first: U+FFFE and U+FFFF are in no group, the Note's list leaving
    /// them out and its `ucschar` (`%xE000-FFFD`) not allowing them.
    NonCharacter,
}

impl Group {
    /// The group of a character, if it is in one.
    ///
    /// ```
    /// assert_eq!(xiri::Group::of('{'), Some(xiri::Group::Unwise));
    /// assert_eq!(xiri::Group::of('a'), None);
    /// ```
    pub fn of(c: char) -> Option<Group> {
        let n = c as u32;
        Some(match c {
            ' ' => Group::Space,
            '<' | '>' | '"' => Group::Delimiter,
            '\\' | '^' | '`' | '{' | '|' | '}' => Group::Unwise,
            '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}' => Group::Control,
            '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' => Group::BidiFormatting,
            '\u{FFF0}'..='\u{FFFD}' => Group::Special,
            '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}' => {
                Group::PrivateUse
            }
            '\u{E0000}'..='\u{E0FFF}' => Group::Tag,
            '\u{FDD0}'..='\u{FDEF}' => Group::NonCharacter,
            _ if n & 0xFFFE == 0xFFFE && n > 0xFFFF => Group::NonCharacter,
            _ => return None,
        })
    }

    /// The group's name, as the Note's section 5 heads it.
    ///
    /// ```
    /// assert_eq!(xiri::Group::BidiFormatting.name(), "bidi formatting characters");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Group::Space => "space",
            Group::Delimiter => "delimiters",
            Group::Unwise => "unwise characters",
            Group::Control => "controls",
            Group::BidiFormatting => "bidi formatting characters",
            Group::Special => "specials",
            Group::PrivateUse => "private use code points",
            Group::Tag => "tags",
            Group::NonCharacter => "non-characters",
        }
    }
}

/// One character of a string that falls in a group of the LEIRI Note's
/// section 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// Its byte offset.
    pub offset: usize,
    /// The character.
    pub character: char,
    /// Its group.
    pub group: Group,
    /// Whether LEIRI → IRI percent-encodes it here (all but private use in
    /// the query).
    pub encoded_to_iri: bool,
    /// Whether IRI → URI percent-encodes it (all that is not ASCII; the
    /// ASCII groups cannot be in an IRI at all).
    pub encoded_to_uri: bool,
}

/// Every character of `input` that a LEIRI allows and an IRI does not (at
/// its place), with its group and which conversions encode it. Where the
/// input parses as a LEIRI reference its query is known; otherwise private
/// use characters are taken to be outside one.
///
/// ```
/// let findings = xiri::diagnose("http://a/b c?\u{e000}");
/// assert_eq!(findings.len(), 2);
/// assert_eq!((findings[0].offset, findings[0].group), (10, xiri::Group::Space));
/// assert!(!findings[1].encoded_to_iri); // private use, in the query
/// assert!(findings[1].encoded_to_uri);
/// ```
pub fn diagnose(input: &str) -> Vec<Finding> {
    let query = LeiriRef::parse(input).ok().and_then(|r| {
        let q = r.query()?;
        let start = q.as_ptr() as usize - input.as_ptr() as usize;
        Some(start..start + q.len())
    });
    input
        .char_indices()
        .filter_map(|(offset, character)| {
            let group = Group::of(character)?;
            let in_query = query.as_ref().is_some_and(|q| q.contains(&offset));
            Some(Finding {
                offset,
                character,
                group,
                encoded_to_iri: !(group == Group::PrivateUse && in_query),
                encoded_to_uri: !character.is_ascii(),
            })
        })
        .collect()
}
