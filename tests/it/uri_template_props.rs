//! Properties of URI Templates (RFC 6570), on generated templates and
//! values: an expansion whose variables are all defined, of a template
//! whose literals and operators cannot make a delimiter out of place, is
//! a URI reference; `:N` never splits a character or a pct-encoded
//! triplet; xiri expands as iri-string does (a differential oracle);
//! expansion time grows linearly with the template and the values.
//! XIRI_TEMPLATE_CASES sets the number of cases of each property (256;
//! four times as many against iri-string).

use crate::common;
use proptest::prelude::*;
use std::collections::HashMap;
use xiri::template::{Template, Value};

fn cases() -> u32 {
    std::env::var("XIRI_TEMPLATE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

const NAMES: [&str; 5] = ["a", "b", "c.d", "e_1", "f%41"];

/// A value's characters: ASCII (reserved, unreserved, "%", space), two-,
/// three- and four-byte UTF-8, and pct-encoded triplets (UTF-8 and not).
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-zA-Z0-9._~-]",
        "[:/?#\\[\\]@!$&'()*+,;= %\"<>{}|^`]",
        Just("\u{e9}".to_string()),
        Just("\u{4e2d}".to_string()),
        Just("\u{1F600}".to_string()),
        Just("%C3%A9".to_string()),
        Just("%41".to_string()),
        Just("%ff".to_string()),
        Just("%".to_string()),
    ];
    proptest::collection::vec(piece, 0..8).prop_map(|p| p.concat())
}

fn vars_of(value: impl Strategy<Value = Value>) -> impl Strategy<Value = HashMap<String, Value>> {
    proptest::collection::vec(proptest::option::of(value), NAMES.len()).prop_map(|values| {
        NAMES
            .iter()
            .zip(values)
            .filter_map(|(n, v)| Some((n.to_string(), v?)))
            .collect()
    })
}

/// An expression with one of `operators`, its variables among NAMES.
fn expression(operators: &'static [&'static str]) -> impl Strategy<Value = String> {
    expression_with(operators, true, NAMES.len())
}

/// An expression with one of `operators`, with prefix modifiers if
/// `prefix`, its variables among the first `names` of NAMES.
fn expression_with(
    operators: &'static [&'static str],
    prefix: bool,
    names: usize,
) -> impl Strategy<Value = String> {
    let modifiers = if prefix { 3 } else { 2 };
    let spec = (0..names, 0..modifiers, 1..12u16).prop_map(|(n, m, len)| {
        let name = NAMES[n];
        match m {
            0 => name.to_string(),
            1 => format!("{name}*"),
            _ => format!("{name}:{len}"),
        }
    });
    (
        proptest::sample::select(operators),
        proptest::collection::vec(spec, 1..4),
    )
        .prop_map(|(op, specs)| format!("{{{op}{}}}", specs.join(",")))
}

const ALL_OPERATORS: &[&str] = &["", "+", "#", ".", "/", ";", "?", "&"];

/// Any template: literals of every kind RFC 6570 2.1 allows.
fn template() -> impl Strategy<Value = String> {
    let literal = prop_oneof![
        "[!#$&()*+,./0-9:;=?@A-Z\\[\\]_a-z~-]{1,4}",
        Just("%2F".to_string()),
        Just("\u{e9}".to_string()),
        Just("\u{E000}".to_string()),
    ];
    let part = prop_oneof![literal, expression(ALL_OPERATORS)];
    proptest::collection::vec(part, 0..6).prop_map(|p| p.concat())
}

