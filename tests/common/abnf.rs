//! The ABNF engine the tests hold xiri to (the `abnf-oracle` crate, with
//! unordered alternation and full backtracking): loading a grammar's text,
//! its verdicts, generating members of a rule, and which characters a
//! grammar mentions at all. Shared by tests/it/differential.rs (pest against
//! the ABNF) and tests/it/engine.rs (the compiled automata against the ABNF).

use abnf_oracle::{
    CheckedGrammar, GenOptions, Generator, MatchError, NodeId, NumVal, Recognizer, RuleId,
};

/// `abnf` parsed and checked, or a panic that shows where it is wrong.
pub fn oracle(abnf: &str) -> CheckedGrammar {
    abnf_oracle::Grammar::parse(abnf)
        .unwrap_or_else(|e| panic!("ABNF does not parse: {e:?}"))
        .check()
        .unwrap_or_else(|e| panic!("ABNF does not check: {}", e.render(abnf)))
}

/// What the oracle says of `input` for `rule`; `None` when it could not
/// decide (a limit), which the caller counts, never takes for a verdict.
pub fn verdict(grammar: &CheckedGrammar, rule: &str, input: &str) -> Option<bool> {
    match Recognizer::new(grammar, input).accepts(rule) {
        Ok(v) => Some(v),
        Err(MatchError::StepLimit | MatchError::DepthLimit) => None,
        Err(e) => panic!("oracle cannot match {rule}: {e:?}"),
    }
}

/// Two generators of members, seeded from the caller's stream: one that
/// picks at random and one that steers towards branches not taken yet;
/// the `i`-th string comes from them in turn. Strings are at most 200
/// characters.
pub struct Generators<'g> {
    plain: Generator<'g>,
    covering: Generator<'g>,
}

impl<'g> Generators<'g> {
    pub fn new(grammar: &'g CheckedGrammar, rng: &mut super::Rng) -> Self {
        let options = GenOptions {
            max_output_len: Some(200),
            ..GenOptions::default()
        };
        let plain = Generator::new(grammar, rng.next()).with_options(options.clone());
        let covering = Generator::new(grammar, rng.next()).with_options(GenOptions {
            coverage: true,
            ..options
        });
        Generators { plain, covering }
    }

    /// The `i`-th member of `rule`, or `None` when the generator gave up
    /// (its output limit).
    pub fn generate(&mut self, i: usize, rule: &str) -> Option<String> {
        let generator = if i.is_multiple_of(2) {
            &mut self.covering
        } else {
            &mut self.plain
        };
        generator.generate(rule).ok()
    }
}

/// The ranges of characters some terminal reachable from a rule of
/// `grammar` (its own rules and the core rules they use) can match:
/// a character outside all of them can be in no member of any rule.
pub fn mentioned(grammar: &CheckedGrammar) -> Vec<(u32, u32)> {
    terminals(grammar, grammar.rules().iter().map(|r| r.body).collect())
}

/// The ranges of characters the terminals reachable from `rule` can
/// match: every character of every member of it is in one.
pub fn mentioned_by(grammar: &CheckedGrammar, rule: &str) -> Vec<(u32, u32)> {
    let body = grammar
        .rule(rule)
        .unwrap_or_else(|| panic!("no rule {rule}"))
        .body;
    terminals(grammar, vec![body])
}

/// The ranges of the terminals reachable from `stack`.
fn terminals(grammar: &CheckedGrammar, mut stack: Vec<NodeId>) -> Vec<(u32, u32)> {
    let mut ranges = Vec::new();
    let mut seen = vec![false; grammar.node_count()];
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut seen[id.index()], true) {
            continue;
        }
        match grammar.node(id) {
            abnf_oracle::Node::Alt { branches } => stack.extend(branches),
            abnf_oracle::Node::Concat { items } => stack.extend(items),
            abnf_oracle::Node::Repeat { body, .. } | abnf_oracle::Node::Optional { body } => {
                stack.push(*body)
            }
            abnf_oracle::Node::RuleRef { .. } => {
                let target: RuleId = grammar.target(id).expect("a checked reference resolves");
                stack.push(grammar.rule_by_id(target).body);
            }
            abnf_oracle::Node::CharVal(v) => {
                for c in v.value.chars() {
                    for c in [c, c.to_ascii_lowercase(), c.to_ascii_uppercase()] {
                        ranges.push((u32::from(c), u32::from(c)));
                    }
                }
            }
            abnf_oracle::Node::NumVal { value, .. } => match value {
                NumVal::Scalar(v) => ranges.push((*v as u32, *v as u32)),
                NumVal::Range { lo, hi } => ranges.push((*lo as u32, *hi as u32)),
                NumVal::Concat(vs) => ranges.extend(vs.iter().map(|&v| (v as u32, v as u32))),
            },
            abnf_oracle::Node::ProseVal(_) => {}
        }
    }
    ranges
}

