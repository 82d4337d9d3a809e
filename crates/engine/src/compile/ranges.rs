//! Code-point ranges as both of the engine's readers of ABNF see them:
//! merged into sorted sets, and numeric values named the way an expected
//! set shows them. The NFA builder (`nfa.rs`) and the Earley parser
//! (xiri's `workbench/earley/`) share them, so the two name a terminal alike.

use abnf_oracle::NumVal;

/// How a numeric value is shown in an expected set: `%x41-5A` (the Earley
/// parser names its terminals the same way).
///
/// ```
/// assert_eq!(xiri_engine::num_name(&abnf_oracle::NumVal::Range { lo: 0x41, hi: 0x5A }), "%x41-5A");
/// ```
pub fn num_name(value: &NumVal) -> String {
    match value {
        NumVal::Scalar(v) => format!("%x{v:02X}"),
        NumVal::Range { lo, hi } => format!("%x{lo:02X}-{hi:02X}"),
        NumVal::Concat(vs) => {
            let parts: Vec<String> = vs.iter().map(|v| format!("{v:02X}")).collect();
            format!("%x{}", parts.join("."))
        }
    }
}

/// Sorted, merged ranges: overlapping or adjacent ones joined.
///
/// ```
/// assert_eq!(xiri_engine::merge_ranges(vec![(5, 9), (0, 2), (3, 4)]), [(0, 9)]);
/// ```
pub fn merge(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}
