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
    definition.span.0 = shifted(definition.span.0, base);
    shift_element(&mut definition.body, base);
}

fn shift_element(element: &mut Element, base: u32) {
    match element {
        Element::Alt(items) | Element::Concat(items) => {
            for item in items {
                shift_element(item, base);
            }
        }
        Element::Repeat { body, span, .. } => {
            span.0 = shifted(span.0, base);
            shift_element(body, base);
        }
        Element::Optional(body) => shift_element(body, base),
        Element::RuleRef { span, .. }
        | Element::NumVal { span, .. }
        | Element::ProseVal { span, .. } => span.0 = shifted(span.0, base),
        Element::CharVal(_) => {}
    }
}
