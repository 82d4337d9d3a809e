//! Lowering the character-class automaton (`chars.rs`) to the byte-level
//! [`Automaton`](crate::Automaton) the library runs.
//!
//! - The ASCII bytes are grouped into byte classes, two bytes sharing a
//!   class when every state treats them alike; the bytes from 0x80 up
//!   share one class whose column is dead, where the run turns to the
//!   UTF-8 trie.
//! - The characters from U+0080 up become the UTF-8 trie of `utf8.rs`: the
//!   lead byte, then each continuation byte, picks a row, and the last one
//!   picks a column of the state's row (one column per distinct behaviour
//!   of the wide characters' classes). The trie is one for the automaton,
//!   whatever the state, so the tables grow with the states times the
//!   columns, not with the UTF-8 sequences each state takes.
//! - A state is *accelerated* when it loops on many bytes (a path, a
//!   query): its skip table says, for each byte, how many bytes the run
//!   may skip without leaving the state: 1 for a byte that loops, 2 to 4
//!   for the lead byte of a character all of whose encodings loop, and
//!   [`SKIP_PCT`] for a `%` that two hexadecimal digits bring back.
//! - The states are renumbered: the dead state 0, the accelerated states
//!   `1..=accelerated`, the tagged states (`appendix_b.rs`) after them,
//!   then the others, so that one comparison tells the run that a state
//!   is one of the first two kinds. Each row ends with a column holding
//!   its skip table's number, or a tagged state's tags (0 for neither;
//!   equal skip tables are stored once);
//!   where the tables are small
//!   enough the states are named by their row's offset (premultiplied), so
//!   a step is one addition and one load.

use super::chars::CharDfa;
use super::error::CompileError;
use super::utf8::{self, Step};
use crate::tables::{ACCELERATE_AT, GROUP, GROUP_SHIFT, MAX_GROUPS, Parts, SKIP_PCT, TRIE_NODE};
use std::borrow::Cow;
use std::collections::HashMap;

