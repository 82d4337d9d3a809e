//! The scan's work is linear: the bytes it looks at, counted, grow by ten
//! when the text does (no timing), on texts made to defeat it.

use super::scan::Scan;
use super::Options;
use crate::syntax::grammar::Grammar;

/// The steps of a whole scan of `text`, and how many candidates it gave.
fn steps(text: &str, grammar: Grammar) -> (usize, usize) {
    fn run<S: crate::GenericSyntax>(text: &str, grammar: Grammar) -> (usize, usize) {
        let mut scan = Scan::new(text, Options::default().with_www(true), grammar, false);
        let mut hits = 0;
        while scan.next_hit::<S>().is_some() {
            hits += 1;
        }
        (scan.steps, hits)
    }
    match grammar {
        Grammar::Uri => run::<crate::Rfc3986>(text, grammar),
        Grammar::Leiri => run::<crate::LeiriNote>(text, grammar),
        _ => run::<crate::Rfc3987>(text, grammar),
    }
}

#[test]
fn work_is_linear() {
    let units = [
        "a:%zz",
        "http://x:a:b:c:d:e",
        "<a:b <c:d ",
        "<http://a/\n",
        "a:b:c:d:e:f:g:h:i:j:k:l:m:n:o:p:q:r:s:t:u:v:w:x:y:z:",
        "http://[v1.a:b:c:d:e:f:g:h:i",
        "www.www.www.",
        "www./www./www./",
        "a:/.(((((]]]]]",
        "x:.........",
        "((((((((((a:b))))))))))",
        "a+b-c.d:e \u{5D0}:\u{5D1} \u{3002}",
        "http://\u{4F8B}.jp/\u{30D1}\u{3002}",
    ];
    for grammar in [Grammar::Uri, Grammar::Iri, Grammar::Leiri] {
        for unit in units {
            let small = unit.repeat(200);
            let large = unit.repeat(2000);
            let (s, _) = steps(&small, grammar);
            let (l, _) = steps(&large, grammar);
            assert!(
                l <= 11 * s && s <= 8 * small.len() && l <= 8 * large.len(),
                "{grammar} {unit:?}: {s} steps for {} bytes, {l} for {}",
                small.len(),
                large.len()
            );
        }
    }
    // No separator at all: one long candidate the automaton reads once.
    let (s, hits) = steps(&"a:b".repeat(10_000), Grammar::Iri);
    assert_eq!(hits, 1);
    assert!(s <= 4 * 30_000, "{s}");
}
