//! RFC 3986 Appendix B's split, recorded by the run itself (tagged
//! transitions): the character-class automaton of a reference rule is
//! multiplied with the split's own small automaton, whose states say where
//! in the split the input is, and the states that a delimiter of the split
//! enters carry a tag (`tags[state]`, a mask of the [`marks`] bits). The
//! run notes the offset after the delimiter for each tag it enters
//! (crates/engine/src/tables.rs), so the components come out of the one pass
//! that gives the verdict, with no second scan.
//!
//! The split is Appendix B's regular expression,
//! `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, as a
//! deterministic automaton over five symbols (`:`, `/`, `?`, `#` and any
//! other character). It never refuses, so the product accepts exactly the
//! rule's language; minimization then keeps apart the states whose tags
//! differ. Its tags:
//! - [`SCHEME_END`]: the ":" ending a scheme (the first ":" when
//!   no "/", "?" or "#" came before it and something did);
//! - [`AUTHORITY_START`]: the second "/" of a "//" at the start or
//!   right after the scheme;
//! - [`AUTHORITY_END`]: the "/", "?" or "#" ending that authority;
//! - [`USERINFO_END`]: an "@" in the authority, which ends the user
//!   information (RFC 3986 3.2: neither it nor the host holds one);
//! - [`QUERY`]: the "?" starting the query; [`FRAGMENT`]: the
//!   "#" starting the fragment.
//!
//! [`marks`]: crate::marks

use super::chars::CharDfa;
use super::error::CompileError;
use crate::marks::{AUTHORITY_END, AUTHORITY_START, FRAGMENT, QUERY, SCHEME_END, USERINFO_END};
use std::collections::HashMap;

/// Where in Appendix B's split the input is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Part {
    /// Nothing read yet.
    Start,
    /// A run of characters other than ":/?#" from the start: a scheme if
    /// a ":" ends it.
    Run,
    /// Right after the scheme's ":".
    SchemeEnd,
    /// After a "/" where an authority's "//" may start.
    Slash,
    /// Right after the "//".
    AuthorityStart,
    Authority,
    /// In the authority, right after the "@" that ends the user information.
    UserinfoEnd,
    /// The path, entered by the delimiter that ended the authority.
    PathAfterAuthority,
    Path,
    /// The query, entered by its "?" (`true`: which also ended the authority).
    QueryStart(bool),
    Query,
    /// The fragment, entered by its "#" (`true`: which also ended the authority).
    FragmentStart(bool),
    Fragment,
    /// Inside a bracket pair of a rule with calls: its content is one
    /// character of the split, read when the bracket closes.
    Inside,
}

/// A character as the split sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Symbol {
    Colon,
    Slash,
    Question,
    Hash,
    At,
    Other,
}

impl Part {
    fn tags(self) -> u8 {
        match self {
            Part::SchemeEnd => SCHEME_END,
            Part::AuthorityStart => AUTHORITY_START,
            Part::UserinfoEnd => USERINFO_END,
            Part::PathAfterAuthority => AUTHORITY_END,
            Part::QueryStart(ended) => QUERY | if ended { AUTHORITY_END } else { 0 },
            Part::FragmentStart(ended) => FRAGMENT | if ended { AUTHORITY_END } else { 0 },
            _ => 0,
        }
    }

    fn step(self, symbol: Symbol) -> Part {
        use Symbol::*;
        if self == Part::Inside {
            return Part::Inside;
        }
        let authority = matches!(
            self,
            Part::AuthorityStart | Part::Authority | Part::UserinfoEnd
        );
        // Outside the authority, "@" is one more character.
        let symbol = if symbol == At && !authority {
            Other
        } else {
            symbol
        };
        if authority {
            return match symbol {
                Slash => Part::PathAfterAuthority,
                Question => Part::QueryStart(true),
                Hash => Part::FragmentStart(true),
                At => Part::UserinfoEnd,
                _ => Part::Authority,
            };
        }
        match (self, symbol) {
            (Part::QueryStart(_) | Part::Query, Hash) => Part::FragmentStart(false),
            (Part::QueryStart(_) | Part::Query, _) => Part::Query,
            (Part::FragmentStart(_) | Part::Fragment, _) => Part::Fragment,
            (_, Question) => Part::QueryStart(false),
            (_, Hash) => Part::FragmentStart(false),
            (Part::Start | Part::SchemeEnd, Slash) => Part::Slash,
            (Part::Start, Other) | (Part::Run, Other) => Part::Run,
            (Part::Run, Colon) => Part::SchemeEnd,
            (Part::Slash, Slash) => Part::AuthorityStart,
            _ => Part::Path,
        }
    }
}

