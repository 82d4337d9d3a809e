//! What is printed of the ABNF: a production with a dot in it (traces)
//! and the text of a group (the labels of detailed trees), as abnf-oracle
//! prints ABNF, without recursion.

use super::expr::{Cursor, Expr, ExprId, Exprs};
use abnf_oracle::NumVal;
use std::fmt::Write as _;

impl Exprs {
    /// `id` as ABNF, with a dot where `cursor` says: `h16 ":" • ls32`,
    /// `*( "/" • segment )`, `"xr•i://"`.
    pub(super) fn render(&self, id: ExprId, cursor: Option<Cursor>) -> String {
        let mut out = String::new();
        let mut stack = vec![Task::Expr(id, Ctx::Free)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Text(t) => out.push_str(t),
                Task::Expr(id, ctx) => {
                    let Some(expr) = self.get(id) else { continue };
                    if cursor == Some(Cursor::Before(id, 0)) {
                        // A repetition's body: `*•pchar`.
                        out.push_str(if ctx == Ctx::Repeat { "•" } else { "• " });
                    }
                    if cursor == Some(Cursor::After(id)) {
                        stack.push(Task::Text(" •"));
                    }
                    if ctx.needs_parens(expr) {
                        out.push('(');
                        stack.push(Task::Text(")"));
                    }
                    stack.push(Task::Bare(id));
                }
                Task::Bare(id) => {
                    let inner = match cursor {
                        Some(Cursor::Before(at, n)) if at == id && n > 0 => Some(n as usize),
                        _ => None,
                    };
                    self.render_bare(id, inner, &mut out, &mut stack);
                }
            }
        }
        out
    }

    /// The text of `id` itself, its children left on `stack`.
    fn render_bare<'s>(
        &'s self,
        id: ExprId,
        inner: Option<usize>,
        out: &mut String,
        stack: &mut Vec<Task<'s>>,
    ) {
        let Some(expr) = self.get(id) else { return };
        match expr {
            Expr::Alt(bs) => push_joined(stack, bs, " / ", Ctx::Free),
            Expr::Concat(items) => push_joined(stack, items, " ", Ctx::Concat),
            Expr::Repeat { min, max, body } => {
                let _ = match (min, max) {
                    (0, None) => write!(out, "*"),
                    (min, None) => write!(out, "{min}*"),
                    (0, Some(max)) => write!(out, "*{max}"),
                    (min, Some(max)) if min == max => write!(out, "{min}"),
                    (min, Some(max)) => write!(out, "{min}*{max}"),
                };
                stack.push(Task::Expr(*body, Ctx::Repeat));
            }
            Expr::Optional(body) => {
                out.push('[');
                stack.push(Task::Text("]"));
                stack.push(Task::Expr(*body, Ctx::Free));
            }
            Expr::Ref(r) => out.push_str(self.rule_name(*r)),
            Expr::Str { text, sensitive } => {
                if *sensitive {
                    out.push_str("%s");
                }
                out.push('"');
                for (i, c) in text.chars().enumerate() {
                    if inner == Some(i) {
                        out.push('•');
                    }
                    out.push(c);
                }
                out.push('"');
            }
            Expr::Num(v) => {
                out.push_str("%x");
                match v {
                    NumVal::Scalar(v) => push_hex(out, *v),
                    NumVal::Range { lo, hi } => {
                        push_hex(out, *lo);
                        out.push('-');
                        push_hex(out, *hi);
                    }
                    NumVal::Concat(vs) => {
                        for (i, v) in vs.iter().enumerate() {
                            if i > 0 {
                                out.push('.');
                            }
                            if inner == Some(i) {
                                out.push('•');
                            }
                            push_hex(out, *v);
                        }
                    }
                }
            }
            Expr::Prose(text) => {
                let _ = write!(out, "<{text}>");
            }
        }
    }
}

/// What is left to print.
enum Task<'s> {
    /// An element where `Ctx` puts it: its dot and parentheses, then it.
    Expr(ExprId, Ctx),
    /// An element's own text.
    Bare(ExprId),
    Text(&'s str),
}

/// Where an element is printed, which decides its parentheses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Free,
    Concat,
    Repeat,
}

impl Ctx {
    fn needs_parens(self, expr: &Expr) -> bool {
        match self {
            Ctx::Free => false,
            Ctx::Concat => matches!(expr, Expr::Alt(_)),
            Ctx::Repeat => matches!(expr, Expr::Alt(_) | Expr::Concat(_) | Expr::Repeat { .. }),
        }
    }
}

fn push_joined<'s>(stack: &mut Vec<Task<'s>>, ids: &[ExprId], sep: &'s str, ctx: Ctx) {
    for (i, &id) in ids.iter().enumerate().rev() {
        stack.push(Task::Expr(id, ctx));
        if i > 0 {
            stack.push(Task::Text(sep));
        }
    }
}

/// Uppercase hex, zero-padded to an even number of digits, as abnf-oracle
/// prints it: `%x0D`, `%x41`, `%x0100`.
pub(super) fn push_hex(out: &mut String, value: u64) {
    let digits = format!("{value:X}");
    if digits.len() % 2 == 1 {
        out.push('0');
    }
    out.push_str(&digits);
}
