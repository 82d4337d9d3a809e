//! An [`Automaton`] as Rust source, for `build.rs` to compile the built-in
//! rules into the library.

use crate::engine::automaton::Automaton;
use std::fmt::Debug;

/// A Rust expression of type `Automaton` whose tables are borrowed
/// statics: what `build.rs` writes for each built-in rule.
///
/// ```
/// let a = xiri::engine::compile("a = \"x\"\n", "a", &Default::default()).unwrap();
/// assert!(xiri::engine::to_rust(&a).starts_with("Automaton {"));
/// ```
pub fn to_rust(a: &Automaton) -> String {
    fn slice<T: Debug>(items: &[T]) -> String {
        format!("Cow::Borrowed(&{items:?})")
    }
    let names: Vec<String> = a
        .names
        .iter()
        .map(|n| format!("Cow::Borrowed({:?})", n.as_ref()))
        .collect();
    format!(
        "Automaton {{ rule: Cow::Borrowed({:?}), byte_class: {}, stride: {}, premultiplied: {}, trans: {}, lead: {}, trie: {}, start: {}, accelerated: {}, skips: {}, accept: {}, expect_at: {}, expect: {}, names: Cow::Borrowed(&[{}]), open: {}, close: {}, call: {}, ret_mask: {}, returns_at: {}, returns: {}, max_depth: {} }}",
        a.rule.as_ref(),
        slice(&a.byte_class),
        a.stride,
        a.premultiplied,
        slice(&a.trans),
        slice(&a.lead),
        slice(&a.trie),
        a.start,
        a.accelerated,
        slice(&a.skips),
        slice(&a.accept),
        slice(&a.expect_at),
        slice(&a.expect),
        names.join(", "),
        a.open,
        a.close,
        slice(&a.call),
        slice(&a.ret_mask),
        slice(&a.returns_at),
        slice(&a.returns),
        a.max_depth,
    )
}