/// Lowers `dfa`; `brackets` are the bytes of the bracket pair, when the
/// rule has calls.
pub(super) fn lower(dfa: &CharDfa, brackets: Option<(u8, u8)>) -> Result<Parts, CompileError> {
    let n = dfa.states();
    let trie = utf8::trie(&dfa.beyond);
    let column_of = |class: u8| -> Vec<u16> { (0..n).map(|s| dfa.next(s, class)).collect() };

    // Byte classes: the ASCII bytes by their columns; every byte from 0x80
    // up in the class of the dead column.
    let dead_column = vec![0u16; n];
    let mut byte_columns: HashMap<Vec<u16>, u8> = HashMap::new();
    let mut byte_rows: Vec<Vec<u16>> = Vec::new();
    let mut byte_class = vec![0u8; 256];
    let mut class_of_column = |column: Vec<u16>| -> u8 {
        let next = byte_rows.len();
        *byte_columns.entry(column.clone()).or_insert_with(|| {
            byte_rows.push(column);
            u8::try_from(next).unwrap_or(u8::MAX)
        })
    };
    for (b, slot) in byte_class.iter_mut().enumerate() {
        *slot = if b < 0x80 {
            class_of_column(column_of(dfa.ascii.get(b).copied().unwrap_or(0)))
        } else {
            class_of_column(dead_column.clone())
        };
    }
    // Wide columns: the classes at the trie's leaves by their columns.
    let mut wide_columns: HashMap<Vec<u16>, usize> = HashMap::new();
    let mut wide_rows: Vec<Vec<u16>> = Vec::new();
    let mut column_of_class: HashMap<u8, usize> = HashMap::new();
    let leaves = trie.rows.iter().flatten().chain(trie.lead.iter());
    for &step in leaves {
        if let Step::Class(c @ 1..) = step {
            if column_of_class.contains_key(&c) {
                continue;
            }
            let column = column_of(c);
            let next = byte_rows.len() + wide_rows.len();
            let at = *wide_columns.entry(column.clone()).or_insert_with(|| {
                wide_rows.push(column);
                next
            });
            column_of_class.insert(c, at);
        }
    }
    let columns: Vec<Vec<u16>> = byte_rows.into_iter().chain(wide_rows).collect();
    let stride = columns.len() + 1;

    let lead_classes = lead_classes(&trie);
    // A tagged state is entered by a delimiter and left on the next
    // byte (appendix_b.rs): it loops on nothing, and is not accelerated.
    let skips: Vec<Option<[u8; 256]>> = (0..n)
        .map(|s| match dfa.tags_of(s) {
            0 => skip_table(dfa, s, &lead_classes, brackets),
            _ => None,
        })
        .collect();
    // Only a rule with calls (XRI's) has groups: its typed paths change
    // state at nearly every byte; the others' loops are single states.
    let mut groups = match brackets {
        Some(_) => super::groups::groups(dfa, &skips, &lead_classes, brackets),
        None => Vec::new(),
    };
    groups.truncate(usize::from(MAX_GROUPS));
    let mut group_of: Vec<Option<usize>> = vec![None; n];
    for (k, (states, _)) in groups.iter().enumerate() {
        for &s in states {
            if let Some(slot) = group_of.get_mut(s) {
                *slot = Some(k);
            }
        }
    }
    let grouped = |s: usize| matches!(group_of.get(s), Some(Some(_)));
    // The new numbering: dead, grouped and accelerated, tagged, the others.
    let mut order: Vec<usize> = vec![0];
    for (states, _) in &groups {
        order.extend(states.iter().copied());
    }
    order.extend((1..n).filter(|&s| !grouped(s) && matches!(skips.get(s), Some(Some(_)))));
    let accelerated = order.len() - 1;
    let plain = |s: usize| !grouped(s) && matches!(skips.get(s), Some(None));
    order.extend((1..n).filter(|&s| plain(s) && dfa.tags_of(s) != 0));
    let tagged = order.len() - 1 - accelerated;
    order.extend((1..n).filter(|&s| plain(s) && dfa.tags_of(s) == 0));
    let mut new_of = vec![0usize; n];
    for (new, &old) in order.iter().enumerate() {
        if let Some(slot) = new_of.get_mut(old) {
            *slot = new;
        }
    }
    let renumber = |old: u16| new_of.get(usize::from(old)).copied().unwrap_or(0);

    // Ids are the rows' offsets wherever they fit in 16 bits, with calls
    // too (the run with calls turns them back into indexes by a
    // multiplication: `Automaton::index_of`).
    let premultiplied = n * stride <= usize::from(u16::MAX);
    let id = |new: usize| -> Result<u16, CompileError> {
        let v = if premultiplied { new * stride } else { new };
        u16::try_from(v).map_err(|_| CompileError::TooLarge("state ids".into()))
    };
    let too_large = |what: &str| CompileError::TooLarge(what.to_string());
    let mut trans: Vec<u16> = Vec::with_capacity(n * stride);
    let mut flat_skips: Vec<u8> = Vec::new();
    let mut skip_masks: Vec<u8> = Vec::new();
    // The groups' tables first, numbered 1 on, each its own (its number
    // tells its states from another group's).
    for (_, table) in &groups {
        flat_skips.extend_from_slice(table);
        let entry = |b: u8| table.get(usize::from(b)).copied().unwrap_or(0);
        skip_masks.extend_from_slice(&crate::simd::nibble_masks(entry));
    }
    for (new, &old) in order.iter().enumerate() {
        for column in &columns {
            trans.push(id(renumber(column.get(old).copied().unwrap_or(0)))?);
        }
        let group = group_of.get(old).copied().flatten();
        // A group's state skips with its group's table, which covers its
        // own (`groups`).
        let own = match skips.get(old) {
            Some(Some(table)) if group.is_none() && (1..=accelerated).contains(&new) => {
                // Equal tables are stored once (not as a group's).
                let found = flat_skips
                    .chunks(256)
                    .enumerate()
                    .skip(groups.len())
                    .find(|(_, t)| *t == table.as_slice())
                    .map(|(k, _)| k + 1);
                match found {
                    Some(k) => k,
                    None => {
                        flat_skips.extend_from_slice(table);
                        let entry = |b: u8| table.get(usize::from(b)).copied().unwrap_or(0);
                        skip_masks.extend_from_slice(&crate::simd::nibble_masks(entry));
                        flat_skips.len() / 256
                    }
                }
            }
            _ => 0,
        };
        if let Some(k) = group {
            let k = u16::try_from(k + 1)
                .ok()
                .filter(|&k| k <= MAX_GROUPS)
                .ok_or_else(|| too_large("groups"))?;
            trans.push(GROUP | k << GROUP_SHIFT);
        } else if own != 0 {
            let own = u16::try_from(own)
                .ok()
                .filter(|&k| k < GROUP)
                .ok_or_else(|| too_large("skips"))?;
            trans.push(own);
        } else {
            // A tagged state's tags; 0 for the others.
            trans.push(u16::from(dfa.tags_of(old)));
        }
    }
    // The trie, its leaves named by column.
    if trie.rows.len() >= usize::from(TRIE_NODE) {
        return Err(too_large("UTF-8 trie"));
    }
    let entry = |step: Step| -> u16 {
        match step {
            Step::Class(c) => column_of_class
                .get(&c)
                .and_then(|&col| u16::try_from(col).ok())
                .unwrap_or(0),
            Step::Node(k) => TRIE_NODE | u16::try_from(k).unwrap_or(0),
        }
    };
    let lead: Vec<u16> = trie.lead.iter().map(|&s| entry(s)).collect();
    let rows: Vec<u16> = trie.rows.iter().flatten().map(|&s| entry(s)).collect();

    // What the states mean, in the new numbering.
    let index = |old: u16| -> u16 { u16::try_from(renumber(old)).unwrap_or(0) };
    let mut expect_at = vec![0u32];
    let mut expect: Vec<u16> = Vec::new();
    let mut expect_of: Vec<u16> = Vec::with_capacity(n);
    let mut sets: HashMap<&[u16], u16> = HashMap::new();
    let mut returns_at = vec![0u32];
    let mut returns: Vec<(u64, u16)> = Vec::new();
    for &old in &order {
        let names = dfa.expected(old);
        let set = match sets.get(names) {
            Some(&k) => k,
            None => {
                let k = u16::try_from(sets.len()).map_err(|_| too_large("expected sets"))?;
                expect.extend_from_slice(names);
                expect_at.push(u32::try_from(expect.len()).map_err(|_| too_large("names"))?);
                sets.insert(names, k);
                k
            }
        };
        expect_of.push(set);
        returns.extend(dfa.returns_of(old).iter().map(|&(m, t)| (m, index(t))));
        returns_at.push(u32::try_from(returns.len()).map_err(|_| too_large("returns"))?);
    }
    let per_state = |v: &[bool]| -> Vec<bool> {
        order
            .iter()
            .map(|&o| v.get(o).copied().unwrap_or(false))
            .collect()
    };
    let (open, close) = brackets.unwrap_or((0, 0));
    Ok(Parts {
        rule: Cow::Owned(dfa.rule.clone()),
        byte_class: Cow::Owned(byte_class),
        stride,
        premultiplied,
        trans: Cow::Owned(trans),
        lead: Cow::Owned(lead),
        trie: Cow::Owned(rows),
        start: renumber(1),
        accelerated,
        tagged,
        skips: Cow::Owned(flat_skips),
        skip_masks: Cow::Owned(skip_masks),
        accept: Cow::Owned(per_state(&dfa.accept)),
        expect_of: Cow::Owned(expect_of),
        expect_at: Cow::Owned(expect_at),
        expect: Cow::Owned(expect),
        names: Cow::Owned(dfa.names.iter().map(|s| Cow::Owned(s.clone())).collect()),
        open,
        close,
        call: Cow::Owned(
            order
                .iter()
                .map(|&o| index(dfa.call.get(o).copied().unwrap_or(0)))
                .collect(),
        ),
        ret_mask: Cow::Owned(
            order
                .iter()
                .map(|&o| dfa.ret_mask.get(o).copied().unwrap_or(0))
                .collect(),
        ),
        returns_at: Cow::Owned(returns_at),
        returns: Cow::Owned(returns),
        max_depth: dfa.max_depth,
    })
}

