//! xml2rfc v2 and v3: the text of `<sourcecode>` and `<artwork>`, its
//! character data (CDATA sections kept as they are, entities decoded,
//! each byte remembering where it was). A figure whose `type` starts with
//! `abnf` is ABNF; an untyped one is when its lines are ABNF's
//! ([`FigureChoice`]); any other type (`sdp`, `http-message`) is not.

use super::choice::{FigureChoice, Mark, Skipped};
use super::figure::{Figure, RawLine};
use super::lines::{Columns, Lines};

const ELEMENTS: [&str; 2] = ["sourcecode", "artwork"];

pub(super) fn figures(text: &str, choice: FigureChoice) -> (Vec<Figure>, Vec<Skipped>) {
    let lines = Lines::new(text);
    let mut figures = Vec::new();
    let mut skipped = Vec::new();
    let mut at = 0;
    while let Some(found) = text.get(at..).and_then(|t| t.find('<')) {
        let start = at + found;
        let rest = text.get(start..).unwrap_or_default();
        if rest.starts_with("<!--") {
            at = rest.find("-->").map_or(text.len(), |e| start + e + 3);
            continue;
        }
        let Some(element) = ELEMENTS.iter().find(|e| {
            rest.get(1..).is_some_and(|r| {
                r.starts_with(**e)
                    && r.get(e.len()..)
                        .is_some_and(|a| a.starts_with([' ', '\t', '\r', '\n', '>', '/']))
            })
        }) else {
            at = start + 1;
            continue;
        };
        let Some(tag_end) = tag_end(text, start) else {
            break;
        };
        let tag = text.get(start..tag_end).unwrap_or_default();
        at = tag_end;
        if tag.ends_with("/>") {
            continue;
        }
        let close = format!("</{element}>");
        let Some(end) = text.get(tag_end..).and_then(|t| t.find(&close)) else {
            break;
        };
        let content_end = tag_end + end;
        at = content_end + close.len();
        let kind = attribute(tag, "type").unwrap_or_default();
        let mark = match kind {
            "" => Mark::None,
            k if k.get(..4).is_some_and(|k| k.eq_ignore_ascii_case("abnf")) => Mark::Abnf,
            k => Mark::Other(k),
        };
        let Some(figure) = figure(text, &lines, tag_end, content_end) else {
            continue;
        };
        match choice.take(mark, figure.text()) {
            Ok(()) => figures.push(figure),
            Err(why) => skipped.push(figure.skipped(why)),
        }
    }
    (figures, skipped)
}

/// Where the tag that starts at `start` ends (past its `>`), quotes minded.
fn tag_end(text: &str, start: usize) -> Option<usize> {
    let mut quote = None;
    for (i, b) in text.as_bytes().get(start..)?.iter().enumerate() {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(*b),
            (Some(q), _) if q == *b => quote = None,
            (None, b'>') => return Some(start + i + 1),
            _ => {}
        }
    }
    None
}

/// An attribute's value in a start tag.
fn attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let mut rest = tag;
    while let Some(i) = rest.find(name) {
        let before = rest.get(..i).and_then(|b| b.chars().last());
        let after = rest.get(i + name.len()..)?.trim_start();
        if before.is_some_and(char::is_whitespace) {
            if let Some(value) = after.strip_prefix('=') {
                let value = value.trim_start();
                let q = value.chars().next()?;
                let inner = value.get(1..)?;
                return inner.get(..inner.find(q)?);
            }
        }
        rest = rest.get(i + name.len()..)?;
    }
    None
}

