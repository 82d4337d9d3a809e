//! RFC 9110's `OWS` for a grammar that writes lists (`#`) and defines no
//! `OWS` of its own (issue 46): a list's expansion refers to `OWS`
//! (section 5.6.1), and an author writing `#` means RFC 9110's, `OWS =
//! *( SP / HTAB )` (section 5.6.3). It is taken with a note, placed at
//! the grammar's first list; a grammar's own `OWS`, in any of its files,
//! wins.

use super::diagnostic::{Diagnostic, Severity};
use super::layout::map_spans;
use super::read::FileRules;

/// RFC 9110 section 5.6.3's.
const OWS: &str = "OWS = *( SP / HTAB )";

/// Adds RFC 9110's `OWS` to the first file with a list, when no file
/// defines one.
pub(super) fn supply(all: &mut [FileRules]) {
    let is_ows = |name: &str| name.eq_ignore_ascii_case("OWS");
    let defined = all.iter().any(|f| {
        f.definitions.iter().any(|d| is_ows(d.name.as_str())) || f.broken.iter().any(|b| is_ows(b))
    });
    let Some((file, span)) = all
        .iter_mut()
        .find_map(|f| f.list.map(|span| (f, span)))
        .filter(|_| !defined)
    else {
        return;
    };
    let Ok(grammar) = abnf_oracle::Grammar::parse(&format!("{OWS}\n")) else {
        return;
    };
    for mut definition in grammar.into_definitions() {
        map_spans(&mut definition, &|_| span);
        file.definitions.push(definition);
    }
    let message = format!(
        "the lists (`#`) use `OWS`, which the grammar does not define: RFC 9110's is taken, {OWS} (section 5.6.3)"
    );
    let note = Diagnostic::at(
        Severity::Note,
        "rfc9110-ows",
        Some("OWS".to_string()),
        message,
        std::slice::from_ref(&file.read),
        span,
    );
    file.diagnostics.push(note);
}

#[cfg(test)]
mod tests {
    use crate::{AbnfFile, LoadedGrammar};

    #[test]
    fn a_list_without_ows_takes_rfc_9110s_and_a_grammars_own_wins() {
        let list = AbnfFile::new("l", "list = 1#item\nitem = 1*ALPHA\n");
        let g = LoadedGrammar::load(std::slice::from_ref(&list)).unwrap();
        let d = g.decider("list").unwrap();
        assert!(d.decide("a,\tb , c").unwrap().accepted);
        let notes: Vec<String> = g.diagnostics().iter().map(ToString::to_string).collect();
        assert!(
            notes[0].starts_with("l:1:9: note: the lists (`#`) use `OWS`"),
            "{notes:?}"
        );
        assert_eq!(g.location_of("OWS").unwrap().line, 1);
        // The grammar's own, in a later file: no space at all.
        let own = AbnfFile::new("o", "OWS = \"\"\n");
        let g = LoadedGrammar::load(&[list, own]).unwrap();
        let d = g.decider("list").unwrap();
        assert!(d.decide("a,b").unwrap().accepted);
        assert!(!d.decide("a, b").unwrap().accepted);
        assert!(g.diagnostics().iter().all(|d| d.kind != "rfc9110-ows"));
    }
}
