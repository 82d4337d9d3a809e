//! An RFC or Internet-Draft as text. Page breaks go first (the footer
//! with `[Page N]`, the form feed, the next page's header, and the blank
//! lines around them), so that a figure split over two pages is one
//! again. The rest is read paragraph by paragraph (runs of non-blank
//! lines): a paragraph is ABNF when it starts with a rule (`name =`) and
//! every line of it starts a rule at that indentation, continues one
//! (indented more) or is a comment. A display (paragraphs indented more
//! than the prose around them, one after the other) is a figure, taken
//! when its lines are ABNF's ([`judge`](super::choice::judge)):
//! pseudocode that begins with `result = ""`, an SDP body (`v=0`) and
//! examples (`GET / HTTP/1.1`, `"g" = "http://a/b/c/g"`) are left out,
//! each named with why ([`Skipped`]).

use super::choice::{judge, FigureChoice, Skipped};
use super::figure::Figure;
use super::lines::{Columns, Lines, Origin};
use super::shape::rule_start;

/// Whether the first lines look like an RFC's or a draft's first page.
pub(super) fn looks_like_rfc(lines: &[&str]) -> bool {
    lines.iter().take(40).any(|l| {
        [
            "Network Working Group",
            "Internet Engineering Task Force",
            "Request for Comments:",
            "Internet-Draft",
            "INTERNET-DRAFT",
            "Intended status:",
        ]
        .iter()
        .any(|m| l.starts_with(m))
    }) || lines.iter().any(|l| is_footer(l))
}

/// Whether the text is a document rather than a grammar: of the lines
/// that start in column 1 (a rule's start in a grammar, a paragraph's in
/// a document as text), at least twenty, and three times as many as the
/// rule starts, are neither rules nor comments.
pub(super) fn mostly_prose(lines: &[&str]) -> bool {
    let (mut rules, mut prose) = (0usize, 0usize);
    for line in lines {
        if rule_start(line).is_some() {
            rules += 1;
        } else if line.starts_with(|c: char| !c.is_whitespace() && c != ';') {
            prose += 1;
        }
    }
    prose >= 20 && prose > 3 * rules
}