/// The figure of the character data between `from` and `to`: decoded,
/// split into lines, blank lines at either end left out.
fn figure(text: &str, lines: &Lines, from: usize, to: usize) -> Option<Figure> {
    let (decoded, map) = decode(text.get(from..to)?, from);
    let mut body: Vec<RawLine> = Vec::new();
    let mut start = 0;
    for piece in decoded.split_inclusive('\n') {
        let content = piece.trim_end_matches(['\n', '\r']);
        let first = map.get(start).copied().unwrap_or(from);
        let line = lines.line_of(first);
        let line_start = lines.start(line).unwrap_or(0);
        let columns: Vec<usize> = map
            .get(start..start + content.len())
            .unwrap_or_default()
            .iter()
            .map(|&b| b.saturating_sub(line_start))
            .collect();
        body.push((line, content.to_string(), Columns::Map(columns)));
        start += piece.len();
    }
    while body.first().is_some_and(|(_, l, _)| l.trim().is_empty()) {
        body.remove(0);
    }
    while body.last().is_some_and(|(_, l, _)| l.trim().is_empty()) {
        body.pop();
    }
    if body.is_empty() {
        return None;
    }
    Some(Figure::dedented(body))
}

/// Character data: CDATA as it is, the five entities and character
/// references decoded, other markup left out; each byte of the result
/// with the offset (in the whole text) it came from.
fn decode(content: &str, base: usize) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(content.len());
    let mut map = Vec::with_capacity(content.len());
    let mut i = 0;
    let push = |out: &mut String, map: &mut Vec<usize>, c: char, at: usize| {
        out.push(c);
        map.extend(std::iter::repeat_n(at, c.len_utf8()));
    };
    while let Some(rest) = content.get(i..) {
        let Some(c) = rest.chars().next() else { break };
        if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
            let inner = cdata
                .get(..cdata.find("]]>").unwrap_or(cdata.len()))
                .unwrap_or_default();
            for (j, c) in inner.char_indices() {
                push(&mut out, &mut map, c, base + i + 9 + j);
            }
            i += 9 + inner.len() + 3;
        } else if c == '<' {
            i += rest.find('>').map_or(rest.len(), |e| e + 1);
        } else if c == '&' {
            let entity = rest.get(1..).and_then(|r| r.get(..r.find(';')?));
            let decoded = entity.and_then(|e| match e {
                "lt" => Some('<'),
                "gt" => Some('>'),
                "amp" => Some('&'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => e
                    .strip_prefix("#x")
                    .map(|h| u32::from_str_radix(h, 16))
                    .or_else(|| e.strip_prefix('#').map(str::parse))
                    .and_then(Result::ok)
                    .and_then(char::from_u32),
            });
            match (decoded, entity) {
                (Some(d), Some(e)) => {
                    push(&mut out, &mut map, d, base + i);
                    i += e.len() + 2;
                }
                _ => {
                    push(&mut out, &mut map, c, base + i);
                    i += 1;
                }
            }
        } else {
            push(&mut out, &mut map, c, base + i);
            i += c.len_utf8();
        }
    }
    (out, map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_and_untyped_figures_and_examples() {
        let text = "<rfc>\n<!-- <artwork type=\"abnf\">x = y</artwork> -->\n<figure><artwork type=\"abnf\">\n  a = &lt;b&gt; / %x41\n</artwork></figure>\n<sourcecode type=\"http-message\">GET / HTTP/1.1</sourcecode>\n<artwork>\nnot ABNF\n</artwork>\n<sourcecode type='ABNF'><![CDATA[b = \"<\"]]></sourcecode>\n</rfc>\n";
        let (figures, skipped) = figures(text, FigureChoice::Auto);
        let texts: Vec<&str> = figures.iter().map(Figure::text).collect();
        assert_eq!(texts, ["a = <b> / %x41\n", "b = \"<\"\n"]);
        let whys: Vec<(usize, &str)> = skipped.iter().map(|s| (s.line, s.why.as_str())).collect();
        assert_eq!(
            whys,
            [
                (6, "marked as `http-message`, not ABNF"),
                (8, "0 of its 1 lines start or continue a rule")
            ]
        );
        // `/` of the first figure: byte 16 of the original line 4.
        let origin = &figures[0].origins()[0];
        assert_eq!((origin.line, origin.byte(8)), (3, 16));
        assert_eq!(figures[1].origins()[0].byte(0), 33);
    }

    #[test]
    fn attributes() {
        assert_eq!(
            attribute("<artwork name=\"x\" type='abnf'>", "type"),
            Some("abnf")
        );
        assert_eq!(attribute("<artwork subtype=\"abnf\">", "type"), None);
    }
}
