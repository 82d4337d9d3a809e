//! Where a browser reads an input elsewhere (`xiri::whatwg`, issue 43):
//! the findings as `lint`, `find` and `check --browser-safe` print them.

use serde_json::{json, Value};
use xiri::whatwg::Finding;

/// One finding as JSON: its category, part, what each side reads, and the
/// one-line explanation (never a password).
fn finding(f: &Finding) -> Value {
    json!({
        "category": f.category.name(),
        "part": f.part.name(),
        "rfc": f.rfc,
        "browser": f.browser,
        "explanation": f.explanation(),
    })
}

/// The findings of `input` read by RFC 3987 and by a browser.
pub fn findings(input: &str) -> Value {
    Value::Array(
        xiri::whatwg::compare(input)
            .findings()
            .iter()
            .map(finding)
            .collect(),
    )
}

/// `check --browser-safe`: the first finding of `input` as the error
/// object of its refusal, or none.
pub fn refusal(input: &str) -> Option<Value> {
    let both = xiri::whatwg::compare(input);
    let first = both.findings().first()?;
    Some(json!({
        "category": first.category.name(),
        "part": first.part.name(),
        "message": format!("a browser reads it elsewhere: {first}"),
    }))
}
