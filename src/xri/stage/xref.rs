//! The stage's cross-references: the shapes it reads itself (an XRI with
//! a `gcs-authority`, its query and fragment with their parentheses
//! balanced), an IRI inside one (checked by the IRI parse), and one of
//! another shape after a "/" (checked by the walk's automaton on its own
//! text).

use super::{Bits, Block, PCHAR, PREFIX, QF};

impl<M: Bits> Block<'_, M> {
    /// The end of the cross-reference at `at` (its ")" and one), for the
    /// two shapes read here: `xref = "(" ( typed-XRI-x / typed-IRI-x /
    /// ... ) ")"` (grammar/xri-typed.abnf) whose content is an IRI
    /// without parentheses ([`Block::iri_xref`]), or a `typed-XRI-x` with
    /// an `rgcs-authority = rgcs-char xri-segment`, an `xri-path-abempty`,
    /// a query and a fragment ([`Block::balanced`]), "xri://" before it
    /// or not:
    /// `typed-XRI-x = "xri://" xri-no-scheme-x / gcs-XRI-x`,
    /// `gcs-XRI-x = ( xri-authority / gcs-iauthority-x ) xri-path-abempty
    /// [ "?" iquery-x ] [ "#" ifragment-x ]`. `None` otherwise, and
    /// `depth` cross-references deep (the walk's limit is far). Out of
    /// line: it is the recursion, and the rarer case.
    #[inline(never)]
    pub(super) fn xref(&self, at: usize, depth: usize) -> Option<usize> {
        let depth = depth.checked_sub(1)?;
        let open = at;
        let mut at = at + 1;
        // "xri://" in any case, as `has_prefix` compares it (a slice's
        // `eq_ignore_ascii_case` cost about 25 instructions a
        // cross-reference).
        if matches!(self.b.get(at..), Some([x, r, i, b':', b'/', b'/', ..])
            if (x | 0x20, r | 0x20, i | 0x20) == (b'x', b'r', b'i'))
        {
            at += PREFIX.len();
        } else if self.byte(at).is_some_and(|c| c.is_ascii_alphabetic()) {
            return self.iri_xref(at);
        }
        if !matches!(self.byte(at), Some(b'=' | b'@' | b'+' | b'$')) {
            return self.walked_xref(open, depth);
        }
        let pchar = self.mask(PCHAR);
        let mut end = self.segment(at + 1, pchar, depth)?;
        while self.byte(end) == Some(b'/') {
            end = self.segment(end + 1, pchar, depth)?;
        }
        if self.byte(end) == Some(b'?') {
            end = self.balanced(end + 1, depth)?;
        }
        if self.byte(end) == Some(b'#') {
            end = self.balanced(end + 1, depth)?;
        }
        (self.byte(end) == Some(b')')).then_some(end + 1)
    }

    /// The end of a cross-reference at `open` of another shape, right
    /// after a "/": the automaton of `xri-path-abempty [ "?" iquery ] [
    /// "#" ifragment ]` (the walk's, run with calls) on the "/" and the
    /// text to the ")" that closes `open`. It accepts exactly when that
    /// text is one `xri-segment = xri-subseg-od *xri-subseg` whose first
    /// sub-segment is this cross-reference (a cross-reference's
    /// parentheses balance, so it cannot end before that ")"), so the
    /// cross-reference is valid and ends there. At most `depth` more
    /// levels deep, as the stage reads (the automaton's run starts at no
    /// depth, the walk's would not); anything else is the walk's.
    #[inline(never)]
    fn walked_xref(&self, open: usize, depth: usize) -> Option<usize> {
        let slash = open.checked_sub(1)?;
        if self.byte(slash) != Some(b'/') {
            return None;
        }
        // The ")" that closes `open`, as `syntax::parens::matching` finds
        // it where no "[" comes first (an IP literal's parentheses are
        // data there; such a text is the walk's), and no deeper than the
        // stage reads.
        let (mut level, mut close) = (0usize, None);
        for (i, &c) in self.b.get(open..)?.iter().enumerate() {
            match c {
                b'(' if level > depth => return None,
                b'(' => level += 1,
                b')' if level == 1 => {
                    close = Some(open + i);
                    break;
                }
                b')' => level -= 1,
                b'[' => return None,
                _ => {}
            }
        }
        let close = close?;
        let text = self.s.get(slash..=close)?;
        crate::syntax::builtin::xri_typed::after_authority()
            .matches(text)
            .then_some(close + 1)
    }

    /// The end of a cross-reference whose content, from `at` (a letter),
    /// is an IRI without parentheses: `typed-IRI-x = other-scheme ":"
    /// ihier-part-x [ "?" iquery-x ] [ "#" ifragment-x ]`
    /// (grammar/xri-typed.abnf), whose `*-x` rules are RFC 3987's but for
    /// parentheses (grammar/xri-balanced.abnf), so that such a content is
    /// an `IRI` exactly, and what xiri's IRI parse accepts. No
    /// `typed-XRI-x` starts with a letter (its authority starts with a
    /// symbol, "!", "(" or "@"), nor does a `relative-XRI-ref-x` with a
    /// ":" in its first segment, so the content has no other reading. A
    /// scheme "xri" (`"xri:" ipath-abs-x ...`), a parenthesis inside and
    /// everything else are the walk's.
    #[inline(never)]
    fn iri_xref(&self, at: usize) -> Option<usize> {
        let content = self.b.get(at..)?;
        let close = at + content.iter().position(|&c| matches!(c, b'(' | b')'))?;
        if self.byte(close) != Some(b')') {
            return None;
        }
        let content = self.s.get(at..close)?;
        if content
            .get(..4)
            .is_some_and(|s| s.eq_ignore_ascii_case("xri:"))
        {
            return None;
        }
        crate::Iri::is_valid(content).then_some(close + 1)
    }

    /// The end of a cross-reference's query or fragment from `at`, at the
    /// first byte outside its parentheses that is neither `QF`'s nor one
    /// (a ")" that closes the cross-reference, a "#", the input's end):
    /// `iquery-x = *( ipchar-x / iprivate / "/" / "?" / "(" iquery-x ")" )`,
    /// `ifragment-x = *( ipchar-x / "/" / "?" / "(" ifragment-x ")" )`
    /// (grammar/xri-balanced.abnf), `ipchar-x` being `ipchar` without "("
    /// and ")": `QF`'s bytes (`ifragment`'s), its parentheses balanced
    /// (derive.rs checks both against the automaton). `None` when one is
    /// left open, or more than `depth` are open at once.
    #[inline(always)]
    fn balanced(&self, mut at: usize, depth: usize) -> Option<usize> {
        let qf = self.mask(QF);
        let mut open = 0usize;
        loop {
            let end = self.run_end(qf, at);
            let run = self.b.get(at..end)?;
            let Some(k) = run.iter().position(|&c| matches!(c, b'(' | b')')) else {
                return (open == 0).then_some(end);
            };
            let k = at + k;
            if self.byte(k) == Some(b'(') {
                open += 1;
                if open > depth {
                    return None;
                }
            } else if open == 0 {
                return Some(k);
            } else {
                open -= 1;
            }
            at = k + 1;
        }
    }
}
