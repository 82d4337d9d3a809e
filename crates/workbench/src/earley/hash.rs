//! A fast hash for the integer keys of the chart and the forest (the
//! multiply-rotate hash of rustc's `FxHasher`); nothing here is keyed by
//! input an attacker chooses freely enough to make collisions matter more
//! than the item budget already bounds.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher.
#[derive(Default, Clone, Copy)]
pub(super) struct Fx(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(SEED);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The high bits are the well-mixed ones; hashbrown takes the top 7
        // for its tags and the low ones for the bucket.
        self.0 ^ self.0 >> 29
    }
}

pub(super) type FxSet<K> = HashSet<K, BuildHasherDefault<Fx>>;
pub(super) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;
