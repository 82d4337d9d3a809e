//! Issue 25's targets for the workbench's general parser
//! (crates/workbench/src/earley/), on inputs made here:
//!
//! - `json/1MB`, `json/10MB`: RFC 8259's grammar as printed, on valid JSON
//!   texts (nested arrays and objects of strings with escapes and
//!   non-ASCII characters, numbers, literals) through the workbench's
//!   [`Decider`], as `xiri check --abnf json.abnf` decides them; 10× the
//!   input should cost at most 15× the time.
//! - `list/1MB` (right recursion, `list = item / item "," list`),
//!   `arithmetic/1MB` (left recursion), `cycle/1MB` (three rules in a
//!   cycle through options): recognized by the Earley parser.
//! - `tree S = S S / "a"/500`: one tree of 500 a's, as `xiri tree` gets
//!   it (a forest held to 4M nodes, then one tree off the chart).
//!
//! Every input is checked to be decided as a member before it is timed.
//! Run: `cargo bench --bench earley_linear`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use xiri::workbench::earley::Earley;
use xiri::workbench::{AbnfFile, LoadedGrammar};

/// RFC 8259 section 2 to 7, as printed (comments shortened).
const JSON: &str = r#"JSON-text = ws value ws
begin-array     = ws %x5B ws  ; [
begin-object    = ws %x7B ws  ; {
end-array       = ws %x5D ws  ; ]
end-object      = ws %x7D ws  ; }
name-separator  = ws %x3A ws  ; :
value-separator = ws %x2C ws  ; ,
ws = *(
        %x20 /              ; Space
        %x09 /              ; Horizontal tab
        %x0A /              ; Line feed or New line
        %x0D )              ; Carriage return
value = false / null / true / object / array / number / string
false = %x66.61.6c.73.65   ; false
null  = %x6e.75.6c.6c      ; null
true  = %x74.72.75.65      ; true
object = begin-object [ member *( value-separator member ) ]
         end-object
member = string name-separator value
array = begin-array [ value *( value-separator value ) ] end-array
number = [ minus ] int [ frac ] [ exp ]
decimal-point = %x2E       ; .
digit1-9 = %x31-39         ; 1-9
e = %x65 / %x45            ; e E
exp = e [ minus / plus ] 1*DIGIT
frac = decimal-point 1*DIGIT
int = zero / ( digit1-9 *DIGIT )
minus = %x2D               ; -
plus = %x2B                ; +
zero = %x30                ; 0
string = quotation-mark *char quotation-mark
char = unescaped /
    escape (
        %x22 /          ; "
        %x5C /          ; \
        %x2F /          ; /
        %x62 /          ; b
        %x66 /          ; f
        %x6E /          ; n
        %x72 /          ; r
        %x74 /          ; t
        %x75 4HEXDIG )  ; uXXXX
escape = %x5C              ; \
quotation-mark = %x22      ; "
unescaped = %x20-21 / %x23-5B / %x5D-10FFFF
"#;

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// One JSON value, nested at most `depth` more levels.
fn value(rng: &mut Rng, depth: u32, out: &mut String) {
    let pick = if depth == 0 {
        rng.below(5)
    } else {
        rng.below(8)
    };
    match pick {
        0 => out.push_str(["true", "false", "null"][rng.below(3) as usize]),
        1 => out.push_str(&format!(
            "-{}.{}e+{}",
            rng.below(1_000_000),
            rng.below(1000),
            rng.below(300)
        )),
        2 => out.push_str(&rng.below(u64::MAX).to_string()),
        3 | 4 => out.push_str(
            [
                "\"plain text\"",
                "\"caf\u{e9} \u{2603} \\u00e9\\n\\\"quoted\\\"\"",
                "\"\"",
                "\"a/b\\\\c\\td\"",
            ][rng.below(4) as usize],
        ),
        5 | 6 => {
            out.push_str("[ ");
            for i in 0..rng.below(6) {
                if i > 0 {
                    out.push_str(", ");
                }
                value(rng, depth - 1, out);
            }
            out.push_str(" ]");
        }
        _ => {
            out.push('{');
            for i in 0..rng.below(6) {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&format!("\n  \"key{i}\" : "));
                value(rng, depth - 1, out);
            }
            out.push_str("\n}");
        }
    }
}

/// A JSON text of at least `len` bytes: an array of values.
fn json_text(len: usize) -> String {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut out = String::from("[");
    while out.len() < len {
        if out.len() > 1 {
            out.push_str(",\r\n\t");
        }
        value(&mut rng, 6, &mut out);
    }
    out.push(']');
    out
}

/// `unit` repeated to at least `len` bytes, then `tail`.
fn repeated(unit: &str, len: usize, tail: &str) -> String {
    let mut s = unit.repeat(len / unit.len() + 1);
    s.push_str(tail);
    s
}

/// Arithmetic of at least `len` bytes, parenthesized now and then.
fn arithmetic(len: usize) -> String {
    let mut rng = Rng(7);
    let mut s = String::from("1");
    while s.len() < len {
        s.push(['+', '-', '*'][rng.below(3) as usize]);
        match rng.below(5) {
            0 => s.push_str(&format!("({}+{})", rng.below(1000), rng.below(1000))),
            _ => s.push_str(&rng.below(1000).to_string()),
        }
    }
    s
}

fn earley(text: &str, rule: &str) -> Earley {
    Earley::from_abnf(text, rule).expect("compiles")
}

fn bench(c: &mut Criterion) {
    let grammar = LoadedGrammar::load(&[AbnfFile::new("json.abnf", JSON)]).expect("loads");
    let json = grammar.decider("JSON-text").expect("a decider");
    let mut group = c.benchmark_group("earley linear");
    group.sample_size(10);
    for (name, len) in [("1MB", 1_000_000), ("10MB", 10_000_000)] {
        let text = json_text(len);
        assert!(json.decide(&text).expect("decided").accepted, "json {name}");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("json", name), &text, |b, text| {
            b.iter(|| black_box(json.decide(black_box(text)).map(|v| v.accepted)));
        });
    }
    let shapes = [
        (
            "list",
            earley("list = item / item \",\" list\nitem = 1*ALPHA\n", "list"),
            repeated("ab,", 1_000_000, "ab"),
        ),
        (
            "arithmetic",
            earley(
                "expr = expr \"+\" term / expr \"-\" term / term\nterm = term \"*\" factor / factor\nfactor = 1*DIGIT / \"(\" expr \")\"\n",
                "expr",
            ),
            arithmetic(1_000_000),
        ),
        (
            "cycle",
            earley(
                "a = \"x\" [ \",\" b ]\nb = 1*\"y\" [ \";\" c ]\nc = \"z\" [ \".\" a ]\n",
                "a",
            ),
            repeated("x,yyy;z.", 1_000_000, "x"),
        ),
    ];
    for (name, e, input) in &shapes {
        assert!(e.recognize(input).is_ok(), "{name}");
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::new(*name, "1MB"), input, |b, input| {
            b.iter(|| black_box(e.recognize(black_box(input)).is_ok()));
        });
    }
    let ss = earley("S = S S / \"a\"\n", "S");
    let a500 = "a".repeat(500);
    group.throughput(Throughput::Bytes(500));
    group.bench_function("tree S = S S \"a\"/500", |b| {
        b.iter(|| {
            let tree = match ss.parse_within(black_box(&a500), 4_000_000) {
                Ok(forest) => forest.tree(),
                Err(_) => ss.tree(&a500).expect("a tree"),
            };
            black_box(tree.end)
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
