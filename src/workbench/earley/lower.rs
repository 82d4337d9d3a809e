//! From [`Exprs`] to the Earley grammar: nonterminals and productions over
//! character classes, with every dotted position numbered.
//!
//! - A named rule is a nonterminal; each branch of a top-level alternation
//!   is one of its productions.
//! - A concatenation is spliced into the production that holds it; a
//!   quoted string is one terminal per character (its case folded unless
//!   `%s`), a numeric value one terminal per value or range.
//! - An alternation, an option or a repetition inside a production is an
//!   anonymous nonterminal of its own (a *group*); trees splice them.
//! - `m*X` is `R = X…X (m times) / R X`: left recursion, on which Earley
//!   is linear. `m*nX` is `R = X…X T(n-m)` with `T(k) = ε / T(k-1) X`.
//!   A body that is not one symbol is a group of its own.
//!
//! Productions with a symbol that derives nothing (an unproductive rule,
//! a numeric value no Unicode scalar value has) are dropped, so that every
//! prefix an Earley set is reached with is a prefix of some member.

use super::expr::{Cursor, Expr, ExprId, Exprs};
use super::{EarleyError, MAX_REPEAT, MAX_SYMBOLS};
use abnf_oracle::NumVal;
use std::collections::HashMap;

/// Terminal symbols have this bit set; the rest is the terminal's index.
pub(super) const TERM: u32 = 1 << 31;
/// The symbol after the last dot of a production.
pub(super) const END: u32 = u32::MAX;

/// What a nonterminal stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    /// A named rule, by its index in [`Exprs::rules`].
    Rule(usize),
    /// An anonymous group: the element it derives.
    Group(ExprId),
}

/// A class of characters, with the names expected sets and trees give it.
#[derive(Clone, Debug)]
pub(super) struct Terminal {
    ascii: u128,
    ranges: Vec<(u32, u32)>,
    /// As the engine names it: the quoted string (`"xri://"`) or the
    /// numeric value (`%x30-39`) it is a character of.
    pub(super) name: String,
    /// This one character's own text, for detailed trees: `"x"`.
    pub(super) leaf: String,
}

impl Terminal {
    fn new(ranges: Vec<(u32, u32)>, name: String, leaf: String) -> Terminal {
        // Scalar values only: no surrogate, nothing above U+10FFFF.
        let mut ranges: Vec<(u32, u32)> = ranges
            .into_iter()
            .flat_map(|(lo, hi)| [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi.min(0x10_FFFF))])
            .filter(|&(lo, hi)| lo <= hi)
            .collect();
        ranges.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        let mut ascii = 0u128;
        for &(lo, hi) in &merged {
            for c in lo..=hi.min(127) {
                ascii |= 1 << c;
            }
        }
        Terminal {
            ascii,
            ranges: merged,
            name,
            leaf,
        }
    }

    #[inline]
    pub(super) fn matches(&self, c: char) -> bool {
        let c = u32::from(c);
        if c < 128 {
            return self.ascii >> c & 1 == 1;
        }
        let at = self.ranges.partition_point(|&(_, hi)| hi < c);
        self.ranges.get(at).is_some_and(|&(lo, _)| lo <= c)
    }

    fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

/// The Earley grammar of one start rule.
#[derive(Clone, Debug)]
pub(super) struct Compiled {
    pub(super) exprs: Exprs,
    pub(super) start: u32,
    /// Per nonterminal.
    pub(super) labels: Vec<Label>,
    pub(super) nullable: Vec<bool>,
    /// Per nonterminal `x`, the first dots of its productions:
    /// `firsts[first_at[x]..first_at[x + 1]]`.
    pub(super) first_at: Vec<u32>,
    pub(super) firsts: Vec<u32>,
    /// Per dot: the symbol after it (a nonterminal, `TERM | t`, or `END`).
    pub(super) next: Vec<u32>,
    /// Per dot: the nonterminal its production derives.
    pub(super) lhs: Vec<u32>,
    /// Per dot: how many symbols of its production are before it.
    pub(super) index: Vec<u32>,
    /// Per dot: where it stands in the ABNF.
    pub(super) cursor: Vec<Cursor>,
    /// Per dot: the element its production is made from (for traces).
    pub(super) source: Vec<ExprId>,
    /// Per dot: whether the symbol after it begins its production for the
    /// engine's naming (first of every concatenation around it).
    pub(super) inherit: Vec<bool>,
    pub(super) terms: Vec<Terminal>,
    /// Per rule of `exprs`: whether it stands for one unit.
    pub(super) unit: Vec<bool>,
}

