//! RFC 3986 5.2.4, remove_dot_segments, over a path given in one or two
//! pieces (a merged path is the base's directory, then the reference's
//! path), with where "/" delimits segments (for XRIs, only outside
//! parentheses).

use super::has_dot_segment;
use crate::syntax::parens;

/// Where "/" delimits path segments.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slashes {
    /// Every "/" (URIs, IRIs, LEIRIs).
    All,
    /// Only a "/" outside parentheses: in an XRI, a cross-reference is one
    /// opaque unit (XRI 2.0 2.4.1).
    OutsideParentheses,
}

impl Slashes {
    /// Where the segment starting at `start` of `input` ends: at the next
    /// delimiting "/", or the end.
    fn segment_end(self, input: Input<'_>, start: usize) -> usize {
        if self == Slashes::All {
            // The next "/" from `start`, in the first piece, else in the second.
            let (first, second) = (input.0.as_bytes(), input.1.as_bytes());
            // Segments are short: a plain look.
            let next = |rest: &[u8]| rest.iter().position(|&b| b == b'/');
            let in_first = first.get(start..).and_then(next);
            if let Some(at) = in_first {
                return start + at;
            }
            let from = start.saturating_sub(first.len());
            let rest = second.get(from..).unwrap_or_default();
            return first.len() + from + next(rest).unwrap_or(rest.len());
        }
        let bytes = input
            .0
            .bytes()
            .chain(input.1.bytes())
            .enumerate()
            .skip(start);
        parens::nesting_of(bytes)
            .find(|n| n.byte == b'/' && (n.depth == 0 || self == Slashes::All))
            .map_or(input.0.len() + input.1.len(), |n| n.at)
    }

    /// The byte offsets of the delimiting "/" in `text`.
    pub(super) fn positions(self, text: &str) -> impl Iterator<Item = usize> + '_ {
        self.delimiters(text.as_bytes())
    }

    /// The offset of the last delimiting "/" in `text`, read from the end:
    /// as far back as that "/" and no farther. For XRIs, a ")" read
    /// backwards opens a cross-reference and its "(" closes it (the
    /// parentheses of a valid XRI path balance: docs/DECISIONS.md).
    pub(super) fn last_delimiter(self, text: &str) -> Option<usize> {
        match self {
            // Segments are short: a plain look back rather than `memrchr`.
            Slashes::All => text.bytes().rposition(|b| b == b'/'),
            Slashes::OutsideParentheses => parens::last_outside(text.as_bytes(), |b| b == b'/'),
        }
    }

    /// The offsets, in `bytes`, of the "/" that delimit (for XRIs, those
    /// outside parentheses).
    fn delimiters(self, bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
        let outside = self == Slashes::OutsideParentheses;
        parens::nesting(bytes)
            .filter(move |n| n.byte == b'/' && (n.depth == 0 || !outside))
            .map(|n| n.at)
    }
}

/// RFC 3986 5.2.4, step by step: the input buffer is consumed from the
/// front, the output buffer grows at the back.
pub(crate) fn remove_dot_segments(path: &str, slashes: Slashes) -> String {
    let mut output = String::with_capacity(path.len());
    remove_dot_segments_into((path, ""), slashes, &mut output);
    output
}

/// The input buffer of 5.2.4: two pieces read one after the other (a
/// merged path is the base's directory, then the reference's path), so
/// that merging copies nothing.
#[derive(Clone, Copy)]
struct Input<'p>(&'p str, &'p str);

impl<'p> Input<'p> {
    fn is_empty(self) -> bool {
        self.0.is_empty() && self.1.is_empty()
    }

    /// The byte at `i`, across the pieces.
    fn at(self, i: usize) -> Option<u8> {
        match self.0.as_bytes().get(i) {
            Some(&b) => Some(b),
            None => self.1.as_bytes().get(i - self.0.len()).copied(),
        }
    }

    /// Without its first `n` bytes.
    fn skip(self, n: usize) -> Input<'p> {
        if n <= self.0.len() {
            Input(&self.0[n..], self.1)
        } else {
            Input(self.1.get(n - self.0.len()..).unwrap_or(""), "")
        }
    }

    /// Appends its first `n` bytes to `out`.
    fn push_to(self, n: usize, out: &mut String) {
        let first = n.min(self.0.len());
        out.push_str(&self.0[..first]);
        if n > first {
            out.push_str(&self.1[..n - first]);
        }
    }
}

