//! Running the reference automaton: the offsets of a reference's parts
//! (Appendix B's split), its spans, and pest's for the differential tests.

use crate::syntax::bounds::Bounds;
use crate::syntax::components::Spans;
use crate::syntax::error::{ErrorKind, ParseError};
use crate::syntax::grammar::Grammar;
use xiri_engine::marks::Marks;

/// Parses `input` with `grammar`'s reference rule (with RFC 6874's zone
/// identifiers when `zone_id`); with `absolute`, a
/// reference without a scheme is refused with [`ErrorKind::NotAbsolute`].
#[inline]
pub(crate) fn parse_bounds(
    grammar: Grammar,
    zone_id: bool,
    input: &str,
    absolute: bool,
) -> Result<Bounds, ParseError> {
    let mut marks = Marks::default();
    let checked = if zone_id {
        crate::syntax::zone::check_reference(grammar, zone_id, input).map(|m| marks = m)
    } else {
        crate::syntax::builtin::check_reference_into(grammar, input, &mut marks)
    };
    if let Err(mut e) = checked {
        if absolute {
            e.rule = grammar.absolute().name();
        }
        return Err(e);
    }
    let bounds = crate::syntax::split::from_marks(grammar, input, marks);
    if absolute && !bounds.has_scheme() {
        // The scheme that is missing would have started the input.
        let absolute = grammar.absolute();
        return Err(absolute.error(input, ErrorKind::NotAbsolute, 0, vec!["scheme".into()]));
    }
    Ok(bounds)
}

/// [`parse_bounds`], every component's span.
pub(crate) fn parse_spans(
    grammar: Grammar,
    zone_id: bool,
    input: &str,
    absolute: bool,
) -> Result<Spans, ParseError> {
    parse_bounds(grammar, zone_id, input, absolute).map(|b| b.spans(input.len()))
}

/// `grammar`'s reference rule, with RFC 6874's zone identifiers when
/// `zone_id`, recording Appendix B's split: the automaton [`parse_spans`]
/// runs (without zones if the zoned one did not compile, as there).
/// `None` only if XRI's did not compile (the tests compile every one).
pub(crate) fn automaton(
    grammar: Grammar,
    zone_id: bool,
) -> Option<&'static crate::engine::Automaton> {
    if zone_id {
        crate::syntax::zone::reference(grammar)
            .or_else(|| crate::syntax::builtin::reference(grammar))
    } else {
        crate::syntax::builtin::reference(grammar)
    }
}

/// The marks of Appendix B's split if `grammar`'s reference rule (with
/// RFC 6874's zone identifiers when `zone_id`) accepts `input`, `None` on
/// refusal: the first stage decides first (the unzoned rule's), the table
/// walk the rest. No error is built (an error copies its input), so a
/// refusal costs only the automaton's run to where it stops.
#[inline]
fn try_marks(grammar: Grammar, zone_id: bool, input: &str) -> Option<Marks> {
    if !zone_id {
        if let Some(marks) = crate::syntax::builtin::staged(grammar, input) {
            return Some(marks);
        }
    }
    match automaton(grammar, zone_id) {
        Some(automaton) => automaton.split_of(input),
        None => crate::syntax::zone::check_reference(grammar, zone_id, input).ok(),
    }
}

/// Whether `grammar`'s reference rule (zoned when `zone_id`) accepts
/// `input`, and, with `absolute`, the input has a scheme: what
/// [`parse_bounds`] decides, without a value or an error.
#[inline]
pub(crate) fn is_valid(grammar: Grammar, zone_id: bool, input: &str, absolute: bool) -> bool {
    match try_marks(grammar, zone_id, input) {
        Some(marks) if absolute => {
            crate::syntax::split::from_marks(grammar, input, marks).has_scheme()
        }
        Some(_) => true,
        None => false,
    }
}

/// [`parse_spans`] of a reference, `None` on refusal ([`try_marks`]).
pub(crate) fn try_spans(grammar: Grammar, zone_id: bool, input: &str) -> Option<Spans> {
    let marks = try_marks(grammar, zone_id, input)?;
    Some(crate::syntax::split::from_marks(grammar, input, marks).spans(input.len()))
}

/// The engine's spans against pest's alone, for `crate::fast_path_check`.
#[cfg(feature = "internals")]
pub(crate) fn fast_path_check(grammar: Grammar, input: &str) -> Result<bool, String> {
    let engine = parse_spans(grammar, false, input, false).ok();
    let pest = pest_spans(grammar, input, false).ok();
    if engine == pest {
        Ok(engine.is_some())
    } else {
        Err(format!(
            "{grammar} {input:?}: the engine gives {engine:?}, pest gives {pest:?}"
        ))
    }
}

/// [`parse_spans`] on the pest grammar alone, which the differential tests
/// hold the engine to.
#[cfg(feature = "internals")]
pub(crate) fn pest_spans(
    grammar: Grammar,
    input: &str,
    absolute: bool,
) -> Result<Spans, ParseError> {
    let rule = grammar.reference();
    let nodes = rule.pest_components(input).map_err(|mut e| {
        if absolute {
            e.rule = grammar.absolute().name();
        }
        e
    })?;
    let Some(top) = nodes.first() else {
        return Err(rule.error(input, ErrorKind::Syntax, 0, vec![rule.name().into()]));
    };
    let spans = crate::syntax::components::spans(top);
    if absolute && spans.scheme.is_none() {
        let absolute = grammar.absolute();
        // The scheme that is missing would have started the input.
        return Err(absolute.error(input, ErrorKind::NotAbsolute, 0, vec!["scheme".into()]));
    }
    Ok(spans)
}