/// `dfa` multiplied with Appendix B's split, its states tagged; not yet
/// minimized. Refused where ":", "/", "?", "#" or "@" shares its
/// character class with another character (the split could not tell them
/// apart).
///
/// In a rule with calls, a bracket pair called from outside any other is
/// one character of the split, read when it closes (an XRI's
/// cross-reference is one in its authority or path: RFC 3986's split with
/// cross-references opaque is XRI 2.0's, whose delimiters count outside
/// parentheses only); the states inside a pair are untagged.
pub(super) fn tag(dfa: &CharDfa) -> Result<CharDfa, CompileError> {
    let refuse = |why: &str| Err(CompileError::TooLarge(format!("Appendix B's split: {why}")));
    let mut symbol_of = vec![Symbol::Other; dfa.classes];
    for (byte, symbol) in [
        (b':', Symbol::Colon),
        (b'/', Symbol::Slash),
        (b'?', Symbol::Question),
        (b'#', Symbol::Hash),
        (b'@', Symbol::At),
    ] {
        let class = dfa.ascii.get(usize::from(byte)).copied().unwrap_or(0);
        if class == 0 {
            // The rule never takes it.
            continue;
        }
        let shared = dfa.ascii.iter().filter(|&&c| c == class).count() > 1
            || dfa.beyond.iter().any(|&(_, _, c)| c == class);
        if shared {
            return refuse("a delimiter is not a class of its own");
        }
        if let Some(slot) = symbol_of.get_mut(usize::from(class)) {
            *slot = symbol;
        }
    }
    // The product's states, found from the start; 0 is dead, 1 starts.
    let mut states: Vec<(u16, Part)> = vec![(0, Part::Start), (1, Part::Start)];
    let mut id_of: HashMap<(u16, Part), u16> = HashMap::from([((1, Part::Start), 1)]);
    let mut id = |key: (u16, Part), states: &mut Vec<(u16, Part)>| {
        if key.0 == 0 {
            return Ok(0);
        }
        if let Some(&id) = id_of.get(&key) {
            return Ok(id);
        }
        let id =
            u16::try_from(states.len()).map_err(|_| CompileError::TooLarge("states".into()))?;
        states.push(key);
        id_of.insert(key, id);
        Ok(id)
    };
    let mut trans: Vec<u16> = vec![0; dfa.classes];
    let mut call = vec![0];
    let (mut returns_at, mut returns) = (vec![0, 0], Vec::new());
    let mut at = 1;
    while let Some(&(q, part)) = states.get(at) {
        for (class, &symbol) in symbol_of.iter().enumerate() {
            let next = dfa.next(usize::from(q), u8::try_from(class).unwrap_or(0));
            trans.push(id((next, part.step(symbol)), &mut states)?);
        }
        let callee = dfa.call.get(usize::from(q)).copied().unwrap_or(0);
        call.push(id((callee, Part::Inside), &mut states)?);
        // The pair read, as one character of the split.
        let after = part.step(Symbol::Other);
        for &(ended, to) in dfa.returns_of(usize::from(q)) {
            returns.push((ended, id((to, after), &mut states)?));
        }
        returns_at.push(u32::try_from(returns.len()).unwrap_or(u32::MAX));
        at += 1;
    }
    let mut expect_at = vec![0u32];
    let mut expect = Vec::new();
    for &(q, _) in &states {
        expect.extend_from_slice(dfa.expected(usize::from(q)));
        expect_at.push(u32::try_from(expect.len()).unwrap_or(u32::MAX));
    }
    Ok(CharDfa {
        rule: dfa.rule.clone(),
        classes: dfa.classes,
        ascii: dfa.ascii.clone(),
        beyond: dfa.beyond.clone(),
        trans,
        accept: states
            .iter()
            .map(|&(q, _)| q != 0 && dfa.accept.get(usize::from(q)).copied().unwrap_or(false))
            .collect(),
        expect_at,
        expect,
        names: dfa.names.clone(),
        open: dfa.open,
        call,
        ret_mask: states
            .iter()
            .map(|&(q, _)| dfa.ret_mask.get(usize::from(q)).copied().unwrap_or(0))
            .collect(),
        returns_at,
        returns,
        max_depth: dfa.max_depth,
        tags: states
            .iter()
            .map(|&(q, part)| if q == 0 { 0 } else { part.tags() })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::{Part, Symbol};

    /// The split read by the automaton: the tags entered, with the offset
    /// after each delimiter.
    fn tags_of(input: &str) -> Vec<(u8, usize)> {
        let mut part = Part::Start;
        let mut out = Vec::new();
        for (i, c) in input.char_indices() {
            let symbol = match c {
                ':' => Symbol::Colon,
                '/' => Symbol::Slash,
                '?' => Symbol::Question,
                '#' => Symbol::Hash,
                '@' => Symbol::At,
                _ => Symbol::Other,
            };
            part = part.step(symbol);
            if part.tags() != 0 {
                out.push((part.tags(), i + c.len_utf8()));
            }
        }
        out
    }

    #[test]
    fn a_delimiter_sharing_its_class_is_refused() {
        let options = crate::Options::new().with_split();
        let shared = crate::compile("r = *%x20-7E\n", "r", &options);
        assert!(matches!(shared, Err(crate::CompileError::TooLarge(_))));
        let own = crate::compile("r = [ 1*ALPHA \":\" ] *( ALPHA / \";\" )\n", "r", &options);
        assert!(own.is_ok_and(|a| a.records_split() && a.matches("x:a;b")));
    }

    /// In a rule with calls, what a bracket pair holds is no delimiter of
    /// the split: the marks are those outside the pairs, as XRI's
    /// cross-references need (src/xri/split.rs).
    #[test]
    fn a_bracket_pair_is_one_character_of_the_split() {
        use crate::marks::{FRAGMENT, QUERY};
        use crate::{Options, compile};
        let abnf = "g = *( \"a\" / \"?\" / \"#\" / \"/\" / p )\np = \"(\" g \")\"\n";
        let options = Options::new().with_brackets('(', ')').with_split();
        let a = compile(abnf, "g", &options).unwrap();
        assert!(a.has_calls() && a.records_split());
        let at = |input: &str| {
            let marks = a.check_split_with_calls(input).unwrap().unwrap();
            (marks.after(QUERY), marks.after(FRAGMENT))
        };
        assert_eq!(at("a(?)?a#a"), (Some(5), Some(7)));
        assert_eq!(at("(?#(?))a"), (None, None));
        assert_eq!(at("((#)?)#?"), (None, Some(7)));
        assert_eq!(at("?(#)"), (Some(1), None));
        // The same verdicts as without the split.
        let plain = compile(abnf, "g", &Options::new().with_brackets('(', ')')).unwrap();
        for input in ["a(?", "a)?", "((a)", "(/)(#)?", ""] {
            assert_eq!(a.matches(input), plain.matches(input), "{input:?}");
        }
    }

    #[test]
    fn the_split_of_appendix_b() {
        use crate::marks::*;
        assert_eq!(
            tags_of("http://a/b?c#d"),
            [
                (SCHEME_END, 5),
                (AUTHORITY_START, 7),
                (AUTHORITY_END, 9),
                (QUERY, 11),
                (FRAGMENT, 13)
            ]
        );
        assert_eq!(
            tags_of("//a?q"),
            [(AUTHORITY_START, 2), (AUTHORITY_END | QUERY, 4)]
        );
        assert_eq!(
            tags_of("//a#f?"),
            [(AUTHORITY_START, 2), (AUTHORITY_END | FRAGMENT, 4)]
        );
        // No scheme: an empty run, or a "/" before the ":".
        assert_eq!(tags_of(":a:b"), []);
        assert_eq!(tags_of("a/b:c"), []);
        assert_eq!(tags_of("a:b:c//d"), [(SCHEME_END, 2)]);
        // "//" only at the start of the path after the scheme.
        assert_eq!(tags_of("a:/b//c"), [(SCHEME_END, 2)]);
        assert_eq!(tags_of("?a?b#c#d"), [(QUERY, 1), (FRAGMENT, 5)]);
        // "@" ends the user information in the authority only.
        assert_eq!(
            tags_of("@a://u@h/@?@#@"),
            [
                (SCHEME_END, 3),
                (AUTHORITY_START, 5),
                (USERINFO_END, 7),
                (AUTHORITY_END, 9),
                (QUERY, 11),
                (FRAGMENT, 13)
            ]
        );
    }
}
