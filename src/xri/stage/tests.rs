//! The stage held to the walk: on every input the stage takes, the walk
//! accepts it with the same components; the masks classified a byte at a
//! time give the same answer as the vector ways; and the tables are what
//! the automata say (a tampered one fails the check).

use super::super::XriRef;
use super::check::check;
use super::{derive, tables, Tables, PCHAR, QF, SUB};

/// The corpora and the XRI test vectors, a line and each of its fields.
fn vectors() -> Vec<String> {
    let texts = [
        include_str!("../../../benches/corpus/xri.txt"),
        include_str!("../../../benches/corpus/reference-ascii.txt"),
        include_str!("../../../benches/corpus/reference-nonascii.txt"),
        include_str!("../../../tests/data/spec-examples.tsv"),
        include_str!("../../../tests/data/peers/xri-A-openxri-xritest.txt"),
        include_str!("../../../tests/data/peers/xri-B-openmdx-testxri.txt"),
        include_str!("../../../tests/data/peers/xri-C-python-openid.txt"),
        include_str!("../../../tests/data/peers/xri-D-xrilib.txt"),
        include_str!("../../../tests/data/peers/xri-E-openxri-iriutils.txt"),
        include_str!("../../../tests/data/peers/xri-F-dotnetopenauth.txt"),
        include_str!("../../../tests/data/peers/xri-G-openxri-xri3.txt"),
        include_str!("../../../tests/data/peers/xri-H-xri-2.0-spec.txt"),
        include_str!("../../../tests/data/peers/xri-I-derived.txt"),
    ];
    let mut out = Vec::new();
    for line in texts.iter().flat_map(|t| t.lines()) {
        out.push(line.to_owned());
        for field in line.split(['\t', ' ']) {
            out.push(field.trim_matches('"').to_owned());
        }
    }
    out.extend(
        [
            "xri://@a*b/c?q#f",
            "=a",
            "a/b",
            "(+x)/y?z",
            "xri://=a*(+b)/!c",
            "!!1",
            "!!(+a)",
            "!!*a",
            "!a",
            "/",
            "/?",
            "/#",
            "//",
            "/*",
            "/**",
            "/*a",
            "/(+a)",
            "*(+a)",
            "*a*(+a)",
            "a*(+a)b",
            "@(+a)(+b)",
            "@a*(+a)b",
            "@a(+b)",
            "(+a)",
            "@a)",
            "a:b",
            "b/a:c",
            "?a",
            "#a",
            "xri://a/b",
            "xri://!a",
            "XRI://@a",
            "@a?b?c#d#e",
            "@a?(#)",
            "=(=a*b!c)",
            "=(!a)",
            "=(xri://@a)",
            "=(+a/b)",
            "=()",
            "=(+)",
            "+a*(+b)*(+c)!(=d)",
            "$v*2.0",
            "@a/(xri://@b/c)",
            "@a/(XRI://=b)",
            "@a/(xri://b)",
            "@a/(xri:/@b)",
            "@a/((+a))",
            "@a/(xri://@b/(=c)/d)*e",
            "a*(xri://@b)",
            "a*(+b:c)",
            "(xri://@a)",
            "@a/(xri://)",
            "@a/(+b/)",
            "@a/(+b//c)",
            "@a/(+b/(+c)d)",
            "@a/(+b?c)",
            "@a/(+b#c)",
            "@a/(xri://@b/c?id=1)",
            "@a/(xri://@b/c?q=(1)(2)#f(3))",
            "@a/(+b?(()))",
            "@a/(+b?()",
            "@a/(+b?))",
            "@a/(+b?#)",
            "@a/(+b#?)",
            "@a/(+b##)",
            "@a/(+b#(#))",
            "@a/(+b?%41)",
            "@a/(+b?%4)",
            "@a/(+b?\u{e000})",
            "@a/(+b#\u{e000})",
            "@a/(+b?é)",
            "=(+a?b)*(+c#d)!(xri://@e?f)",
            "@a*(+b?c)/d",
            "@a*(+b?c/d)*e?f#g",
            "(+a?b)",
            "(+a?b)/c",
            "a/(+b?c:d)",
            "a*(+b?c)",
            "a*(+b#c)/d",
            "@a/(+b?c/d?e)",
            "@a/(+b?c)(+d)",
            "@a/(+b?c)*(+d#e)!(=f?(g))",
            "@a/(+b?c)d",
            "@a/(+b?c)?d",
            "@a/(+b?(c)#(d))#e",
            "@a/(+b?c(xri://@d?e))",
            "@a/(http://www.example.com/?q)",
        ]
        .map(str::to_owned),
    );
    out.retain(|s| !s.is_empty() && s.len() <= 80);
    out.sort();
    out.dedup();
    out
}

