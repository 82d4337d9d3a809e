//! ABNF expressions (RFC 5234 section 4), and the one-character classes of
//! character rules derived from them, for the XRI typed reader's tables.
//!
//! Compiled into `build.rs` only (not into the library): `build.rs` writes
//! the classes into `$OUT_DIR/scan_tables.rs` for `src/syntax/scan.rs`.
//! The automata of whole rules are the engine's (src/engine/compile/);
//! this file and its classes go when the XRI typed tree is read from the
//! engine's spans (issue 13).

use std::collections::HashMap;

/// An ABNF expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// `a / b / ...`
    Alt(Vec<Expr>),
    /// `a b ...`
    Cat(Vec<Expr>),
    /// `min*max element`; `[ x ]` is `0*1 x`.
    Rep(u32, Option<u32>, Box<Expr>),
    /// A rule by name.
    Rule(String),
    /// One character from these inclusive ranges (a one-character string,
    /// both cases of a letter, or `%xHH-HH`).
    Chars(Vec<(u32, u32)>),
    /// `<prose>`: matches nothing the tables can use.
    Prose(String),
}

/// Parses the body of a production (comments already stripped).
pub fn parse_expr(body: &str) -> Result<Expr, String> {
    let mut p = ExprParser {
        s: body.as_bytes(),
        i: 0,
    };
    let e = p.alternation()?;
    p.skip_ws();
    if p.i != p.s.len() {
        return Err(format!(
            "unexpected {:?} at {} in {body:?}",
            &body[p.i..],
            p.i
        ));
    }
    Ok(e)
}

struct ExprParser<'s> {
    s: &'s [u8],
    i: usize,
}

impl ExprParser<'_> {
    fn skip_ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.i).copied()
    }

    fn alternation(&mut self) -> Result<Expr, String> {
        let mut alts = vec![self.concatenation()?];
        while self.peek() == Some(b'/') {
            self.i += 1;
            alts.push(self.concatenation()?);
        }
        Ok(if alts.len() == 1 {
            alts.pop().unwrap()
        } else {
            Expr::Alt(alts)
        })
    }

    fn concatenation(&mut self) -> Result<Expr, String> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == b'/' || c == b')' || c == b']' {
                break;
            }
            items.push(self.repetition()?);
        }
        match items.len() {
            0 => Err(format!("empty concatenation at {}", self.i)),
            1 => Ok(items.pop().unwrap()),
            _ => Ok(Expr::Cat(items)),
        }
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()
    }

    fn repetition(&mut self) -> Result<Expr, String> {
        self.skip_ws();
        let min = self.number();
        let (min, max) = if self.s.get(self.i) == Some(&b'*') {
            self.i += 1;
            (min.unwrap_or(0), self.number())
        } else {
            match min {
                Some(n) => (n, Some(n)),
                None => return self.element(),
            }
        };
        Ok(Expr::Rep(min, max, Box::new(self.element()?)))
    }

    fn element(&mut self) -> Result<Expr, String> {
        self.skip_ws();
        let c = *self.s.get(self.i).ok_or("an element at the end")?;
        match c {
            b'(' | b'[' => {
                self.i += 1;
                let inner = self.alternation()?;
                let close = if c == b'(' { b')' } else { b']' };
                if self.peek() != Some(close) {
                    return Err(format!("missing {:?} at {}", close as char, self.i));
                }
                self.i += 1;
                Ok(if c == b'(' {
                    inner
                } else {
                    Expr::Rep(0, Some(1), Box::new(inner))
                })
            }
            b'"' => {
                let start = self.i + 1;
                let end = start
                    + self.s[start..]
                        .iter()
                        .position(|&b| b == b'"')
                        .ok_or("an unterminated string")?;
                self.i = end + 1;
                let chars: Vec<Expr> = self.s[start..end]
                    .iter()
                    .map(|&b| Expr::Chars(case_insensitive(b)))
                    .collect();
                Ok(match chars.len() {
                    1 => chars.into_iter().next().unwrap(),
                    _ => Expr::Cat(chars),
                })
            }
            b'%' => {
                self.i += 1;
                let radix = match self.s.get(self.i) {
                    Some(b'x' | b'X') => 16,
                    Some(b'd' | b'D') => 10,
                    Some(b'b' | b'B') => 2,
                    _ => return Err(format!("a num-val base at {}", self.i)),
                };
                self.i += 1;
                let first = self.digits(radix)?;
                match self.s.get(self.i) {
                    Some(b'-') => {
                        self.i += 1;
                        let last = self.digits(radix)?;
                        Ok(Expr::Chars(vec![(first, last)]))
                    }
                    Some(b'.') => {
                        let mut seq = vec![Expr::Chars(vec![(first, first)])];
                        while self.s.get(self.i) == Some(&b'.') {
                            self.i += 1;
                            let n = self.digits(radix)?;
                            seq.push(Expr::Chars(vec![(n, n)]));
                        }
                        Ok(Expr::Cat(seq))
                    }
                    _ => Ok(Expr::Chars(vec![(first, first)])),
                }
            }
            b'<' => {
                let end = self.i
                    + self.s[self.i..]
                        .iter()
                        .position(|&b| b == b'>')
                        .ok_or("an unterminated prose-val")?;
                let prose = String::from_utf8_lossy(&self.s[self.i + 1..end]).into_owned();
                self.i = end + 1;
                Ok(Expr::Prose(prose))
            }
            c if c.is_ascii_alphabetic() => {
                let start = self.i;
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'-')
                {
                    self.i += 1;
                }
                Ok(Expr::Rule(
                    String::from_utf8_lossy(&self.s[start..self.i]).into_owned(),
                ))
            }
            _ => Err(format!("unexpected {:?} at {}", c as char, self.i)),
        }
    }

    fn digits(&mut self, radix: u32) -> Result<u32, String> {
        let start = self.i;
        while self.i < self.s.len() && (self.s[self.i] as char).is_digit(radix) {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
        u32::from_str_radix(text, radix).map_err(|e| format!("{text:?}: {e}"))
    }
}

