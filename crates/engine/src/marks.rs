//! The delimiters of RFC 3986 Appendix B's split that a run records
//! (`compile/appendix_b.rs`), one bit each, and where a run saw them.
//!
//! ```
//! use xiri_engine::marks::{FRAGMENT, QUERY};
//! let abnf = "r = *\"a\" [ \"?\" *\"b\" ] [ \"#\" *\"c\" ]\n";
//! let a = xiri_engine::compile(abnf, "r", &xiri_engine::Options::new().with_split()).unwrap();
//! let marks = a.check_split("aa?b#c").unwrap();
//! assert_eq!(marks.after(QUERY), Some(3));
//! assert_eq!(marks.after(FRAGMENT), Some(5));
//! ```

/// The ":" after a scheme.
pub const SCHEME_END: u8 = 1;
/// The second "/" of the "//" before an authority.
pub const AUTHORITY_START: u8 = 2;
/// The "/", "?" or "#" after an authority.
pub const AUTHORITY_END: u8 = 4;
/// The "?" before a query.
pub const QUERY: u8 = 8;
/// The "#" before a fragment.
pub const FRAGMENT: u8 = 16;
/// The "@" after the user information.
pub const USERINFO_END: u8 = 32;

/// For each of the bits above, the offset after its delimiter, 0
/// where the run saw none (no delimiter ends at offset 0).
///
/// ```
/// use xiri_engine::marks::{Marks, QUERY};
/// let mut marks = Marks::default();
/// marks.record(usize::from(QUERY), 4);
/// assert_eq!(marks.after(QUERY), Some(4));
/// marks.keep_until(3);
/// assert_eq!(marks.after(QUERY), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks([usize; 6]);

impl Marks {
    /// The run entered a state with `tags` before offset `at`.
    ///
    /// ```
    /// # use xiri_engine::marks::{Marks, SCHEME_END};
    /// let mut marks = Marks::default();
    /// marks.record(usize::from(SCHEME_END), 5);
    /// assert_eq!(marks.after(SCHEME_END), Some(5));
    /// ```
    #[inline]
    pub fn record(&mut self, tags: usize, at: usize) {
        // A select per bit rather than a branch: which tags a state
        // carries varies from one to the next, and a mispredicted
        // branch costs more than the six selects.
        for (bit, slot) in self.0.iter_mut().enumerate() {
            *slot = if tags & (1 << bit) != 0 { at } else { *slot };
        }
    }

    /// Leaves out the delimiters seen after offset `end`: the marks
    /// of the run's prefix up to `end`.
    ///
    /// ```
    /// # use xiri_engine::marks::{Marks, FRAGMENT};
    /// let mut marks = Marks::default();
    /// marks.record(usize::from(FRAGMENT), 9);
    /// marks.keep_until(9);
    /// assert_eq!(marks.after(FRAGMENT), Some(9));
    /// marks.keep_until(8);
    /// assert_eq!(marks.after(FRAGMENT), None);
    /// ```
    pub fn keep_until(&mut self, end: usize) {
        for slot in &mut self.0 {
            if *slot > end {
                *slot = 0;
            }
        }
    }

    /// The offset after the delimiter of `tag` (one of the bits), if
    /// the run saw it.
    ///
    /// ```
    /// # use xiri_engine::marks::{Marks, QUERY};
    /// assert_eq!(Marks::default().after(QUERY), None);
    /// ```
    #[inline]
    pub fn after(&self, tag: u8) -> Option<usize> {
        let at = self.0.get(tag.trailing_zeros() as usize).copied();
        at.filter(|&a| a != 0)
    }
}