/// Each vector, and each with a piece put in or put in place of a
/// character at every place, and each prefix.
fn near_misses(pieces: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in vectors().iter().filter(|l| l.chars().count() <= 40) {
        let places: Vec<usize> = (0..=line.len())
            .filter(|&k| line.is_char_boundary(k))
            .collect();
        for (i, &k) in places.iter().enumerate() {
            out.push(line[..k].to_owned());
            for x in pieces {
                out.push(format!("{}{x}{}", &line[..k], &line[k..]));
                if let Some(&next) = places.get(i + 1) {
                    out.push(format!("{}{x}{}", &line[..k], &line[next..]));
                }
            }
        }
    }
    out
}

#[test]
fn the_tables_are_derived_and_consistent() {
    let t = tables().expect("the stage's tables");
    assert!(derive::is_consistent(t));
}

#[test]
fn a_tampered_table_fails_the_check() {
    let derived = derive::derived().unwrap();
    let sets = derive::classified(&derived);
    let hex = *derived.last().unwrap();
    let good = Tables {
        sets: sets.map(|s| xiri_engine::masks_of(&s)),
        hex,
    };
    assert!(derive::is_consistent(&good));
    let tamper = |k: usize, b: u8, keep: bool| {
        let mut s = sets;
        s[k][usize::from(b)] = keep;
        Tables {
            sets: s.map(|s| xiri_engine::masks_of(&s)),
            hex,
        }
    };
    let mut tampered = vec![
        tamper(PCHAR, b'a', false),
        tamper(PCHAR, b'(', true),
        tamper(PCHAR, b'*', true),
        tamper(PCHAR, b'%', true),
        tamper(PCHAR, 0xC2, true),
        tamper(PCHAR, 0xC3, false),
        tamper(PCHAR, 0x80, false),
        tamper(QF, b'#', true),
        tamper(QF, b'/', false),
        tamper(QF, 0xEE, true),
        tamper(SUB, b'/', true),
        tamper(SUB, b'!', false),
    ];
    for (b, keep) in [(b'g', true), (b'A', false), (0xC3, true)] {
        let mut t = tamper(PCHAR, b'a', true);
        t.hex[usize::from(b)] = keep;
        tampered.push(t);
    }
    let mut raw = tamper(PCHAR, b'a', true);
    raw.sets[PCHAR][0] ^= 0xff;
    tampered.push(raw);
    for (i, t) in tampered.iter().enumerate() {
        assert!(!derive::is_consistent(t), "{i}");
    }
}

/// The check of a cross-reference's query and fragment fails with a byte
/// more or less in `QF`.
#[test]
fn the_cross_reference_check_sees_a_changed_set() {
    let t = tables().expect("the stage's tables");
    let has = |k: usize, b: u8| {
        let mut m = [0u64];
        xiri_engine::classify(&[b], 0, &[t.sets[k]], &mut m);
        m[0] & 1 != 0
    };
    assert!(derive::cross_reference_parts(&has));
    for (changed, keep) in [(b'a', false), (b'<', true), (b'[', true), (b'/', false)] {
        let tampered = |k: usize, b: u8| if b == changed { keep } else { has(k, b) };
        assert!(!derive::cross_reference_parts(&tampered), "{changed}");
    }
    let wide = |k: usize, b: u8| b == 0xEE || has(k, b);
    assert!(!derive::cross_reference_parts(&wide));
}

#[test]
fn the_stage_gives_the_walk_s_reading_on_the_vectors() {
    let inputs = vectors();
    let taken = inputs
        .iter()
        .map(|s| check(s).unwrap())
        .filter(|&t| t)
        .count();
    eprintln!("vectors: {taken} of {}", inputs.len());
    assert!(taken > 150, "{taken} of {}", inputs.len());
}

