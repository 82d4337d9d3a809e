//! The invariants of an [`Automaton`]'s tables (crates/engine/src/tables.rs,
//! module documentation), checked: what the run relies on, and what
//! `build.rs` holds every built-in automaton to before it writes it.

use crate::automaton::Automaton;
use crate::tables::{GROUP, GROUP_SHIFT, MAX_GROUPS, Parts, SKIP_PCT, TRIE_NODE};
use crate::utf8::{second_byte, width as utf8_width};

impl Automaton {
    /// The automaton of `parts`, if they keep the invariants
    /// [`is_consistent`](Automaton::is_consistent) checks.
    ///
    /// ```
    /// let a = xiri_engine::compile("a = \"x\"\n", "a", &Default::default()).unwrap();
    /// let mut parts = (*a).clone();
    /// assert!(xiri_engine::Automaton::from_parts(parts.clone()).is_some());
    /// parts.start = 1_000;
    /// assert!(xiri_engine::Automaton::from_parts(parts).is_none());
    /// ```
    pub fn from_parts(parts: Parts) -> Option<Automaton> {
        let automaton = Automaton(parts);
        automaton.is_consistent().then_some(automaton)
    }

    /// The automaton of `parts`, unchecked, in a constant: what the Rust
    /// source [`to_rust`](crate::to_rust) writes calls, for an automaton
    /// that was consistent when it was written.
    ///
    /// # Safety
    ///
    /// `parts` must keep the invariants [`is_consistent`](Automaton::is_consistent)
    /// checks: the run reads the transition table unchecked where they
    /// make an entry exist.
    ///
    /// ```
    /// let a = xiri_engine::compile("a = \"x\"\n", "a", &Default::default()).unwrap();
    /// // SAFETY: the parts of a compiled automaton, unchanged.
    /// let b = unsafe { xiri_engine::Automaton::from_parts_unchecked((*a).clone()) };
    /// assert!(b.matches("x"));
    /// ```
    pub const unsafe fn from_parts_unchecked(parts: Parts) -> Automaton {
        Automaton(parts)
    }

    /// Whether the tables keep the invariants the run relies on: the
    /// compiler's output always does. Among them, that every skip is
    /// sound: each byte, `%XX` and character a state's skip table steps
    /// over does keep the state.
    ///
    /// ```
    /// let abnf = "g = *( \"a\" / %xE9 / \"(\" g \")\" )\n";
    /// let options = xiri_engine::Options::new().with_brackets('(', ')');
    /// assert!(xiri_engine::compile(abnf, "g", &options).unwrap().is_consistent());
    /// ```
    pub fn is_consistent(&self) -> bool {
        if !(self.shapes_hold() && self.targets_hold()) {
            return false;
        }
        // Per byte, the columns below it if it leads a character of two
        // bytes or more, found once: each skip table's check asks for them.
        let leads: Vec<Vec<u16>> = (0..=u8::MAX)
            .map(|b| match utf8_width(b) {
                2..=4 => self.lead_columns(b),
                _ => Vec::new(),
            })
            .collect();
        self.skips_hold(&leads)
            && self.groups_hold(&leads)
            && self.masks_hold()
            && self.names_hold()
    }

    /// Whether no two neighbours of `sorted` are equal.
    fn distinct<T: PartialEq>(sorted: &[T]) -> bool {
        sorted.windows(2).all(|w| w.first() != w.last())
    }

    /// Each name is in `names` once (the compiler interns them) and each
    /// expected set lists an index once: a refusal lists each name once
    /// without comparing strings (`Automaton::refusal`).
    fn names_hold(&self) -> bool {
        let mut names: Vec<&str> = self.names.iter().map(|n| n.as_ref()).collect();
        names.sort_unstable();
        Self::distinct(&names)
            && self.expect_at.windows(2).all(|w| {
                let (from, to) = (
                    w.first().map_or(0, |&a| a as usize),
                    w.last().map_or(0, |&a| a as usize),
                );
                let mut set = self.expect.get(from..to).unwrap_or_default().to_vec();
                set.sort_unstable();
                Self::distinct(&set)
            })
    }

    /// Every table has the length the states and classes give it.
    fn shapes_hold(&self) -> bool {
        let states = self.states();
        let classes = self.stride.saturating_sub(1);
        self.byte_class.len() == 256
            && self.byte_class.iter().all(|&c| usize::from(c) < classes)
            && classes >= 1
            && states >= 2
            && self.trans.len() == states * self.stride
            && (!self.premultiplied || states * self.stride <= usize::from(u16::MAX) + 1)
            && self.start != 0
            && self.start < states
            && self.accelerated + self.tagged < states
            && self.skips.len().is_multiple_of(256)
            && self.skips.len() <= self.accelerated * 256
            && self.skip_masks.len() * 8 == self.skips.len()
            && self.expect_of.len() == states
            && self
                .expect_of
                .iter()
                .all(|&k| usize::from(k) + 1 < self.expect_at.len())
            && self.expect_at.windows(2).all(|w| w.first() <= w.last())
            && self
                .expect_at
                .last()
                .is_some_and(|&e| e as usize == self.expect.len())
            && self
                .expect
                .iter()
                .all(|&n| usize::from(n) < self.names.len())
            && self.call.len() == states
            && self.ret_mask.len() == states
            && self.returns_at.len() == states + 1
            && self.open.is_ascii()
            && self.close.is_ascii()
    }