/// What a nonterminal is made from while lowering.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Made {
    Rule(usize),
    /// A group; `k > 0` is `T(k)` of a bounded repetition.
    Group(ExprId, u64),
}

/// One symbol of a production as it is built.
#[derive(Clone, Copy)]
struct Sym {
    sym: u32,
    cursor: Cursor,
    inherit: bool,
}

struct Prod {
    lhs: u32,
    source: ExprId,
    syms: Vec<Sym>,
}

/// A terminal's ranges, name and leaf text.
type TermKey = (Vec<(u32, u32)>, String, String);

struct Lower<'x> {
    x: &'x Exprs,
    made: Vec<(Made, usize)>,
    ids: HashMap<Made, u32>,
    prods: Vec<Prod>,
    terms: Vec<Terminal>,
    term_ids: HashMap<TermKey, u32>,
    symbols: usize,
}

/// Lowers `exprs` (start rule 0).
pub(super) fn lower(exprs: Exprs) -> Result<Compiled, EarleyError> {
    let mut l = Lower {
        x: &exprs,
        made: Vec::new(),
        ids: HashMap::new(),
        prods: Vec::new(),
        terms: Vec::new(),
        term_ids: HashMap::new(),
        symbols: 0,
    };
    let start = l.nonterminal(Made::Rule(0), 0)?;
    let mut at = 0;
    while let Some(&(made, owner)) = l.made.get(at) {
        l.productions(u32::try_from(at).unwrap_or(u32::MAX), made, owner)?;
        at += 1;
    }
    let Lower {
        made, prods, terms, ..
    } = l;
    let count = made.len();
    let productive = fixpoint(count, &prods, |s| s & TERM == 0 || term_ok(&terms, s));
    if !productive.get(start as usize).copied().unwrap_or(false) {
        return Err(EarleyError::Empty(exprs.rule_name(0).to_string()));
    }
    let prods: Vec<Prod> = prods
        .into_iter()
        .filter(|p| {
            p.syms
                .iter()
                .all(|s| s.sym & TERM != 0 || flag(&productive, s.sym))
        })
        .filter(|p| {
            p.syms
                .iter()
                .all(|s| s.sym & TERM == 0 || term_ok(&terms, s.sym))
        })
        .collect();
    let nullable = fixpoint(count, &prods, |s| s & TERM == 0);
    let labels = made
        .iter()
        .map(|&(m, _)| match m {
            Made::Rule(r) => Label::Rule(r),
            Made::Group(e, _) => Label::Group(e),
        })
        .collect();
    let mut c = Compiled {
        unit: exprs.unit_rules(),
        exprs: Exprs::default(),
        start,
        labels,
        nullable,
        first_at: Vec::with_capacity(count + 1),
        firsts: Vec::new(),
        next: Vec::new(),
        lhs: Vec::new(),
        index: Vec::new(),
        cursor: Vec::new(),
        source: Vec::new(),
        inherit: Vec::new(),
        terms,
    };
    let mut by_lhs: Vec<Vec<&Prod>> = (0..count).map(|_| Vec::new()).collect();
    for p in &prods {
        if let Some(v) = by_lhs.get_mut(p.lhs as usize) {
            v.push(p);
        }
    }
    for list in by_lhs {
        c.first_at.push(len32(c.firsts.len()));
        for p in list {
            c.firsts.push(len32(c.next.len()));
            for (i, s) in p.syms.iter().enumerate() {
                c.push_dot(p, i, s.sym, s.cursor, s.inherit);
            }
            c.push_dot(p, p.syms.len(), END, Cursor::After(p.source), false);
        }
    }
    c.first_at.push(len32(c.firsts.len()));
    c.exprs = exprs;
    Ok(c)
}

fn len32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn flag(v: &[bool], i: u32) -> bool {
    v.get(i as usize).copied().unwrap_or(false)
}

fn term_ok(terms: &[Terminal], s: u32) -> bool {
    terms
        .get((s & !TERM) as usize)
        .is_some_and(|t| !t.is_empty())
}