#[test]
fn the_stage_gives_the_walk_s_reading_on_near_misses() {
    let mut pieces: Vec<String> = (0u8..0x80).map(|b| char::from(b).to_string()).collect();
    for c in [
        '\u{80}',
        '\u{9f}',
        '\u{a0}',
        'é',
        'Ж',
        '\u{d7ff}',
        '\u{e000}',
        '\u{f900}',
        '\u{fdd0}',
        '\u{fffd}',
        '\u{10000}',
        '\u{e0000}',
        '\u{10fffd}',
    ] {
        pieces.push(c.to_string());
    }
    pieces.extend(["%4", "%41", "%g1", "%%41", "(+é)", "(+b?c)", "(+b#(c))"].map(str::to_owned));
    let inputs = near_misses(&pieces);
    let mut taken = 0;
    for input in &inputs {
        taken += usize::from(check(input).unwrap());
    }
    eprintln!("near misses: {taken} of {}", inputs.len());
    assert!(taken > 10_000, "{taken} of {}", inputs.len());
}

/// Generated inputs of the stage's alphabet: every string of up to five
/// of a few bytes that mean something to it, with a symbol, "!!", a
/// slash or nothing before.
#[test]
fn the_stage_gives_the_walk_s_reading_on_generated_strings() {
    let alphabet = [
        "a", ":", "*", "!", "(", ")", "/", "?", "#", "+", "%", "é", "\u{e000}",
    ];
    let mut taken = 0;
    for lead in ["", "@", "!!", "/", "xri://=", "a"] {
        let mut stack = vec![lead.to_owned()];
        while let Some(s) = stack.pop() {
            taken += usize::from(check(&s).unwrap());
            if s.chars().count() < lead.chars().count() + 4 {
                for c in alphabet {
                    stack.push(format!("{s}{c}"));
                }
            }
        }
    }
    eprintln!("generated: {taken}");
    assert!(taken > 1_000, "{taken}");
}

/// Around 64 bytes, the first block's end, and around 128, the second's:
/// one more and the walk has it.
#[test]
fn the_block_s_end() {
    for n in (55..75).chain(118..138) {
        let input = format!("@a*(+b)/{}", "c".repeat(n - 8));
        assert_eq!(input.len(), n);
        assert_eq!(check(&input), Ok(n <= 128), "{n}");
        assert!(XriRef::parse(&input).is_ok());
    }
}

/// Every shape of the stage across the blocks' edges: each vector padded
/// in front of its path, query or fragment so that each of its bytes
/// falls on the places around 64 and 128, and (every seventh padding)
/// with a byte that is not its at the places 60 to 68 and 124 to 130.
#[test]
fn across_the_blocks_edges() {
    let bases = [
        "@a*(+b)/c(+d)*e!f/é%41(xri://=g/h)?q=(1)é#f/é",
        "/Москва/Красная_площадь?вид=панорама",
        "xri://=!F83.62B1/(+blog)*2026",
        "a/b*(+c)/d?e#f",
        "?query%20é",
        "#frag",
    ];
    let mut taken = 0;
    for base in bases {
        let places: Vec<usize> = (0..=base.len())
            .filter(|&k| base.is_char_boundary(k))
            .collect();
        for &at in &places {
            for pad in 1..130 {
                let (head, tail) = base.split_at(at);
                // Padding that keeps the shape: a segment's pchars
                // after a "/", or in front of a relative path.
                let input = match head.rfind(['/', '?', '#']) {
                    Some(_) => format!("{head}{}{tail}", "p".repeat(pad)),
                    None if !base.starts_with(['@', '=', '+', '$', '!', 'x', '/', '?', '#']) => {
                        format!("{}{base}", "p".repeat(pad))
                    }
                    None => continue,
                };
                if input.len() < 56 || input.len() > 140 {
                    continue;
                }
                taken += usize::from(check(&input).unwrap());
                if pad % 7 != 0 {
                    continue;
                }
                let edge = |k: usize| (60..=68).contains(&k) || (124..=130).contains(&k);
                for (k, x) in input.char_indices().filter(|&(k, _)| edge(k)) {
                    for c in ["", ")", "(", "%", "%4", "\u{e000}", ":", "*", "\u{80}"] {
                        let y = format!("{}{c}{}", &input[..k], &input[k + x.len_utf8()..]);
                        taken += usize::from(check(&y).unwrap());
                    }
                }
            }
        }
    }
    eprintln!("across the edges: {taken}");
    assert!(taken > 10_000, "{taken}");
}

