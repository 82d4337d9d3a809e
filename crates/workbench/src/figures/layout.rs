//! Where each file's spans sit once the files are joined (one after the
//! other, each one byte past the last).

use abnf_oracle::{Definition, Element, Span};

pub(crate) fn shifted(span: Span, base: u32) -> Span {
    Span::new(
        span.start.saturating_add(base),
        span.end.saturating_add(base),
    )
}

/// Where the file after one of this text starts: one past its end, so
/// that an offset at the end of a file stays in it.
pub(crate) fn next_base(base: u32, text: &str) -> u32 {
    base.saturating_add(u32::try_from(text.len()).unwrap_or(u32::MAX))
        .saturating_add(1)
}

pub(crate) fn shift_definition(definition: &mut Definition, base: u32) {
    map_spans(definition, &|span| shifted(span, base));
}

/// Every span of a definition, its name's and its elements', as `f` maps it.
pub(crate) fn map_spans(definition: &mut Definition, f: &impl Fn(Span) -> Span) {
    definition.span.0 = f(definition.span.0);
    map_element(&mut definition.body, f);
}

fn map_element(element: &mut Element, f: &impl Fn(Span) -> Span) {
    match element {
        Element::Alt(items) | Element::Concat(items) => {
            for item in items {
                map_element(item, f);
            }
        }
        Element::Repeat { body, span, .. } => {
            span.0 = f(span.0);
            map_element(body, f);
        }
        Element::Optional(body) => map_element(body, f),
        Element::RuleRef { span, .. }
        | Element::NumVal { span, .. }
        | Element::ProseVal { span, .. } => span.0 = f(span.0),
        Element::CharVal(_) => {}
    }
}
