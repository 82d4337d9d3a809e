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
//!   is linear. `m*nX` is `R = X…X T(n-m)` with `T(k) = ε / X T(k-1)`.
//!   A body that is not one symbol is a group of its own.
//!
//! Productions with a symbol that derives nothing (an unproductive rule,
//! a numeric value no Unicode scalar value has) are dropped, so that every
//! prefix an Earley set is reached with is a prefix of some member.

use super::error::{EarleyError, MAX_REPEAT, MAX_SYMBOLS};
use super::expr::{Cursor, Expr, ExprId, Exprs};
use super::grammar::{flag, Compiled, Label, Terminal, END, TERM};
use std::collections::HashMap;

/// A terminal's ranges, name and leaf text.
pub(super) type TermKey = (Vec<(u32, u32)>, String, String);

/// What a nonterminal is made from while lowering.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Made {
    Rule(usize),
    /// A group; `k > 0` is `T(k)` of a bounded repetition.
    Group(ExprId, u64),
}

/// One symbol of a production as it is built.
#[derive(Clone, Copy)]
pub(super) struct Sym {
    pub(super) sym: u32,
    pub(super) cursor: Cursor,
    pub(super) inherit: bool,
}

struct Prod {
    lhs: u32,
    source: ExprId,
    syms: Vec<Sym>,
}

pub(super) struct Lower<'x> {
    pub(super) x: &'x Exprs,
    made: Vec<(Made, usize)>,
    ids: HashMap<Made, u32>,
    prods: Vec<Prod>,
    pub(super) terms: Vec<Terminal>,
    pub(super) term_ids: HashMap<TermKey, u32>,
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

pub(super) fn len32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
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
}

impl Lower<'_> {
    pub(super) fn nonterminal(&mut self, made: Made, owner: usize) -> Result<u32, EarleyError> {
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
                // T(k) = ε / X T(k-1) of a bounded repetition: right
                // recursion, so that only the counts an iteration has
                // reached are predicted at a position (left recursion
                // would predict all k at once, at every start).
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
                    let rest = Sym {
                        sym: t,
                        cursor: Cursor::Before(body, 0),
                        inherit: false,
                    };
                    self.push(id, e, vec![item, rest])
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

    pub(super) fn prose(&self, owner: usize, text: &str) -> EarleyError {
        EarleyError::Prose {
            rule: self.x.rule_name(owner).to_string(),
            prose: text.to_string(),
        }
    }
}