/// Parentheses in a cross-reference's query and fragment, nested to the
/// stage's depth, are its; deeper, the walk's.
#[test]
fn parentheses_in_a_cross_reference_s_query() {
    for k in 0..=14 {
        for mark in ['?', '#'] {
            let input = format!("@a/(+b{mark}{}q{})", "(".repeat(k), ")".repeat(k));
            assert_eq!(check(&input), Ok(k < super::DEPTH), "{input}");
            let input = format!("@a/{}(+b{mark}(q)){}", "(+c/".repeat(k), ")".repeat(k));
            assert_eq!(check(&input), Ok(k + 2 <= super::DEPTH), "{input}");
        }
    }
}

/// Cross-references nested to the stage's depth are its; deeper, the
/// walk's (which reads them to `MAX_NESTING`).
#[test]
fn nesting_to_the_stage_s_depth() {
    for k in 1..=14 {
        let input = format!("@a/{}{}", "(+b/".repeat(k), ")".repeat(k));
        assert_eq!(check(&input), Ok(k <= super::DEPTH), "{k}");
        let input = format!("@a/{}c{}", "(xri://@b*".repeat(k), ")".repeat(k));
        assert_eq!(
            check(&input),
            Ok(k <= super::DEPTH && input.len() <= super::LONGEST),
            "{k}"
        );
    }
}

/// A cross-reference holding an IRI without parentheses, and an
/// authority that is a cross-reference, are the stage's; a parenthesis
/// inside the IRI, a scheme "xri", a byte after the authority's
/// cross-reference that starts no sub-segment are the walk's. Each
/// reading is the walk's either way.
#[test]
fn iris_in_cross_references_and_cross_reference_authorities() {
    let cases = [
        ("xri://(http://www.example.com/)*home/(+contact)", true),
        ("(http://a/b)", true),
        ("(http://a/b)/c?d#e", true),
        ("XRI://(HTTP://A/B?q#f)!c*(+d)", true),
        ("(+a)*b!c/d", true),
        ("(+a)!(http://x.org/)", true),
        ("@a/(http://x.org/p?q#f)", true),
        ("@a/(mailto:a@b.c)*d", true),
        ("@a/(http://[::1]/)", true),
        ("@a/(urn:a:b%41)/c", true),
        ("(+a)b", false),
        ("(+a)/b(c", false),
        ("@a/(xri:a)", false),
        ("@a/(XRI:a)", false),
        ("@a/(http://a/(b))", false),
        ("@a/(http://a/b", false),
        ("@a/(h%41ttp:x)", false),
        ("@a/(http://a b)", false),
        ("@a/(http://a/\u{e000})", false),
        ("(http://a/b))", false),
    ];
    for (input, taken) in cases {
        assert_eq!(check(input), Ok(taken), "{input}");
    }
}

/// A cross-reference of another shape right after a "/" (here one whose
/// content starts with "(", `((+deep)(+nest))` in the corpus) is checked
/// by the walk's automaton on its text alone, to the stage's depth.
#[test]
fn other_cross_references_after_a_slash() {
    for k in 2..=12 {
        let input = format!("@a/{}+b{}", "(".repeat(k), ")".repeat(k));
        assert_eq!(check(&input), Ok(k <= super::DEPTH), "{input}");
    }
    let cases = [
        ("@(+x)*y/(=z)!w/((+deep)(+nest))", true),
        ("@a/((+b)(+c))*d/e?f", true),
        ("/((+b)(+c))", true),
        ("@a/((+b)(+c)", false),
        ("@a/x((+b))", false),
        ("@a/*((+b))", false),
        ("@a/((+b)c)", true),
        ("((+b))", false),
        ("@a/((+b)(http://[(]/))", false),
    ];
    for (input, taken) in cases {
        assert_eq!(check(input), Ok(taken), "{input}");
    }
}
