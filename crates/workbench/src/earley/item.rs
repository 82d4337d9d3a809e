//! An Earley item: a dotted position and the set it began in.

/// An item: dotted position and origin (a position in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Item {
    pub(super) dot: u32,
    pub(super) origin: u32,
}