/// The least fixpoint of "some production of `x` has only symbols that
/// are `base` and, if nonterminals, already in": productive nonterminals
/// (every terminal that matches something is base) or nullable ones (no
/// terminal is). Linear: each production counts what it still waits for.
fn fixpoint(count: usize, prods: &[Prod], base: impl Fn(u32) -> bool) -> Vec<bool> {
    let mut done = vec![false; count];
    let mut waiting = vec![0usize; prods.len()];
    let mut uses: Vec<Vec<usize>> = (0..count).map(|_| Vec::new()).collect();
    let mut ready = Vec::new();
    for (p, prod) in prods.iter().enumerate() {
        if prod.syms.iter().any(|s| !base(s.sym)) {
            continue;
        }
        for s in prod.syms.iter().filter(|s| s.sym & TERM == 0) {
            if let (Some(w), Some(u)) = (waiting.get_mut(p), uses.get_mut(s.sym as usize)) {
                *w += 1;
                u.push(p);
            }
        }
        if waiting.get(p) == Some(&0) {
            ready.push(prod.lhs);
        }
    }
    while let Some(x) = ready.pop() {
        match done.get_mut(x as usize) {
            Some(d) if !*d => *d = true,
            _ => continue,
        }
        for &p in uses.get(x as usize).map_or(&[][..], |u| u.as_slice()) {
            if let Some(w) = waiting.get_mut(p) {
                *w -= 1;
                if *w == 0 {
                    if let Some(prod) = prods.get(p) {
                        ready.push(prod.lhs);
                    }
                }
            }
        }
    }
    done
}

impl Compiled {
    fn push_dot(&mut self, p: &Prod, i: usize, next: u32, cursor: Cursor, inherit: bool) {
        self.next.push(next);
        self.lhs.push(p.lhs);
        self.index.push(len32(i));
        self.cursor.push(cursor);
        self.source.push(p.source);
        self.inherit.push(inherit);
    }

    /// The productions of `x`, as ranges of first dots.
    #[inline]
    pub(super) fn firsts_of(&self, x: u32) -> &[u32] {
        let from = self.first_at.get(x as usize).copied().unwrap_or(0) as usize;
        let to = self.first_at.get(x as usize + 1).copied().unwrap_or(0) as usize;
        self.firsts.get(from..to).unwrap_or(&[])
    }

    pub(super) fn dot_next(&self, d: u32) -> u32 {
        self.next.get(d as usize).copied().unwrap_or(END)
    }

    pub(super) fn dot_lhs(&self, d: u32) -> u32 {
        self.lhs.get(d as usize).copied().unwrap_or(0)
    }

    pub(super) fn dot_index(&self, d: u32) -> u32 {
        self.index.get(d as usize).copied().unwrap_or(0)
    }

    pub(super) fn is_nullable(&self, x: u32) -> bool {
        flag(&self.nullable, x)
    }

    pub(super) fn term(&self, s: u32) -> Option<&Terminal> {
        self.terms.get((s & !TERM) as usize)
    }

    pub(super) fn label(&self, x: u32) -> Option<Label> {
        self.labels.get(x as usize).copied()
    }

    /// The rule `x` is named after, if it is not a group.
    pub(super) fn rule_of(&self, x: u32) -> Option<usize> {
        match self.label(x) {
            Some(Label::Rule(r)) => Some(r),
            _ => None,
        }
    }
}