/// [`remove_dot_segments`] of the pieces `path` read one after the other,
/// appending to `out`: what was there before is left alone.
pub(super) fn remove_dot_segments_into(path: (&str, &str), slashes: Slashes, out: &mut String) {
    if slashes == Slashes::All {
        // Most paths have no dot segment, and come out as they went in.
        // The first piece of a merged path ends with "/", so no segment
        // spans the two pieces.
        let clean = !has_dot_segment(path.0);
        if clean {
            if !has_dot_segment(path.1) {
                out.push_str(path.0);
                out.push_str(path.1);
                return;
            }
            // A merged path whose reference climbs ("../g"): its leading
            // "./" and "../" act on the directory, which has no dot
            // segment.
            if let Some((directory, rest)) = climb(path) {
                if !has_dot_segment(rest) {
                    out.push_str(directory);
                    out.push_str(rest);
                    return;
                }
            }
        }
        // An absolute path, in one piece or after a directory without dot
        // segments: segment by segment.
        let floor = out.len();
        if path.1.is_empty() && path.0.starts_with('/') {
            out.push('/');
            return segments_into(floor, path.0.get(1..).unwrap_or_default(), out);
        }
        if clean && path.0.starts_with('/') && path.0.ends_with('/') {
            out.push_str(path.0);
            return segments_into(floor, path.1, out);
        }
    }
    let floor = out.len();
    let mut input = Input(path.0, path.1);
    while !input.is_empty() {
        // Rules A to D all start with "." or "/.", and look at most four
        // bytes ahead ("/../"); anything else is E. `None` is the end.
        let ahead = [input.at(0), input.at(1), input.at(2), input.at(3)];
        match ahead {
            // A: drop a leading "../" or "./".
            [Some(b'.'), Some(b'.'), Some(b'/'), _] => input = input.skip(3),
            [Some(b'.'), Some(b'/'), _, _] => input = input.skip(2),
            // B: "/./" becomes "/".
            [Some(b'/'), Some(b'.'), Some(b'/'), _] => input = input.skip(2),
            // B at the end: "/." becomes "/", which E then moves.
            [Some(b'/'), Some(b'.'), None, _] => {
                out.push('/');
                break;
            }
            // C: "/../" becomes "/", and the last output segment goes.
            [Some(b'/'), Some(b'.'), Some(b'.'), Some(b'/')] => {
                input = input.skip(3);
                pop_segment(out, floor, slashes);
            }
            [Some(b'/'), Some(b'.'), Some(b'.'), None] => {
                pop_segment(out, floor, slashes);
                out.push('/');
                break;
            }
            // D: "." or ".." alone.
            [Some(b'.'), None, _, _] | [Some(b'.'), Some(b'.'), None, _] => break,
            _ => {
                // E: move the first segment (with its leading "/") to the
                // output.
                let end = slashes.segment_end(input, usize::from(ahead[0] == Some(b'/')));
                input.push_to(end, out);
                input = input.skip(end);
            }
        }
    }
}

/// 5.2.4 on an absolute path whose start, up to a "/", is already
/// written without dot segments (`out` from `floor` starts and ends with
/// "/"), and whose rest is `rest`: the rest appended to `out`, the
/// written start cut as ".." segments climb into it. RFC 3986 3.3: such
/// a path is "/" then segments, each ended by the next "/"; on it the
/// five rules come to: a "." segment goes, a ".." segment goes with the
/// output's last segment (none above the first "/"), and a path that
/// ends with either ends with "/". So the text between dot segments is
/// copied whole, and the output is read back only to cut a segment it
/// then drops: linear in the path.
pub(super) fn segments_into(floor: usize, rest: &str, out: &mut String) {
    let bytes = rest.as_bytes();
    let at = |i: usize| bytes.get(i).copied();
    // `from`: the first byte of `rest` not yet copied; `out` and
    // `rest[from..]` up to any segment's start end with "/".
    let (mut from, mut i) = (0, 0);
    while let Some(dot) = bytes
        .get(i..)
        .and_then(|r| r.iter().position(|&b| b == b'.'))
    {
        let start = i + dot;
        i = start + 1;
        if start > 0 && at(start - 1) != Some(b'/') {
            continue;
        }
        let end = match (at(start + 1), at(start + 2)) {
            (None | Some(b'/'), _) => start + 1,
            (Some(b'.'), None | Some(b'/')) => start + 2,
            _ => continue,
        };
        out.push_str(rest.get(from..start).unwrap_or_default());
        if end == start + 2 {
            // The last segment and the "/" that ends it: cut after the
            // "/" before them, which the path's first "/" always is.
            let kept = out
                .get(floor..out.len().saturating_sub(1))
                .unwrap_or_default();
            if let Some(cut) = kept.bytes().rposition(|b| b == b'/') {
                out.truncate(floor + cut + 1);
            }
        }
        // The "/" after the dot segment goes with it.
        from = (end + 1).min(bytes.len());
        i = from;
    }
    out.push_str(rest.get(from..).unwrap_or_default());
}