/// `Author, et al.     Standards Track     [Page 12]`.
fn is_footer(line: &str) -> bool {
    let line = line.trim_end();
    line.ends_with(']')
        && line.rfind("[Page ").is_some_and(|i| {
            line.get(i + 6..line.len() - 1)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        && line.len() > 20
}

/// `RFC 3986     URI Generic Syntax     January 2005`, or a draft's.
fn is_header(line: &str) -> bool {
    let line = line.trim_start_matches('\u{c}');
    ["RFC ", "Internet-Draft", "INTERNET-DRAFT", "Internet Draft"]
        .iter()
        .any(|m| line.starts_with(m))
}

/// The lines that stay, each with whether a page break comes before it.
fn without_pages(all: &[&str]) -> Vec<(usize, bool)> {
    let mut dropped = vec![false; all.len()];
    let mut breaks = vec![false; all.len()];
    let blank = |i: usize| all.get(i).is_none_or(|l| l.trim().is_empty());
    for (i, line) in all.iter().enumerate() {
        let feed = line.contains('\u{c}');
        if !feed && !is_footer(line) {
            continue;
        }
        // Back over the footer and the blank lines before it.
        let mut start = i;
        if feed {
            let mut j = i;
            while j > 0 && blank(j - 1) {
                j -= 1;
            }
            if j > 0 && all.get(j - 1).is_some_and(|l| is_footer(l)) {
                start = j - 1;
            }
        }
        while start > 0 && blank(start - 1) {
            start -= 1;
        }
        // On over the form feed, the next header and the blank lines.
        let mut end = i + 1;
        while end < all.len() && (blank(end) || all.get(end).is_some_and(|l| l.contains('\u{c}'))) {
            end += 1;
        }
        if all.get(end).is_some_and(|l| is_header(l))
            || line.trim_start_matches('\u{c}').starts_with("RFC ")
        {
            if all.get(end).is_some_and(|l| is_header(l)) {
                end += 1;
            }
            while end < all.len() && blank(end) {
                end += 1;
            }
        } else if !feed {
            // A footer with no page after it: the document's end.
            end = i + 1;
        }
        for d in dropped.iter_mut().take(end).skip(start) {
            *d = true;
        }
        if let Some(b) = breaks.get_mut(end) {
            *b = true;
        }
    }
    (0..all.len())
        .filter(|&i| !dropped.get(i).copied().unwrap_or(false))
        .map(|i| (i, breaks.get(i).copied().unwrap_or(false)))
        .collect()
}

/// A paragraph: its lines (indices into the original lines).
struct Paragraph {
    lines: Vec<usize>,
    after_break: bool,
}

fn indentation(line: &str) -> usize {
    line.bytes().take_while(|&b| b == b' ').count()
}

/// Whether the paragraph is ABNF: a rule first, and after it only rules
/// at its indentation, lines indented more and comments.
fn is_abnf(lines: &[&str]) -> bool {
    let Some(first) = lines.first().and_then(|l| rule_start(l)) else {
        return false;
    };
    lines.iter().skip(1).all(|l| continues(l, first.indent))
}

fn continues(line: &str, indent: usize) -> bool {
    let own = indentation(line);
    line.trim_start().starts_with(';')
        || own > indent
        || (own == indent && rule_start(line).is_some())
}

pub(super) fn figures(text: &str, choice: FigureChoice) -> (Vec<Figure>, Vec<Skipped>) {
    let lines = Lines::new(text);
    let all = lines.all(text);
    let line = |i: usize| all.get(i).copied().unwrap_or_default();
    let kept = without_pages(&all);
    // Paragraphs, a page break ending one.
    let mut paragraphs: Vec<Paragraph> = Vec::new();
    let mut current: Option<Paragraph> = None;
    for &(i, after_break) in &kept {
        let blank = line(i).trim().is_empty();
        if blank || after_break {
            paragraphs.extend(current.take());
        }
        if !blank {
            current
                .get_or_insert_with(|| Paragraph {
                    lines: Vec::new(),
                    after_break,
                })
                .lines
                .push(i);
        }
    }
    paragraphs.extend(current.take());
    // A rule that goes on over a page break is one paragraph again.
    let mut merged: Vec<Paragraph> = Vec::new();
    for p in paragraphs {
        if let Some(last) = merged.last_mut() {
            let texts: Vec<&str> = last.lines.iter().map(|&i| line(i)).collect();
            let indent = texts.first().map_or(0, |l| indentation(l));
            let first = p.lines.first().map_or("", |&i| line(i));
            if p.after_break
                && is_abnf(&texts)
                && rule_start(first).is_none()
                && continues(first, indent)
            {
                last.lines.extend(p.lines);
                continue;
            }
        }
        merged.push(p);
    }
    // The prose's indentation: the most common one of long lines outside ABNF.
    let outside: Vec<&str> = merged
        .iter()
        .map(|p| p.lines.iter().map(|&i| line(i)).collect::<Vec<&str>>())
        .filter(|texts| !is_abnf(texts))
        .flatten()
        .collect();
    // Prose fills its lines; code and examples seldom do (a text without
    // a long line has its short ones counted).
    let long = outside.iter().any(|l| l.len() >= 50);
    let mut counts = std::collections::BTreeMap::new();
    for l in outside.iter().filter(|l| !long || l.len() >= 50) {
        *counts.entry(indentation(l)).or_insert(0usize) += 1;
    }
    let prose = counts
        .iter()
        .max_by_key(|(indent, n)| (**n, **indent))
        .map_or(0, |(indent, _)| *indent);
    // Displays: paragraphs indented more than the prose, one after the
    // other, each a figure; a paragraph at the prose's indentation is
    // taken when it is ABNF, and is prose otherwise.
    let mut figures = Vec::new();
    let mut skipped = Vec::new();
    let mut flush = |group: &mut Vec<&Paragraph>, display: bool| {
        let made: Vec<Figure> = group
            .iter()
            .map(|p| {
                let indent = p.lines.first().map_or(0, |&i| indentation(line(i)));
                let body = p
                    .lines
                    .iter()
                    .map(|&i| (i, line(i).to_string(), Columns::Shift(0)))
                    .collect();
                Figure::from_lines(body, indent)
            })
            .collect();
        let text: Vec<&str> = made.iter().map(Figure::text).collect();
        let text = text.join("\n");
        let verdict = match display {
            true => choice.take_text(&text),
            false => judge(&text),
        };
        match (verdict, group.first().and_then(|p| p.lines.first())) {
            (Ok(()), _) => figures.extend(made),
            (Err(why), Some(&first)) if display => skipped.push(Skipped {
                line: first + 1,
                first: line(first).trim().to_string(),
                why,
            }),
            _ => {}
        }
        group.clear();
    };
    let mut group: Vec<&Paragraph> = Vec::new();
    let mut group_indent = 0;
    for p in &merged {
        let first = p.lines.first().map_or("", |&i| line(i));
        let indent = indentation(first);
        // A paragraph indented as the display's first, or more without
        // starting a rule, goes on with it; another indentation (a
        // definition list after a rule) starts a figure of its own.
        let goes_on =
            indent == group_indent || (indent > group_indent && rule_start(first).is_none());
        if !group.is_empty() && (indent <= prose || !goes_on) {
            flush(&mut group, true);
        }
        if indent <= prose {
            group.push(p);
            flush(&mut group, false);
        } else {
            if group.is_empty() {
                group_indent = indent;
            }
            group.push(p);
        }
    }
    if !group.is_empty() {
        flush(&mut group, true);
    }
    (join_adjacent(figures), skipped)
}

/// Paragraphs of one display that follow each other are one figure, a
/// blank line between them.
fn join_adjacent(figures: Vec<Figure>) -> Vec<Figure> {
    let mut out: Vec<Figure> = Vec::new();
    for f in figures {
        if let Some(last) = out.last_mut() {
            let last_line = last.origins.last().map_or(0, |o| o.line);
            let gap = f
                .origins
                .first()
                .map_or(usize::MAX, |o| o.line.saturating_sub(last_line));
            if gap <= 3 {
                last.text.push('\n');
                last.origins.push(Origin {
                    line: last_line + 1,
                    columns: Columns::Shift(0),
                });
                last.text.push_str(&f.text);
                last.origins.extend(f.origins);
                continue;
            }
        }
        out.push(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGES: &str = "RFC 9999          Test          May 2026\n\n   Prose, a line as long as prose lines are, or longer than that.\n   And prose.\n\n      a = b\n        / c\n\n\n\nAuthor            Standards Track            [Page 1]\n\u{c}\nRFC 9999          Test          May 2026\n\n\n        / d\n      b = \"x\"\n\n   More prose.\n\n      result = \"\"\n\n      if defined(x) then\n\n      \"g\" = \"http://a/b/c/g\"\n";

    #[test]
    fn a_figure_over_a_page_break_is_one_and_pseudocode_is_none() {
        let (figures, skipped) = figures(PAGES, FigureChoice::Auto);
        let firsts: Vec<&str> = skipped.iter().map(|s| s.first.as_str()).collect();
        assert_eq!(firsts, ["result = \"\""]);
        assert_eq!(skipped[0].why, "1 of its 3 lines start or continue a rule");
        let texts: Vec<&str> = figures.iter().map(Figure::text).collect();
        assert_eq!(texts, ["a = b\n  / c\n  / d\nb = \"x\"\n"]);
        let lines: Vec<usize> = figures[0].origins().iter().map(|o| o.line + 1).collect();
        assert_eq!(lines, [6, 7, 16, 17]);
    }

    #[test]
    fn footers_and_headers() {
        assert!(is_footer(
            "Berners-Lee, et al.         Standards Track                     [Page 1]"
        ));
        assert!(!is_footer("see [Page 1]"));
        assert!(is_header(
            "\u{c}RFC 3986                   URI Generic Syntax               January 2005"
        ));
    }
}
