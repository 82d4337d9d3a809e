//! A stage's tables read off its reference rule's automaton: each
//! component's set is the bytes the state a probe leaves the automaton in
//! loops on, so nothing of the grammar is written twice.

use super::{FRAGMENT, HEX, HOST, PATH, PORT, QUERY, SCHEME, SETS, Stage, USERINFO};
use crate::automaton::Automaton;
use crate::simd::masks_of;
use crate::tables::GROUP;

/// The delimiters a component's set is given, in the order of
/// [`Stage::outside`]'s bits (`block::COLON` to `block::AT`).
const DELIMITERS: [u8; 5] = [b':', b'/', b'?', b'#', b'@'];
use std::fmt::Write as _;

/// For each set, the probes that must all leave the automaton in the
/// state whose loop is the set (a component's byte after its delimiter,
/// with and without a scheme or an authority before it), and the prefix
/// whose state each of the set's bytes must take to that state (the
/// component's first byte), where the component's first byte leads
/// there: a host's does not (a digit may start an IPv4 address), nor a
/// path's or a scheme's (the split's automaton tells their first bytes
/// apart).
const PROBES: [(&[&str], Option<&str>); HEX] = [
    (&["a"], None),
    (&["//u:x", "a://u:x"], None),
    (&["//u@h", "a://u@h"], None),
    (&["//u@h:0", "a://u@h:0"], Some("//u@h:")),
    (&["/s", "a:/s", "a:s", "//h/s", "a://h/s", "s/s"], None),
    (&["?q", "a:?q", "//h?q", "/s?q"], Some("?")),
    (&["#f", "a:#f", "//h#f", "/s?q#f"], Some("#")),
];

impl Automaton {
    /// The bytes `state` (an index) loops on, as a [`Stage`]'s sets are
    /// derived: the ASCII bytes that keep it; "%" if every `%XX` of
    /// `hex`'s digits keeps it; a lead byte from 0xC2 up all of whose
    /// characters keep it (by its skip table, so only in an accelerated
    /// state) with the continuation bytes. For sets derived outside the
    /// engine (the XRI block stage).
    ///
    /// ```
    /// let a = xiri_engine::compile("r = \"a\" *ALPHA\n", "r", &Default::default()).unwrap();
    /// let keeps = a.loop_bytes(a.next_char(a.start, b"a"), &[false; 256]);
    /// assert!(keeps[usize::from(b'z')] && !keeps[usize::from(b'1')]);
    /// ```
    pub fn loop_bytes(&self, state: usize, hex: &[bool; 256]) -> [bool; 256] {
        self.loops(state, hex)
    }

    /// The state after the ASCII `probe` from the start (0 if refused).
    fn after(&self, probe: &str) -> usize {
        probe
            .bytes()
            .fold(self.start, |state, b| self.next_char(state, &[b]))
    }