impl Lower<'_> {
    fn nonterminal(&mut self, made: Made, owner: usize) -> Result<u32, EarleyError> {
        if let Some(&id) = self.ids.get(&made) {
            return Ok(id);
        }
        let id = u32::try_from(self.made.len())
            .ok()
            .filter(|&id| id < TERM)
            .ok_or_else(|| EarleyError::TooLarge("too many nonterminals".into()))?;
        self.made.push((made, owner));
        self.ids.insert(made, id);
        Ok(id)
    }

    fn push(&mut self, lhs: u32, source: ExprId, syms: Vec<Sym>) -> Result<(), EarleyError> {
        self.symbols += syms.len() + 1;
        if self.symbols > MAX_SYMBOLS {
            return Err(EarleyError::TooLarge(format!(
                "more than {MAX_SYMBOLS} grammar symbols"
            )));
        }
        self.prods.push(Prod { lhs, source, syms });
        Ok(())
    }

    /// The productions of nonterminal `id`.
    fn productions(&mut self, id: u32, made: Made, owner: usize) -> Result<(), EarleyError> {
        let x = self.x;
        match made {
            Made::Rule(r) => {
                let body = x.rules.get(r).map_or(0, |d| d.body);
                self.branches(id, body, owner)
            }
            Made::Group(e, 0) => match x.get(e) {
                Some(Expr::Alt(_)) => self.branches(id, e, owner),
                Some(Expr::Optional(body)) => {
                    self.push(id, e, Vec::new())?;
                    let syms = self.flatten(*body, owner)?;
                    self.push(id, *body, syms)
                }
                Some(Expr::Repeat { min, max, body }) => {
                    self.repeat(id, e, (*min, *max), *body, owner)
                }
                _ => {
                    let syms = self.flatten(e, owner)?;
                    self.push(id, e, syms)
                }
            },
            Made::Group(e, k) => {
                // T(k) = ε / T(k-1) X of a bounded repetition.
                let Some(Expr::Repeat { body, .. }) = x.get(e) else {
                    return Ok(());
                };
                let body = *body;
                let item = self.symbol(body, owner, true)?;
                self.push(id, e, Vec::new())?;
                if k == 1 {
                    self.push(id, e, vec![item])
                } else {
                    let t = self.nonterminal(Made::Group(e, k - 1), owner)?;
                    let prev = Sym {
                        sym: t,
                        cursor: Cursor::Before(body, 0),
                        inherit: false,
                    };
                    self.push(id, e, vec![prev, item])
                }
            }
        }
    }

    /// One production per branch of `body` if it is an alternation.
    fn branches(&mut self, id: u32, body: ExprId, owner: usize) -> Result<(), EarleyError> {
        match self.x.get(body) {
            Some(Expr::Alt(bs)) => {
                for &b in bs {
                    let syms = self.flatten(b, owner)?;
                    self.push(id, b, syms)?;
                }
                Ok(())
            }
            _ => {
                let syms = self.flatten(body, owner)?;
                self.push(id, body, syms)
            }
        }
    }

    fn repeat(
        &mut self,
        id: u32,
        e: ExprId,
        (min, max): (u64, Option<u64>),
        body: ExprId,
        owner: usize,
    ) -> Result<(), EarleyError> {
        if max == Some(0) {
            return self.push(id, e, Vec::new());
        }
        let extra = max.map(|m| m.saturating_sub(min));
        if min > MAX_REPEAT || extra.is_some_and(|x| x > MAX_REPEAT) {
            return Err(EarleyError::TooLarge(format!(
                "the repetition {} in {} is bounded above {MAX_REPEAT}",
                self.x.render(e, None),
                self.x.rule_name(owner)
            )));
        }
        let item = self.symbol(body, owner, true)?;
        let copies = vec![item; usize::try_from(min).unwrap_or(0)];
        match extra {
            None => {
                self.push(id, e, copies)?;
                let again = Sym {
                    sym: id,
                    cursor: Cursor::Before(body, 0),
                    inherit: false,
                };
                self.push(id, e, vec![again, item])
            }
            Some(0) => self.push(id, e, copies),
            Some(k) => {
                let t = self.nonterminal(Made::Group(e, k), owner)?;
                let mut syms = copies;
                syms.push(Sym { sym: t, ..item });
                self.push(id, e, syms)
            }
        }
    }

    /// `e` as one symbol: its terminal when it is one character, its rule,
    /// or a group of its own.
    fn symbol(&mut self, e: ExprId, owner: usize, inherit: bool) -> Result<Sym, EarleyError> {
        let cursor = Cursor::Before(e, 0);
        let sym = match self.x.get(e) {
            Some(Expr::Ref(r)) => self.nonterminal(Made::Rule(*r), *r)?,
            Some(Expr::Str { text, .. }) if text.chars().count() == 1 => {
                match self.flatten(e, owner)?.first() {
                    Some(s) => s.sym,
                    None => self.nonterminal(Made::Group(e, 0), owner)?,
                }
            }
            Some(Expr::Num(NumVal::Scalar(_) | NumVal::Range { .. })) => {
                match self.flatten(e, owner)?.first() {
                    Some(s) => s.sym,
                    None => self.nonterminal(Made::Group(e, 0), owner)?,
                }
            }
            Some(Expr::Prose(text)) => return Err(self.prose(owner, text)),
            _ => self.nonterminal(Made::Group(e, 0), owner)?,
        };
        Ok(Sym {
            sym,
            cursor,
            inherit,
        })
    }

    fn prose(&self, owner: usize, text: &str) -> EarleyError {
        EarleyError::Prose {
            rule: self.x.rule_name(owner).to_string(),
            prose: text.to_string(),
        }
    }

    /// The symbols `e` is spliced into a production as.
    fn flatten(&mut self, e: ExprId, owner: usize) -> Result<Vec<Sym>, EarleyError> {
        let mut out = Vec::new();
        let mut stack = vec![(e, true)];
        while let Some((e, inherit)) = stack.pop() {
            match self.x.get(e) {
                Some(Expr::Concat(items)) => {
                    for (i, &item) in items.iter().enumerate().rev() {
                        stack.push((item, inherit && i == 0));
                    }
                }
                Some(Expr::Str { text, sensitive }) => {
                    let name = if *sensitive {
                        format!("%s{text:?}")
                    } else {
                        format!("{text:?}")
                    };
                    for (i, c) in text.chars().enumerate() {
                        let mut ranges = vec![(u32::from(c), u32::from(c))];
                        if !sensitive && c.is_ascii_alphabetic() {
                            for o in [c.to_ascii_lowercase(), c.to_ascii_uppercase()] {
                                ranges.push((u32::from(o), u32::from(o)));
                            }
                        }
                        let one = c.to_string();
                        let leaf = if *sensitive {
                            format!("%s{one:?}")
                        } else {
                            format!("{one:?}")
                        };
                        let sym = self.terminal(ranges, name.clone(), leaf);
                        out.push(Sym {
                            sym,
                            cursor: Cursor::Before(e, len32(i)),
                            inherit,
                        });
                    }
                }
                Some(Expr::Num(v)) => {
                    let name = num_name(v);
                    let values: Vec<(u64, u64)> = match v {
                        NumVal::Scalar(v) => vec![(*v, *v)],
                        NumVal::Range { lo, hi } => vec![(*lo, *hi)],
                        NumVal::Concat(vs) => vs.iter().map(|&v| (v, v)).collect(),
                    };
                    let several = values.len() > 1;
                    for (i, (lo, hi)) in values.into_iter().enumerate() {
                        let hi = hi.min(0x10_FFFF);
                        let ranges = match (u32::try_from(lo), u32::try_from(hi)) {
                            (Ok(lo), Ok(hi)) if lo <= hi => vec![(lo, hi)],
                            _ => Vec::new(),
                        };
                        let leaf = if several {
                            num_name(&NumVal::Scalar(lo))
                        } else {
                            name.clone()
                        };
                        let sym = self.terminal(ranges, name.clone(), leaf);
                        out.push(Sym {
                            sym,
                            cursor: Cursor::Before(e, len32(i)),
                            inherit,
                        });
                    }
                }
                Some(Expr::Prose(text)) => return Err(self.prose(owner, text)),
                Some(_) => out.push(self.symbol(e, owner, inherit)?),
                None => {}
            }
        }
        Ok(out)
    }

    fn terminal(&mut self, ranges: Vec<(u32, u32)>, name: String, leaf: String) -> u32 {
        let key = (ranges, name, leaf);
        if let Some(&t) = self.term_ids.get(&key) {
            return t;
        }
        let t = len32(self.terms.len()) | TERM;
        let (ranges, name, leaf) = key.clone();
        self.terms.push(Terminal::new(ranges, name, leaf));
        self.term_ids.insert(key, t);
        t
    }
}

/// How a numeric value is named, as the engine names it: `%x41-5A`.
fn num_name(value: &NumVal) -> String {
    match value {
        NumVal::Scalar(v) => format!("%x{v:02X}"),
        NumVal::Range { lo, hi } => format!("%x{lo:02X}-{hi:02X}"),
        NumVal::Concat(vs) => {
            let parts: Vec<String> = vs.iter().map(|v| format!("{v:02X}")).collect();
            format!("%x{}", parts.join("."))
        }
    }
}