/// A merged path `(directory, reference)` read as 5.2.4 reads it, when
/// the directory ends with "/" and has no dot segment: the reference's
/// leading "./" go (B), each leading "../" takes the directory's last
/// segment (C), and a last "." or ".." does as much. The directory left
/// and the rest of the reference (which may hold dot segments still);
/// `None` if the directory does not end with "/".
pub(super) fn climb<'p>(
    (mut directory, mut rest): (&'p str, &'p str),
) -> Option<(&'p str, &'p str)> {
    if !directory.ends_with('/') {
        return None;
    }
    // The directory without its last segment and the "/" before it, and
    // with the "/" that ended it: "/b/c/" is "/b/", "a/" and "/" are "/".
    let parent = |d: &'p str| {
        let inner = d.get(..d.len() - 1).unwrap_or_default();
        let last = inner.bytes().rposition(|b| b == b'/');
        last.map_or("/", |k| d.get(..=k).unwrap_or("/"))
    };
    loop {
        if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix("../") {
            rest = r;
            directory = parent(directory);
        } else if rest == "." {
            rest = "";
        } else if rest == ".." {
            rest = "";
            directory = parent(directory);
        } else {
            break;
        }
    }
    Some((directory, rest))
}

/// Removes the last segment of the output (`out` from `floor`) and the "/"
/// before it, if any. It reads the output backwards from its end, and
/// only as far as the cut: each byte it reads is one it removes, so
/// removing dot segments stays linear however many ".." there are.
fn pop_segment(out: &mut String, floor: usize, slashes: Slashes) {
    let tail = out.get(floor..).unwrap_or_default();
    let cut = slashes.last_delimiter(tail).map_or(floor, |i| floor + i);
    out.truncate(cut);
}

#[cfg(test)]
mod tests {
    use super::super::as_printed;
    use super::*;

    /// Every string of up to seven bytes over "a", "." and "/".
    fn paths() -> Vec<String> {
        super::super::dot_paths(7)
    }

    #[test]
    fn dot_segments_go_as_rfc_3986_prints_it() {
        for path in paths() {
            let printed = as_printed(&path);
            assert_eq!(
                remove_dot_segments(&path, Slashes::All),
                printed,
                "{path:?}"
            );
            // A merged path: in two pieces, the first ending with "/".
            for (i, _) in path.match_indices('/') {
                let mut out = String::from("x:");
                let pieces = (&path[..=i], &path[i + 1..]);
                remove_dot_segments_into(pieces, Slashes::All, &mut out);
                assert_eq!(out, format!("x:{printed}"), "{pieces:?}");
            }
        }
    }

    #[test]
    fn a_path_without_dot_segments_comes_out_as_it_went_in() {
        for path in paths() {
            let dotted = path.split('/').any(|s| s == "." || s == "..");
            assert_eq!(has_dot_segment(&path), dotted, "{path:?}");
            // The step-by-step algorithm, which the fast path skips.
            let mut stepped = String::new();
            remove_dot_segments_into((&path, ""), Slashes::OutsideParentheses, &mut stepped);
            assert_eq!(
                remove_dot_segments(&path, Slashes::All),
                stepped,
                "{path:?}"
            );
            if !dotted {
                assert_eq!(stepped, path);
            }
        }
    }
}