    /// Every transition, call, return and trie entry names what exists,
    /// and every state's last column numbers a skip table or holds a
    /// tagged state's tags (0 for neither).
    fn targets_hold(&self) -> bool {
        let states = self.states();
        let stride = self.stride;
        let names_state = |t: u16| {
            let t = usize::from(t);
            if self.premultiplied {
                t % stride == 0 && t / stride < states
            } else {
                t < states
            }
        };
        let below = |s: u16| usize::from(s) < states;
        self.trans
            .chunks(stride.max(1))
            .enumerate()
            .all(|(s, row)| {
                let (skip, classes) = row.split_last().unwrap_or((&0, &[]));
                let tagged = self.accelerated + 1..=self.accelerated + self.tagged;
                let tables = self.skips.len() / 256;
                let numbered = if (1..=self.accelerated).contains(&s) && *skip & GROUP != 0 {
                    // A group's number, and nothing else.
                    let group = usize::from(*skip >> GROUP_SHIFT & MAX_GROUPS);
                    *skip & !(GROUP | MAX_GROUPS << GROUP_SHIFT) == 0
                        && (1..=tables).contains(&group)
                } else if (1..=self.accelerated).contains(&s) {
                    (1..=tables).contains(&usize::from(*skip))
                } else if tagged.contains(&s) {
                    // Some of the six tags of Appendix B's split.
                    (1..64).contains(skip)
                } else {
                    *skip == 0
                };
                numbered && classes.iter().all(|&t| names_state(t))
            })
            && self.call.iter().all(|&s| below(s))
            && self.returns.iter().all(|&(_, s)| below(s))
            && self.trie_holds()
    }

    /// The UTF-8 trie: 128 lead entries, whole rows of 64, every entry a
    /// row that exists or a column of the rows (0 for none).
    fn trie_holds(&self) -> bool {
        let rows = self.trie.len() / 64;
        let columns = self.stride.saturating_sub(1);
        self.lead.len() == 128
            && self.trie.len().is_multiple_of(64)
            && self.lead.iter().chain(self.trie.iter()).all(|&e| {
                if e & TRIE_NODE != 0 {
                    usize::from(e & !TRIE_NODE) < rows
                } else {
                    usize::from(e) < columns
                }
            })
    }

    /// Each skip table's nibble masks pick its plain bytes, and no other.
    fn masks_hold(&self) -> bool {
        self.skips
            .chunks(256)
            .zip(self.skip_masks.chunks(32))
            .all(|(table, masks)| {
                masks
                    == super::simd::nibble_masks(|b| {
                        table.get(usize::from(b)).copied().unwrap_or(0)
                    })
            })
    }

    /// The last column of state `s`.
    fn last_column(&self, s: usize) -> u16 {
        self.trans
            .get(s * self.stride + self.stride.saturating_sub(1))
            .copied()
            .unwrap_or(0)
    }

    /// The index of the state `t` names in `trans`.
    fn named(&self, t: u16) -> usize {
        let t = usize::from(t);
        if self.premultiplied {
            t / self.stride.max(1)
        } else {
            t
        }
    }

    /// Every group's table takes each unit it skips, from every state of
    /// the group (the accelerated states whose last column is the same,
    /// with [`GROUP`]), to one same state of the group, through no tagged
    /// state; brackets are never skipped.
    fn groups_hold(&self, leads: &[Vec<u16>]) -> bool {
        let tagged =
            |s: usize| (self.accelerated + 1..=self.accelerated + self.tagged).contains(&s);
        // A group's states: those with its number.
        let number = |s: usize| {
            let column = self.last_column(s);
            (column & GROUP != 0).then_some(column >> GROUP_SHIFT & MAX_GROUPS)
        };
        (1..=self.accelerated).all(|first| {
            let Some(column) = number(first) else {
                return true;
            };
            let group: Vec<usize> = (1..=self.accelerated)
                .filter(|&s| number(s) == Some(column))
                .collect();
            // One same state of the group from each of its states.
            let agree = |to: &dyn Fn(usize) -> usize| {
                let target = to(first);
                group.contains(&target) && group.iter().all(|&s| to(s) == target)
            };
            let hex: Vec<u8> = (0u8..0x80).filter(u8::is_ascii_hexdigit).collect();
            self.table_holds(
                usize::from(column),
                |b| agree(&|s| self.next_char(s, &[b])),
                || {
                    agree(&|s| self.pct(s, b'0', b'0'))
                        && group.iter().all(|&s| {
                            let p1 = self.next_char(s, b"%");
                            p1 != 0
                                && !tagged(p1)
                                && hex.iter().all(|&h| {
                                    let p2 = self.next_char(p1, &[h]);
                                    p2 != 0
                                        && !tagged(p2)
                                        && hex.iter().all(|&g| {
                                            self.pct(s, h, g) == self.pct(first, b'0', b'0')
                                        })
                                })
                        })
                },
                |b| {
                    leads.get(usize::from(b)).into_iter().flatten().all(|&c| {
                        c != 0
                            && agree(&|s| {
                                let at = s * self.stride + usize::from(c);
                                self.named(self.trans.get(at).copied().unwrap_or(0))
                            })
                    })
                },
            )
        })
    }