/// A grammar to generate members from, working around abnf-oracle 0.1.1's
/// generator: it draws the `i`-th character of a range that starts above
/// the surrogates (`%xF900-FDCF`, `%x10000-1FFFD`, `%xF0000-FFFFD`, ...) as
/// U+E000 + `i` instead of the range's first + `i` (`NumVal::nth_scalar`),
/// so most of what it generates from `ucschar` or `iprivate` is in no
/// member. Here each such range is replaced, for generation only, by a
/// marker (a character the grammar never mentions) followed by the
/// range's number (as "0" + n), and [`repair`] replaces each pair in a
/// generated string by a character of its range.
///
/// [`repair`]: Generation::repair
pub struct Generation {
    pub grammar: CheckedGrammar,
    /// The marker; after it, "0" + n stands for `ranges[n]`.
    marker: char,
    ranges: Vec<(u32, u32)>,
}

impl Generation {
    pub fn new(abnf: &str) -> Self {
        let taken = mentioned(&oracle(abnf));
        let marker = ('\u{1}'..='\u{1f}')
            .chain('\u{fdd0}'..='\u{fdef}')
            .chain(['\u{fffe}', '\u{ffff}'])
            .find(|&c| {
                !taken
                    .iter()
                    .any(|&(lo, hi)| lo <= c as u32 && c as u32 <= hi)
            })
            .expect("a character the grammar never mentions");
        let mut ranges = Vec::new();
        let mut text = String::with_capacity(abnf.len());
        let mut rest = abnf;
        while let Some(at) = rest.find("%x") {
            text.push_str(&rest[..at]);
            rest = &rest[at..];
            let hex = |s: &str| s.find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(s.len());
            let lo_end = 2 + hex(&rest[2..]);
            let range = rest[lo_end..].strip_prefix('-').and_then(|after| {
                let hi_end = hex(after);
                let lo = u32::from_str_radix(&rest[2..lo_end], 16).ok()?;
                let hi = u32::from_str_radix(&after[..hi_end], 16).ok()?;
                Some((lo, hi, lo_end + 1 + hi_end))
            });
            match range {
                Some((lo, hi, len)) if lo > 0xE000 => {
                    text.push_str(&format!("%x{:X}.{:X}", marker as u32, 0x30 + ranges.len()));
                    ranges.push((lo, hi));
                    rest = &rest[len..];
                }
                _ => {
                    text.push_str("%x");
                    rest = &rest[2..];
                }
            }
        }
        text.push_str(rest);
        assert!(ranges.len() < 0x40, "too many ranges to number");
        Generation {
            grammar: oracle(&text),
            marker,
            ranges,
        }
    }

    /// `s` with each marker and number replaced by a character of the
    /// range it stands for.
    pub fn repair(&self, s: String, rng: &mut super::Rng) -> String {
        if !s.contains(self.marker) {
            return s;
        }
        let mut out = String::with_capacity(s.len());
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c != self.marker {
                out.push(c);
                continue;
            }
            let n = chars.next().expect("a number after the marker") as usize - 0x30;
            let (lo, hi) = self.ranges[n];
            let v = lo + (rng.next() % u64::from(hi - lo + 1)) as u32;
            out.push(char::from_u32(v).expect("a range above the surrogates"));
        }
        out
    }

    /// How many ranges are generated through markers.
    pub fn repaired_ranges(&self) -> usize {
        self.ranges.len()
    }
}

/// What near-misses put in: delimiters of every grammar, letters, digits,
/// "%", the brackets, a non-ASCII letter and private-use characters (in
/// `iprivate`, which only queries allow).
pub const NEAR_MISS_CHARS: &[char] = &[
    '/',
    '?',
    '#',
    '[',
    ']',
    '@',
    ':',
    '!',
    '$',
    '*',
    '+',
    '=',
    ',',
    ';',
    '.',
    '-',
    '~',
    'a',
    'Z',
    'x',
    'F',
    '0',
    '1',
    '9',
    '%',
    '(',
    ')',
    'é',
    '\u{e000}',
    '\u{f0000}',
];

/// Two deletions, two insertions and two replacements of one character.
pub fn near_misses(s: &str, rng: &mut super::Rng) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let pick = |rng: &mut super::Rng| NEAR_MISS_CHARS[rng.below(NEAR_MISS_CHARS.len())];
    let mut out = Vec::new();
    for _ in 0..2 {
        let mut c = chars.clone();
        c.insert(rng.below(chars.len() + 1), pick(rng));
        out.push(c.into_iter().collect());
        if !chars.is_empty() {
            let mut c = chars.clone();
            c.remove(rng.below(chars.len()));
            out.push(c.into_iter().collect());
            let mut c = chars.clone();
            c[rng.below(chars.len())] = pick(rng);
            out.push(c.into_iter().collect());
        }
    }
    out
}

/// How deep the parentheses of `s` nest, read naively (a ")" with none
/// open counts for nothing). Over-counts where "(" is data, which only
/// skips more.
pub fn paren_depth(s: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for c in s.chars() {
        match c {
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}
