//! Borrowed or owned alike: what the XRI operations take. Any of the four
//! XRI types lends an [`XriRef`]; the absolute two lend an [`Xri`].

use super::buf::{XriBuf, XriRefBuf};
use super::{Xri, XriRef};

/// An XRI reference, borrowed or owned, absolute or not: what `resolve`
/// and `is_equivalent` take.
///
/// ```
/// let base = xiri::Xri::parse("@a/b/c").unwrap();
/// let owned: xiri::XriRefBuf = "../d".parse().unwrap();
/// assert_eq!(base.resolve(&owned).unwrap().as_str(), "@a/d");
/// ```
pub trait AsXriRef {
    /// The borrowed reference.
    ///
    /// ```
    /// use xiri::AsXriRef;
    /// let owned: xiri::XriBuf = "@a".parse().unwrap();
    /// assert!(owned.borrow_xri_ref().is_absolute());
    /// ```
    fn borrow_xri_ref(&self) -> XriRef<'_>;
}

/// An absolute XRI, borrowed or owned: what `relativize` takes.
///
/// ```
/// let base = xiri::Xri::parse("@a/b/c").unwrap();
/// let target: xiri::XriBuf = "@a/b/d".parse().unwrap();
/// assert_eq!(base.relativize(&target).unwrap().as_str(), "d");
/// ```
pub trait AsXri: AsXriRef {
    /// The borrowed absolute XRI.
    ///
    /// ```
    /// use xiri::AsXri;
    /// let owned: xiri::XriBuf = "@a".parse().unwrap();
    /// assert_eq!(owned.borrow_xri().authority().as_str(), "@a");
    /// ```
    fn borrow_xri(&self) -> Xri<'_>;
}

impl AsXriRef for XriRef<'_> {
    fn borrow_xri_ref(&self) -> XriRef<'_> {
        *self
    }
}

impl AsXriRef for Xri<'_> {
    fn borrow_xri_ref(&self) -> XriRef<'_> {
        **self
    }
}

impl AsXriRef for XriRefBuf {
    fn borrow_xri_ref(&self) -> XriRef<'_> {
        self.as_borrowed()
    }
}

impl AsXriRef for XriBuf {
    fn borrow_xri_ref(&self) -> XriRef<'_> {
        *self.as_xri()
    }
}

impl AsXri for Xri<'_> {
    fn borrow_xri(&self) -> Xri<'_> {
        *self
    }
}

impl AsXri for XriBuf {
    fn borrow_xri(&self) -> Xri<'_> {
        self.as_xri()
    }
}
