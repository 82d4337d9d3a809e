//! Definitions that conflict, mended so that the rest of the grammar can
//! be analyzed: a rule defined twice (the same way: a note; differently:
//! an error naming both places), `=/` without a base, names used and
//! defined nowhere, and a draft's prose reference to a rule that an
//! earlier file (an included grammar) defines; and a rule with an
//! alternation or a concatenation too wide for abnf-oracle's check,
//! refused and taken as broken.

use super::joined::Joined;
use super::names::{references, CORE_RULES};
use crate::figures::{place, Diagnostic, Severity};
use abnf_oracle::{DefinedAs, Definition, Element, Span};
use std::collections::{BTreeMap, BTreeSet};

/// A rule a file defines as a prose value that names it (`URI-reference
/// = <URI-reference, see [URI], Section 4.1>`, a draft's reference to
/// another RFC) resolves to the rule an earlier file defines (a built-in
/// grammar given with `-g`, a file given before): the prose definition is
/// dropped, with a note.
pub(crate) fn resolve_prose(joined: &mut Joined, definitions: &mut Vec<Definition>) {
    let earlier: BTreeMap<String, usize> = joined
        .definitions
        .iter()
        .filter(|(_, d)| d.defined_as == DefinedAs::Base)
        .map(|(file, d)| (d.name.key(), *file))
        .collect();
    if earlier.is_empty() {
        return;
    }
    let files = &joined.files;
    let mut notes = Vec::new();
    definitions.retain(|d| {
        let Element::ProseVal { text, .. } = &d.body else {
            return true;
        };
        let named = text
            .split([',', ' ', '\t'])
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case(d.name.as_str()));
        let Some(file) = earlier.get(&d.name.key()).filter(|_| named) else {
            return true;
        };
        let from = files.get(*file).map_or("", |f| f.name.as_str());
        let name = d.name.as_str();
        notes.push(Diagnostic::at(
            Severity::Note,
            "prose-resolved",
            Some(name.to_string()),
            format!("`{name}` is <{text}> here, and {from} defines it: its rule is used"),
            files,
            d.span.0,
        ));
        false
    });
    joined.diagnostics.extend(notes);
}

/// Refuses each rule with an alternation or a concatenation wider than
/// [`xiri_engine::MAX_GROUP_WIDTH`] (its `=/` alternatives counted with
/// its `=`): an error naming the rule, where, the width and the limit;
/// the rule's definitions are dropped and its name is `broken`, as a rule
/// with a syntax error is. abnf-oracle's check costs the square of a
/// node's width (issue 41: 50,000 items, 12 s).
pub(crate) fn refuse_wide(joined: &mut Joined, broken: &mut BTreeMap<String, String>) {
    loop {
        let definitions: Vec<&Definition> = joined.definitions.iter().map(|(_, d)| d).collect();
        let Some(wide) = xiri_engine::too_wide(definitions.iter().copied()) else {
            return;
        };
        let key = wide.rule.to_ascii_lowercase();
        joined.diagnostics.push(Diagnostic::at(
            Severity::Error,
            "too-wide",
            Some(wide.rule.clone()),
            wide.message(),
            &joined.files,
            wide.span,
        ));
        joined.definitions.retain(|(_, d)| d.name.key() != key);
        broken.insert(key, wide.rule);
    }
}

/// Finds duplicates, orphan increments and undefined names, and drops
/// the definitions abnf-oracle would refuse.
pub(crate) fn mend(joined: &mut Joined, broken: &BTreeMap<String, String>) {
    let mut based: BTreeSet<String> = BTreeSet::new();
    // Each rule's `=`: where, and its body.
    let mut first_at: BTreeMap<String, (Span, Element)> = BTreeMap::new();
    let mut kept = Vec::new();
    for (file, definition) in std::mem::take(&mut joined.definitions) {
        let key = definition.name.key();
        let name = definition.name.as_str().to_string();
        match definition.defined_as {
            DefinedAs::Base if based.contains(&key) => {
                let first = first_at.get(&key);
                let place = first.map(|(s, _)| place(&joined.files, *s));
                // Spans are no part of an element's equality: the same
                // body is the same meaning, as a draft that repeats its
                // rules in a collected appendix has it.
                if first.is_some_and(|(_, body)| *body == definition.body) {
                    let place = place.unwrap_or_default();
                    joined.diagnostics.push(Diagnostic::at(
                        Severity::Note,
                        "defined-again",
                        Some(name.clone()),
                        format!("`{name}` is defined again, the same as at {place}"),
                        &joined.files,
                        definition.span.0,
                    ));
                    continue;
                }
                let message = match place {
                    Some(first) => format!(
                        "`{name}` is defined twice with `=`, differently (first at {first}); use `=/` to add alternatives"
                    ),
                    None => format!("`{name}` is defined twice with `=`"),
                };
                joined.duplicated.insert(key);
                joined.diagnostics.push(Diagnostic::at(
                    Severity::Error,
                    "duplicate",
                    Some(name),
                    message,
                    &joined.files,
                    definition.span.0,
                ));
            }
            DefinedAs::Incremental if !based.contains(&key) => {
                joined.diagnostics.push(Diagnostic::at(
                    Severity::Error,
                    "incremental-without-base",
                    Some(name.clone()),
                    format!("`{name} =/ ...` has no `{name} = ...` before it"),
                    &joined.files,
                    definition.span.0,
                ));
            }
            DefinedAs::Base => {
                based.insert(key.clone());
                first_at.insert(key, (definition.span.0, definition.body.clone()));
                kept.push((file, definition));
            }
            DefinedAs::Incremental => kept.push((file, definition)),
        }
    }
    joined.definitions = kept;
    let mut reported = BTreeSet::new();
    let mut diagnostics = Vec::new();
    for (_, definition) in &joined.definitions {
        references(&definition.body, &mut |name, span| {
            let key = name.to_ascii_lowercase();
            if based.contains(&key)
                || broken.contains_key(&key)
                || CORE_RULES.iter().any(|c| c.eq_ignore_ascii_case(&key))
            {
                return;
            }
            joined.undefined.insert(name.to_string());
            if reported.insert((key, span.start)) {
                diagnostics.push(Diagnostic::at(
                    Severity::Error,
                    "undefined",
                    Some(name.to_string()),
                    format!(
                        "`{name}` is used here and defined nowhere (used in `{}`)",
                        definition.name.as_str()
                    ),
                    &joined.files,
                    span,
                ));
            }
        });
    }
    // One undefined name spelled two ways would be defined twice.
    let mut seen = BTreeSet::new();
    joined
        .undefined
        .retain(|n| seen.insert(n.to_ascii_lowercase()));
    joined.diagnostics.extend(diagnostics);
}