    /// Whether every entry of skip table `number` (from 1) is sound: an
    /// ASCII byte (never a bracket of a rule with calls) that `byte`
    /// allows, a `%` when `pct` allows `%XX`, a lead byte of the width
    /// given that `character` allows; 0 for any byte not skipped.
    fn table_holds(
        &self,
        number: usize,
        byte: impl Fn(u8) -> bool,
        pct: impl Fn() -> bool,
        character: impl Fn(u8) -> bool,
    ) -> bool {
        let brackets = [self.open, self.close];
        let from = number.saturating_sub(1) * 256;
        let table = self.skips.get(from..from + 256).unwrap_or(&[]);
        table.len() == 256
            && table.iter().zip(0u8..=u8::MAX).all(|(&n, b)| match n {
                0 => true,
                1 => b.is_ascii() && !(self.has_calls() && brackets.contains(&b)) && byte(b),
                SKIP_PCT => b == b'%' && pct(),
                2..=4 => utf8_width(b) == usize::from(n) && character(b),
                _ => false,
            })
    }

    /// The state after `%`, `h` and `g` from `s`.
    fn pct(&self, s: usize, h: u8, g: u8) -> usize {
        let p1 = self.next_char(s, b"%");
        self.next_char(self.next_char(p1, &[h]), &[g])
    }

    /// Every skip table entry keeps the states that use the table.
    fn skips_hold(&self, leads: &[Vec<u16>]) -> bool {
        (1..=self.accelerated).all(|s| {
            let column = self.last_column(s);
            if column & GROUP != 0 {
                // A group's state: its group's table, in `groups_hold`.
                return true;
            }
            self.table_holds(
                usize::from(column),
                |b| self.next_char(s, &[b]) == s,
                || self.percent_keeps(s),
                |b| {
                    let columns = leads.get(usize::from(b)).map_or(&[][..], Vec::as_slice);
                    self.character_keeps(s, columns)
                },
            )
        })
    }

    /// Whether `%` and any two hexadecimal digits lead from `s` back to it.
    fn percent_keeps(&self, s: usize) -> bool {
        let hex: Vec<u8> = (0u8..0x80).filter(u8::is_ascii_hexdigit).collect();
        let p1 = self.next_char(s, b"%");
        p1 != 0
            && hex.iter().all(|&h| {
                let p2 = self.next_char(p1, &[h]);
                p2 != 0 && hex.iter().all(|&g| self.next_char(p2, &[g]) == s)
            })
    }

    /// Whether every valid encoding that starts with a lead byte leads
    /// from `s` back to it: every one of its `columns`
    /// ([`Automaton::lead_columns`]) keeps `s`.
    fn character_keeps(&self, s: usize, columns: &[u16]) -> bool {
        columns.iter().all(|&c| {
            let next = self
                .trans
                .get(s * self.stride + usize::from(c))
                .copied()
                .unwrap_or(0);
            c != 0 && self.named(next) == s
        })
    }

    /// The columns the valid encodings that start with `lead` end in (0
    /// for those in no class).
    fn lead_columns(&self, lead: u8) -> Vec<u16> {
        let (lo, hi) = second_byte(lead);
        let first = self.lead.get(usize::from(lead.wrapping_sub(0x80))).copied();
        let mut columns: Vec<u16> = Vec::new();
        let mut todo: Vec<(u16, u8, u8, usize)> =
            vec![(first.unwrap_or(0), lo, hi, utf8_width(lead) - 1)];
        while let Some((entry, lo, hi, rem)) = todo.pop() {
            if rem == 0 || entry & TRIE_NODE == 0 {
                let column = if rem == 0 && entry & TRIE_NODE == 0 {
                    entry
                } else {
                    0
                };
                if !columns.contains(&column) {
                    columns.push(column);
                }
                continue;
            }
            let row = usize::from(entry & !TRIE_NODE) * 64;
            let mut seen: Vec<u16> = Vec::new();
            for b in lo..=hi {
                let next = self
                    .trie
                    .get(row + usize::from(b & 0x3F))
                    .copied()
                    .unwrap_or(0);
                if !seen.contains(&next) {
                    seen.push(next);
                    todo.push((next, 0x80, 0xBF, rem - 1));
                }
            }
        }
        columns
    }
}

#[cfg(test)]
mod tests;
