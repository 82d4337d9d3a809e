//! The invariants' checks, each caught when a table is tampered with.
use crate::tables::{GROUP, GROUP_SHIFT, MAX_GROUPS, SKIP_PCT};
use crate::{Automaton, compile};

fn letters() -> Automaton {
    compile("a = *ALPHA \"!\"\n", "a", &Default::default()).unwrap()
}

#[test]
fn the_compiler_accelerates_a_loop_and_its_skips_are_sound() {
    let a = letters();
    assert_eq!(a.accelerated_states(), 1);
    assert!(a.is_consistent());
    assert!(a.check(&format!("{}!", "abc".repeat(50))).is_ok());
}

#[test]
fn a_skip_over_a_byte_that_leaves_the_state_is_caught() {
    let mut a = letters();
    a.0.skips.to_mut()[usize::from(b'!')] = 1;
    assert!(!a.is_consistent());
}

#[test]
fn a_mask_over_a_byte_that_leaves_the_state_is_caught() {
    let mut a = letters();
    // "!" is 0x21: bit 2 of the mask of low nibble 1.
    a.0.skip_masks.to_mut()[1] |= 1 << 2;
    assert!(!a.is_consistent());
}

#[test]
fn a_skip_over_a_percent_that_does_not_loop_is_caught() {
    let mut a = letters();
    a.0.skips.to_mut()[usize::from(b'%')] = SKIP_PCT;
    assert!(!a.is_consistent());
}

#[test]
fn a_skip_over_a_character_that_does_not_loop_is_caught() {
    let mut a = letters();
    a.0.skips.to_mut()[0xC3] = 2;
    assert!(!a.is_consistent());
}

/// A path of segments after "/" or "*", each a bracketed one or "-"
/// first, then letters: the states after the delimiter and after a
/// letter differ on "(" and "-", and agree on the letters, "/" and
/// "*", a group (only rules with calls have groups, and only tables
/// that step over "/", a path's).
const PATH: &str = "r = \"@\" *( ( \"/\" / \"*\" ) [ x / \"-\" ] *ALPHA )\nx = \"(\" r \")\"\n";

fn path() -> Automaton {
    let options = crate::Options::new().with_brackets('(', ')');
    compile(PATH, "r", &options).unwrap()
}

/// A state of the group, and its table's offset in `skips`.
fn group_of(a: &Automaton) -> (usize, usize) {
    let s = (1..=a.accelerated)
        .find(|&s| a.last_column(s) & GROUP != 0)
        .expect("a group");
    let number = a.last_column(s) >> GROUP_SHIFT & MAX_GROUPS;
    (s, usize::from(number - 1) * 256)
}

#[test]
fn the_compiler_groups_states_and_their_skips_are_sound() {
    let a = path();
    assert!(a.is_consistent());
    let (_, table) = group_of(&a);
    for (b, skipped) in [(b'a', 1), (b'/', 1), (b'*', 1), (b'-', 0), (b'(', 0)] {
        assert_eq!(
            a.skips[table + usize::from(b)],
            skipped,
            "{}",
            char::from(b)
        );
    }
    let long = "/abcdefghijklm*nopqrstuvwxyz/".repeat(3);
    let n = long.len();
    for (input, refused_at) in [
        ("@/ab*cd/efgh//**", None),
        ("@*-ab/-c*(@/x)de/", None),
        ("@/a-b", Some(3)),
        ("@/(@*a)/b(", Some(9)),
        (&format!("@{long}a(@)"), Some(n + 2)),
        (&format!("@{long}(@{long})b/c"), None),
        (&format!("@{long}-(@{long}"), Some(n + 2)),
        (&format!("@{long}(@{long}"), Some(2 * n + 3)),
        (&format!("@{long}(@{long}-ab-"), Some(2 * n + 6)),
    ] {
        assert_eq!(
            a.check(input).err().map(|r| r.offset),
            refused_at,
            "{input}"
        );
    }
}

#[test]
fn a_group_skip_over_a_byte_it_must_not_skip_is_caught() {
    // "-": the group's states disagree on it; "!": it leaves the group.
    for byte in [b'-', b'!'] {
        let mut a = path();
        let (_, table) = group_of(&a);
        a.0.skips.to_mut()[table + usize::from(byte)] = 1;
        assert!(!a.is_consistent(), "{}", char::from(byte));
    }
}

#[test]
fn a_tagged_state_without_tags_is_caught() {
    let abnf = "r = [ 1*ALPHA \":\" ] *( ALPHA / \"/\" ) [ \"?\" *ALPHA ] [ \"#\" *ALPHA ]\n";
    let options = crate::Options::new().with_split();
    let mut a = compile(abnf, "r", &options).unwrap();
    assert!(a.records_split() && a.is_consistent());
    let tagged = a.accelerated + 1;
    let last = tagged * a.stride + a.stride - 1;
    a.0.trans.to_mut()[last] = 0;
    assert!(!a.is_consistent());
}

#[test]
fn a_trie_entry_past_the_rows_is_caught() {
    let mut a = compile("a = *%xE9\n", "a", &Default::default()).unwrap();
    assert!(a.is_consistent());
    a.0.lead.to_mut()[0xC3 - 0x80] = super::TRIE_NODE | 999;
    assert!(!a.is_consistent());
}

#[test]
fn a_name_listed_twice_or_twice_in_a_set_is_caught() {
    let a = compile("a = \"xa\" / \"yb\" / 2DIGIT\n", "a", &Default::default()).unwrap();
    assert!(a.is_consistent());
    let mut twice = a.clone();
    let first = twice.names[0].clone();
    twice.0.names.to_mut()[1] = first;
    assert!(!twice.is_consistent());
    let mut set = a.clone();
    let start = usize::from(set.expect_of[set.start]);
    let from = set.expect_at[start] as usize;
    assert!(set.expect_at[start + 1] as usize - from >= 2);
    let name = set.expect[from];
    set.0.expect.to_mut()[from + 1] = name;
    assert!(!set.is_consistent());
}