/// The templates iri-string 0.7.14 expands without panicking: ASCII
/// literals (it refuses others in a URI), and no prefix with `+` or `#`
/// (its U+R prefix subtracts with overflow and slices inside a character,
/// found by this test).
fn template_for_iri_string() -> impl Strategy<Value = String> {
    // No "f%41" (see expands_as_iri_string_does).
    let literal = prop_oneof![
        "[!#$&'()*+,./0-9:;=?@A-Z\\[\\]_a-z~-]{1,4}",
        Just("%2F".to_string()),
    ];
    let part = prop_oneof![
        literal,
        expression_with(&["", ".", "/", ";", "?", "&"], true, NAMES.len() - 1),
        expression_with(&["+", "#"], false, NAMES.len() - 1),
    ];
    proptest::collection::vec(part, 0..6).prop_map(|p| p.concat())
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// iri-string's expansion, or `None` where it refuses.
fn iri_string(template: &str, vars: &HashMap<String, Value>) -> Option<String> {
    use iri_string::spec::UriSpec;
    use iri_string::template::simple_context::{SimpleContext, Value as V};
    use iri_string::template::UriTemplateStr;
    let t = UriTemplateStr::new(template).ok()?;
    let mut context = SimpleContext::new();
    for (name, value) in vars {
        let v = match value {
            Value::String(s) => V::String(s.clone()),
            Value::List(items) => V::List(items.clone()),
            Value::Map(pairs) => V::Assoc(pairs.clone()),
        };
        context.insert(name.as_str(), v);
    }
    let expanded = t.expand::<UriSpec, _>(&context).ok()?;
    let mut out = String::new();
    std::fmt::write(&mut out, format_args!("{expanded}")).ok()?;
    Some(out)
}

proptest! {
    #![proptest_config(config())]

    /// Any text is a template or refused with an offset on a character
    /// boundary of it, never a panic; what is refused, the engine refuses
    /// at the same offset, but for a reserved operator.
    #[test]
    fn any_text_is_parsed_or_refused_in_bounds(text in "\\PC{0,16}|[{}a,:*%0-9.+#/;?&=!@| ]{0,16}") {
        match Template::parse(&text) {
            Ok(_) => prop_assert!(xiri::template::automaton().unwrap().matches(&text)),
            Err(e) => {
                prop_assert!(text.is_char_boundary(e.offset()), "{:?}: {:?}", text, e);
                if e.kind() == xiri::template::TemplateErrorKind::Syntax {
                    let r = xiri::template::automaton().unwrap().check(&text).unwrap_err();
                    prop_assert_eq!(r.offset, e.offset());
                }
            }
        }
    }

    /// Every generated template is one, and the engine says so too.
    #[test]
    fn generated_templates_parse(template in template()) {
        prop_assert!(Template::parse(&template).is_ok(), "{}", template);
        prop_assert!(xiri::template::automaton().unwrap().matches(&template));
    }

    /// After "http://example.com/", literals and operators that add no
    /// "#", "[" or "]" (no `+` or `#` operator, whose values keep them):
    /// with every variable defined, the expansion is a URI reference.
    #[test]
    fn all_defined_expands_to_a_uri_reference(
        parts in proptest::collection::vec(prop_oneof![
            "[a-zA-Z0-9._~!$&'()*+,;=:@/?-]{1,4}",
            Just("%2F".to_string()),
            Just("\u{e9}".to_string()),
            expression(&["", ".", "/", ";", "?", "&"]),
        ], 0..6),
        strings in proptest::collection::vec(text(), NAMES.len()),
        composite in proptest::collection::vec(proptest::bool::ANY, NAMES.len()),
    ) {
        let template = format!("http://example.com/{}", parts.concat());
        let t = Template::parse(&template).unwrap();
        // Defined: a string, or (where no prefix asks for a string) a
        // one-item list.
        let vars: HashMap<String, Value> = NAMES.iter().zip(strings).zip(composite)
            .map(|((n, s), c)| {
                let prefixed = template.contains(&format!("{n}:"));
                let v = if c && !prefixed { Value::List(vec![s]) } else { Value::String(s) };
                (n.to_string(), v)
            })
            .collect();
        let expanded = t.expand(&vars);
        prop_assert!(expanded.is_ok(), "{} gives {:?}", template, expanded);
    }

    /// `:N` keeps whole characters: with `{v:N}` the first N characters of
    /// the value, encoded; with `{+v:N}` (which keeps pct-encoded
    /// triplets) a prefix of `{+v}` that ends neither inside a triplet
    /// nor inside the triplets of one UTF-8 character.
    #[test]
    fn a_prefix_never_splits_a_character(v in text(), n in 1..12usize) {
        let vars = HashMap::from([("v".to_string(), Value::String(v.clone()))]);
        let expand = |t: &str| Template::parse(t).unwrap().expand_to_string(&vars).unwrap();
        let short = expand(&format!("{{v:{n}}}"));
        let kept: String = v.chars().take(n).collect();
        prop_assert_eq!(xiri::pct::decode_utf8(&short).unwrap(), kept);

        let full = expand("{+v}");
        let short = expand(&format!("{{+v:{n}}}"));
        prop_assert!(full.starts_with(&short));
        let last = short.rfind('%').map_or(0, |i| short.len() - i);
        prop_assert!(last == 0 || last >= 3, "{:?} ends inside a triplet", short);
        // Where the value's triplets are UTF-8, so are the prefix's.
        if xiri::pct::decode_utf8(&full).is_ok() {
            prop_assert!(xiri::pct::decode_utf8(&short).is_ok(), "{:?}", short);
        }
    }
}

/// Against iri-string, on templates it expands and any values (undefined
/// ones, empty lists and maps, prefixes on composite values included).
/// iri-string 0.7.14 panics on a non-ASCII value in `+` and `#` (it slices
/// inside the character): those cases are left out and counted.
#[test]
fn expands_as_iri_string_does() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COMPARED: AtomicUsize = AtomicUsize::new(0);
    static PANICKED: AtomicUsize = AtomicUsize::new(0);
    // Four times the cases of the other properties: most are compared.
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases() * 4,
        ..config()
    });
    // iri-string writes "=" after the name for an empty item of an
    // exploded list or associative array in `;`, `?` and `&`, where RFC
    // 6570 (Appendix A) writes ifemp ("" for `;`): items and values are
    // not empty here. (It also pct-encodes a name's "%" after the first
    // item: NAMES' "f%41" only in the other tests.)
    let item = || text().prop_map(|s| format!("{s}x"));
    let value = prop_oneof![
        3 => text().prop_map(Value::String),
        1 => proptest::collection::vec(item(), 0..4).prop_map(Value::List),
        1 => proptest::collection::vec((text(), item()), 0..4).prop_map(Value::Map),
    ];
    let strategy = (template_for_iri_string(), vars_of(value));
    let result = runner.run(&strategy, |(template, vars)| {
        let theirs = common::panics::catch_quietly(|| iri_string(&template, &vars));
        let Ok(theirs) = theirs else {
            PANICKED.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        };
        COMPARED.fetch_add(1, Ordering::Relaxed);
        let ours = Template::parse(&template)
            .ok()
            .and_then(|t| t.expand_to_string(&vars).ok());
        prop_assert_eq!(ours, theirs, "{}", template);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let (compared, panicked) = (
        COMPARED.load(Ordering::Relaxed),
        PANICKED.load(Ordering::Relaxed),
    );
    eprintln!("compared with iri-string: {compared}; iri-string panicked: {panicked}");
    assert!(
        compared * 2 >= compared + panicked,
        "{compared} compared, {panicked} panics"
    );
}

/// The least time of a few runs of `f` on this thread, in seconds (CPU
/// time: the machine's other work does not count).
fn time(f: impl Fn()) -> f64 {
    common::cpu::least_seconds(5, f)
}

/// Expansion time per byte of output stays flat as the template grows
/// 64-fold and as a value grows 64-fold (a quadratic step would multiply
/// it by 64).
#[test]
fn expansion_is_linear_in_the_template_and_the_values() {
    let unit = "/x{/a}{?b*}{+c:5}{#a,b}";
    let value = |n: usize| {
        HashMap::from([
            ("a".to_string(), Value::String("\u{e9} %41/".repeat(n))),
            ("b".to_string(), Value::List(vec!["x y".repeat(n); 3])),
            ("c".to_string(), Value::String("%C3%A9".repeat(n))),
        ])
    };
    let per_byte = |reps: usize, size: usize| {
        let t = Template::parse(&unit.repeat(reps)).unwrap();
        let vars = value(size);
        let len = t.expand_to_string(&vars).unwrap().len() as f64;
        time(|| {
            for _ in 0..4 {
                std::hint::black_box(t.expand_to_string(&vars).unwrap());
            }
        }) / len
    };
    for (what, small, large) in [
        ("template", per_byte(200, 4), per_byte(12800, 4)),
        ("values", per_byte(4, 200), per_byte(4, 12800)),
    ] {
        assert!(
            large < small * 8.0,
            "{what}: {large:e} s a byte at 64 times the size, {small:e} before"
        );
    }
    // Parsing too: a 64-fold template costs no more than 8 times as much a byte.
    let parse = |reps: usize| {
        let text = unit.repeat(reps);
        time(|| {
            std::hint::black_box(Template::parse(&text).unwrap());
        }) / text.len() as f64
    };
    let (small, large) = (parse(200), parse(12800));
    assert!(large < small * 8.0, "parse: {large:e} against {small:e}");
}