    /// The bytes `state` loops on: ASCII bytes it keeps; `%` if every
    /// `%XX` of `hex` digits keeps it; a lead byte all of whose characters
    /// keep it (by its skip table) with the continuation bytes.
    // Run at build time on a compiled automaton; only 256-entry arrays
    // and a 256-entry skip table indexed by a byte.
    #[allow(clippy::indexing_slicing)]
    fn loops(&self, state: usize, hex: &[bool; 256]) -> [bool; 256] {
        let mut keeps = [false; 256];
        // No allocation: the XRI stage runs this at its first parse.
        let digits = || (0u8..=u8::MAX).filter(|&b| hex[usize::from(b)]);
        for b in 0u8..0x80 {
            keeps[usize::from(b)] = if b == b'%' {
                let after = self.next_char(state, b"%");
                after != 0
                    && digits().all(|h| {
                        let first = self.next_char(after, &[h]);
                        digits().all(|l| self.next_char(first, &[l]) == state)
                    })
            } else {
                self.next_char(state, &[b]) == state
            };
        }
        let column = self
            .trans
            .get(state * self.stride + self.stride.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        if (1..=self.accelerated).contains(&state) && column & GROUP == 0 && column != 0 {
            let from = usize::from(column - 1) * 256;
            if let Some(skip) = self.skips.get(from..from + 256) {
                for b in 0xC2..=0xF4 {
                    if (2..=4).contains(&skip[b]) {
                        keeps[b] = true;
                        keeps[0x80..0xC0].fill(true);
                    }
                }
            }
        }
        keeps
    }
}

impl Stage {
    /// The stage of `automaton`, a reference rule of an RFC 3986-shaped
    /// grammar compiled with
    /// [`Options::with_split`](crate::Options::with_split): each set the
    /// bytes its component's state loops on. `None` for any other rule
    /// (no split recorded, calls, or probes of one component that end in
    /// different states).
    ///
    /// ```
    /// use xiri_engine::{compile, stage::Stage, Options};
    /// let a = compile("r = 1*DIGIT\n", "r", &Options::new().with_split()).unwrap();
    /// assert!(Stage::derive(&a).is_none());
    /// ```
    // Only 256-entry arrays indexed by a byte.
    #[allow(clippy::indexing_slicing)]
    pub fn derive(automaton: &Automaton) -> Option<Stage> {
        if !automaton.records_split() || automaton.has_calls() {
            return None;
        }
        let percent = automaton.after("?%");
        let mut hex = [false; 256];
        for b in 0u8..0x80 {
            hex[usize::from(b)] = percent != 0 && automaton.next_char(percent, &[b]) != 0;
        }
        if !hex[usize::from(b'0')] {
            return None;
        }
        let mut picked = [[false; 256]; SETS];
        picked[HEX] = hex;
        for (set, (probes, entry)) in PROBES.iter().enumerate() {
            let state = automaton.after(probes.first()?);
            if state == 0 || probes.iter().any(|p| automaton.after(p) != state) {
                return None;
            }
            let keeps = automaton.loops(state, &hex);
            if let Some(entry) = entry {
                let entry = automaton.after(entry);
                let enters = (0u8..0x80)
                    .filter(|&b| b != b'%' && keeps[usize::from(b)])
                    .all(|b| automaton.next_char(entry, &[b]) == state);
                if !enters {
                    return None;
                }
            }
            picked[set] = keeps;
        }
        // Each component's set with the delimiters, those it leaves out
        // noted: the checks add them back from the delimiters' masks.
        let mut outside = [0u8; SETS];
        for (set, outside) in picked.iter_mut().zip(&mut outside).take(HEX) {
            for (k, &d) in DELIMITERS.iter().enumerate() {
                if !set[usize::from(d)] {
                    *outside |= 1 << k;
                    set[usize::from(d)] = true;
                }
            }
        }
        let scheme = automaton.after("a");
        let mut first = [false; 256];
        for b in 0u8..0x80 {
            first[usize::from(b)] = automaton.next_char(automaton.start, &[b]) == scheme;
        }
        let mut class = [0u8; 256];
        for (b, class) in class.iter_mut().enumerate() {
            for (k, set) in picked.iter().enumerate() {
                *class |= u8::from(set[b]) << k;
            }
        }
        Some(Stage {
            sets: picked.map(|set| masks_of(&set)),
            class,
            scheme_first: masks_of(&first),
            outside,
        })
    }

    /// Whether the stage's tables are those [`Stage::derive`] reads off
    /// `automaton`: what the stage relies on to agree with it.
    ///
    /// ```
    /// use xiri_engine::{compile, stage::Stage, Options};
    /// let a = compile("r = 1*DIGIT\n", "r", &Options::new().with_split()).unwrap();
    /// assert!(!Stage::NONE.is_consistent(&a));
    /// ```
    pub fn is_consistent(&self, automaton: &Automaton) -> bool {
        Stage::derive(automaton).as_ref() == Some(self)
    }

    /// The stage as a Rust expression of type `xiri_engine::stage::Stage`,
    /// for a build script to write.
    ///
    /// ```
    /// let stage = xiri_engine::stage::Stage::NONE;
    /// assert!(stage.to_rust().starts_with("xiri_engine::stage::Stage {"));
    /// ```
    pub fn to_rust(&self) -> String {
        let list = |bytes: &[u8]| {
            bytes.iter().fold(String::new(), |mut s, b| {
                let _ = write!(s, "{b},");
                s
            })
        };
        let sets = self
            .sets
            .iter()
            .map(|set| format!("[{}]", list(set)))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "xiri_engine::stage::Stage {{ sets: [{sets}], class: [{}], scheme_first: [{}], outside: [{}] }}",
            list(&self.class),
            list(&self.scheme_first),
            list(&self.outside)
        )
    }
}

// The sets named here, so that a new one is given a probe.
const _: () = assert!(SCHEME == 0 && USERINFO == 1 && HOST == 2 && PORT == 3);
const _: () = assert!(PATH == 4 && QUERY == 5 && FRAGMENT == 6 && HEX == 7);
const _: () = {
    use super::block::{AT, COLON, HASH, QUESTION, SLASH};
    assert!(COLON == 1 && SLASH == 2 && QUESTION == 4 && HASH == 8 && AT == 16);
};