/// For each lead byte `0xC2..=0xF4`, the classes its valid encodings end
/// in (0 among them when some encoding is in no class).
fn lead_classes(trie: &utf8::Trie) -> Vec<(u8, Vec<u8>)> {
    let mut memo: HashMap<u32, Vec<u8>> = HashMap::new();
    (0xC2u8..=0xF4)
        .map(|lead| {
            let (lo, hi) = utf8::second_byte(lead);
            let step = trie.lead.get(usize::from(lead - 0x80)).copied();
            let mut classes = Vec::new();
            if let Some(step) = step {
                below(trie, step, lo, hi, &mut memo, &mut classes);
            }
            classes.sort_unstable();
            classes.dedup();
            (lead, classes)
        })
        .collect()
}

/// The classes the continuations `lo..=hi` of `step` (then any
/// continuation) end in, added to `out`.
fn below(
    trie: &utf8::Trie,
    step: Step,
    lo: u8,
    hi: u8,
    memo: &mut HashMap<u32, Vec<u8>>,
    out: &mut Vec<u8>,
) {
    let node = match step {
        Step::Class(c) => return out.push(c),
        Step::Node(k) => k,
    };
    let full = lo == 0x80 && hi == 0xBF;
    if full && let Some(known) = memo.get(&node) {
        return out.extend_from_slice(known);
    }
    let row = usize::try_from(node).ok().and_then(|k| trie.rows.get(k));
    let mut found = Vec::new();
    for b in lo..=hi {
        let next = row.and_then(|r| r.get(usize::from(b - 0x80)).copied());
        below(
            trie,
            next.unwrap_or(Step::Class(0)),
            0x80,
            0xBF,
            memo,
            &mut found,
        );
    }
    found.sort_unstable();
    found.dedup();
    out.extend_from_slice(&found);
    if full {
        memo.insert(node, found);
    }
}

