//! How an element becomes symbols of a production: a concatenation is
//! spliced, a quoted string is a terminal per character (both ASCII cases
//! unless `%s`), a numeric value a terminal per value or range, a rule its
//! nonterminal, anything else a group of its own.

use super::error::EarleyError;
use super::expr::{Cursor, Expr, ExprId};
use super::grammar::{Terminal, TERM};
use super::lower::{len32, Lower, Made, Sym};
use abnf_oracle::NumVal;
use xiri_engine::num_name;

impl Lower<'_> {
    /// `e` as one symbol: its terminal when it is one character, its rule,
    /// or a group of its own.
    pub(super) fn symbol(
        &mut self,
        e: ExprId,
        owner: usize,
        inherit: bool,
    ) -> Result<Sym, EarleyError> {
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

    /// The symbols `e` is spliced into a production as.
    pub(super) fn flatten(&mut self, e: ExprId, owner: usize) -> Result<Vec<Sym>, EarleyError> {
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
