//! Borrowed or owned alike: what the operations take. A value of syntax
//! `S` lends a borrowed [`Reference`] (any of the four types) or an
//! [`Absolute`] (the absolute two), parsing nothing.

use super::{Absolute, AbsoluteBuf, Reference, ReferenceBuf};
use crate::syntax::GenericSyntax;

/// A reference of syntax `S`, borrowed or owned, absolute or not: what
/// `resolve` and `is_equivalent` take, so that an owned value needs no
/// `as_borrowed()`.
///
/// ```
/// use xiri::AsReference;
/// let base = xiri::Iri::parse("http://a/b/c").unwrap();
/// let owned: xiri::IriRefBuf = "../d".parse().unwrap();
/// let borrowed = xiri::IriRef::parse("../d").unwrap();
/// assert_eq!(base.resolve(&owned), base.resolve(&borrowed));
/// assert_eq!(owned.borrow_reference(), borrowed);
/// ```
pub trait AsReference<S: GenericSyntax> {
    /// The borrowed reference.
    ///
    /// ```
    /// use xiri::AsReference;
    /// let absolute = xiri::Uri::parse("x:y").unwrap();
    /// assert_eq!(absolute.borrow_reference().as_str(), "x:y");
    /// ```
    fn borrow_reference(&self) -> Reference<'_, S>;
}

/// An absolute reference of syntax `S`, borrowed or owned: what
/// `relativize` takes.
///
/// ```
/// use xiri::AsAbsolute;
/// let base = xiri::Uri::parse("http://a/b/c").unwrap();
/// let target: xiri::UriBuf = "http://a/b/d".parse().unwrap();
/// assert_eq!(base.relativize(&target).as_str(), "d");
/// assert_eq!(target.borrow_absolute().scheme(), "http");
/// ```
pub trait AsAbsolute<S: GenericSyntax>: AsReference<S> {
    /// The borrowed absolute reference.
    ///
    /// ```
    /// use xiri::AsAbsolute;
    /// let owned: xiri::IriBuf = "x:y".parse().unwrap();
    /// assert_eq!(owned.borrow_absolute().as_str(), "x:y");
    /// ```
    fn borrow_absolute(&self) -> Absolute<'_, S>;
}

impl<S: GenericSyntax> AsReference<S> for Reference<'_, S> {
    fn borrow_reference(&self) -> Reference<'_, S> {
        *self
    }
}

impl<S: GenericSyntax> AsReference<S> for Absolute<'_, S> {
    fn borrow_reference(&self) -> Reference<'_, S> {
        **self
    }
}

impl<S: GenericSyntax> AsReference<S> for ReferenceBuf<S> {
    fn borrow_reference(&self) -> Reference<'_, S> {
        self.as_borrowed()
    }
}

impl<S: GenericSyntax> AsReference<S> for AbsoluteBuf<S> {
    fn borrow_reference(&self) -> Reference<'_, S> {
        *self.as_borrowed()
    }
}

impl<S: GenericSyntax> AsAbsolute<S> for Absolute<'_, S> {
    fn borrow_absolute(&self) -> Absolute<'_, S> {
        *self
    }
}

impl<S: GenericSyntax> AsAbsolute<S> for AbsoluteBuf<S> {
    fn borrow_absolute(&self) -> Absolute<'_, S> {
        self.as_borrowed()
    }
}
