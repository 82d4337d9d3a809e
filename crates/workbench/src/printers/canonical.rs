//! Canonical ABNF: every rule of a loaded grammar in one normal form, as
//! a collected-ABNF appendix prints it. A rule's `=/` alternatives are
//! folded into it, RFC 9110's lists are expanded, groups are kept only
//! where they change the parse, numeric values are `%x`, comments go;
//! each rule is folded to 72 columns at spaces between elements, the
//! lines after its first indented one space. What is printed loads back
//! to the same grammar.

use crate::rules::LoadedGrammar;
use abnf_oracle::Element;

/// The width a line is folded to.
pub const CANONICAL_WIDTH: usize = 72;

/// In what order [`canonical`] prints the rules.
///
/// ```
/// assert_ne!(xiri_workbench::Order::Defined, xiri_workbench::Order::Alphabetical);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// As the grammar defines them.
    Defined,
    /// By name, case aside, as RFCs' collected ABNF appendices print them.
    Alphabetical,
}

/// The grammar's rules in canonical form (see the module), core rules
/// and the names it uses and defines nowhere left out.
///
/// ```
/// use xiri_workbench::{canonical, AbnfFile, LoadedGrammar, Order};
/// let text = "b = 1#c ; a list\nc = ( \"x\" )\nb =/ %d48\nOWS = *SP\n";
/// let g = LoadedGrammar::load(&[AbnfFile::new("g", text)]).unwrap();
/// assert_eq!(
///     canonical(&g, Order::Alphabetical),
///     "b = c *(OWS \",\" OWS c) / %x30\nc = \"x\"\nOWS = *SP\n"
/// );
/// ```
pub fn canonical(grammar: &LoadedGrammar, order: Order) -> String {
    let mut names: Vec<&str> = grammar.rules().collect();
    if order == Order::Alphabetical {
        names.sort_by_key(|n| n.to_ascii_lowercase());
    }
    let mut out = String::new();
    for name in names {
        let bodies: Vec<Element> = grammar.bodies_of(name).into_iter().cloned().collect();
        let body = match <[Element; 1]>::try_from(bodies) {
            Ok([one]) => one,
            Err(many) => Element::Alt(many),
        };
        fold(&format!("{name} = {body}"), &mut out);
    }
    out
}

/// Writes `line` folded to [`CANONICAL_WIDTH`] columns at spaces outside
/// quoted strings and prose values.
fn fold(line: &str, out: &mut String) {
    let mut width = 0;
    for (i, word) in words(line).into_iter().enumerate() {
        if i > 0 && width + 1 + word.len() > CANONICAL_WIDTH {
            out.push_str("\n ");
            width = 1;
        } else if i > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
}

/// The line's words: split at spaces that are not in a quoted string or
/// a prose value.
fn words(line: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let mut prose = false;
    for (i, b) in line.bytes().enumerate() {
        match b {
            b'"' if !prose => quoted = !quoted,
            b'<' if !quoted => prose = true,
            b'>' if prose => prose = false,
            b' ' if !quoted && !prose => {
                if let Some(w) = line.get(start..i).filter(|w| !w.is_empty()) {
                    words.push(w);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    if let Some(w) = line.get(start..).filter(|w| !w.is_empty()) {
        words.push(w);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_rules_fold_at_72_columns_outside_strings() {
        let mut out = String::new();
        let line = format!("r = {}\" a b \" <c d>", "x ".repeat(40));
        fold(&line, &mut out);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.iter().all(|l| l.len() <= CANONICAL_WIDTH), "{out}");
        assert_eq!(lines.len(), 2);
        assert!(
            lines[1].starts_with(' ') && lines[1].ends_with("x \" a b \" <c d>"),
            "{out}"
        );
    }
}