/// State `s`'s skip table, if it loops on enough bytes to be worth it.
/// Bracket bytes are never skipped: the run with calls must see them.
fn skip_table(
    dfa: &CharDfa,
    s: usize,
    lead_classes: &[(u8, Vec<u8>)],
    brackets: Option<(u8, u8)>,
) -> Option<[u8; 256]> {
    if s == 0 {
        return None;
    }
    let on = |state: usize, b: u8| usize::from(dfa.next(state, dfa.class_of(u32::from(b))));
    let mut table = [0u8; 256];
    let mut looping = 0;
    for (b, slot) in (0u8..0x80).zip(table.iter_mut()) {
        let bracket = brackets.is_some_and(|(o, c)| o == b || c == b);
        if !bracket && on(s, b) == s {
            *slot = 1;
            looping += 1;
        }
    }
    if looping < ACCELERATE_AT {
        return None;
    }
    for (lead, classes) in lead_classes {
        let keeps = !classes.is_empty()
            && classes
                .iter()
                .all(|&c| c != 0 && usize::from(dfa.next(s, c)) == s);
        if keeps && let Some(slot) = table.get_mut(usize::from(*lead)) {
            *slot = u8::try_from(utf8::width(*lead)).unwrap_or(0);
        }
    }
    let hex: Vec<u8> = (0u8..0x80).filter(u8::is_ascii_hexdigit).collect();
    let p1 = on(s, b'%');
    let p2 = on(p1, b'0');
    let percent = p1 != 0
        && p2 != 0
        && hex.iter().all(|&h| on(p1, h) == p2)
        && hex.iter().all(|&h| on(p2, h) == s);
    if percent && let Some(slot) = table.get_mut(usize::from(b'%')) {
        *slot = SKIP_PCT;
    }
    Some(table)
}