/// ABNF strings are case-insensitive: a letter stands for both cases.
fn case_insensitive(b: u8) -> Vec<(u32, u32)> {
    let (lower, upper) = (b.to_ascii_lowercase() as u32, b.to_ascii_uppercase() as u32);
    if lower == upper {
        vec![(lower, lower)]
    } else {
        vec![(upper, upper), (lower, lower)]
    }
}

/// A grammar: each rule's expression, by name (ABNF names are
/// case-insensitive; they are kept as written and looked up exactly, as the
/// grammars spell them consistently).
pub struct Rules(pub HashMap<String, Expr>);

impl Rules {
    /// Parses every production of an RFC 5234-layout text (later texts'
    /// productions replace earlier ones).
    pub fn from_texts(texts: &[&str]) -> Result<Rules, String> {
        let mut rules = HashMap::new();
        for text in texts {
            for p in crate::abnf::productions(text) {
                let e = parse_expr(&p.body).map_err(|e| format!("{}: {e}", p.name))?;
                rules.insert(p.name, e);
            }
        }
        Ok(Rules(rules))
    }

    fn get(&self, name: &str) -> Result<&Expr, String> {
        self.0.get(name).ok_or_else(|| format!("no rule {name}"))
    }

    /// The characters `e` matches as one-character alternatives.
    fn singles(&self, e: &Expr, out: &mut Vec<(u32, u32)>) -> Result<(), String> {
        match e {
            Expr::Chars(r) => out.extend(r),
            Expr::Alt(alts) => {
                for a in alts {
                    self.singles(a, out)?;
                }
            }
            Expr::Rule(n) => self.singles(self.get(n)?, out)?,
            Expr::Cat(items) if items.len() == 1 => self.singles(&items[0], out)?,
            Expr::Rep(1, Some(1), x) => self.singles(x, out)?,
            _ => {}
        }
        Ok(())
    }

    /// Whether `pct-encoded` is one of `e`'s alternatives (through rule
    /// references).
    fn has_pct(&self, e: &Expr) -> Result<bool, String> {
        Ok(match e {
            Expr::Rule(n) if n == "pct-encoded" => true,
            Expr::Rule(n) => self.has_pct(self.get(n)?)?,
            Expr::Alt(alts) => {
                let mut any = false;
                for a in alts {
                    any |= self.has_pct(a)?;
                }
                any
            }
            _ => false,
        })
    }

    /// Every alternative of `e` is one character or `pct-encoded`, so the
    /// class and the pct flag are the whole of it.
    fn check_modelled(&self, e: &Expr, rule: &str) -> Result<(), String> {
        match e {
            Expr::Chars(_) => Ok(()),
            Expr::Alt(alts) => alts.iter().try_for_each(|a| self.check_modelled(a, rule)),
            Expr::Rule(n) if n == "pct-encoded" => Ok(()),
            Expr::Rule(n) => self.check_modelled(self.get(n)?, rule),
            other => Err(format!(
                "{rule}: the fast path models a class as single characters and pct-encoded, not {other:?}"
            )),
        }
    }

    /// The class of characters a rule's repeated element matches, and
    /// whether `pct-encoded` is among its alternatives: for `*( a / b )`
    /// its element, for `x *( a / b )` (scheme, IPvFuture) its last item's
    /// element, otherwise the rule itself.
    pub fn class(&self, rule: &str) -> Result<Class, String> {
        let mut e = self.get(rule)?;
        if let Expr::Cat(items) = e {
            e = items.last().unwrap();
        }
        if let Expr::Rep(_, _, x) = e {
            e = x;
        }
        self.check_modelled(e, rule)?;
        let mut ranges = Vec::new();
        self.singles(e, &mut ranges)?;
        Ok(Class {
            ranges: merge(ranges),
            pct: self.has_pct(e)?,
        })
    }
}

/// A character class: inclusive ranges, sorted and merged, and whether
/// `%` HEXDIG HEXDIG is allowed too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Class {
    pub ranges: Vec<(u32, u32)>,
    pub pct: bool,
}

impl Class {
    pub fn contains(&self, c: u32) -> bool {
        self.ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi)
    }
}

fn merge(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (lo, hi) in ranges {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}
