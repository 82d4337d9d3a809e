//! The one place the tests, benchmarks and fuzz targets call `normalize`,
//! `relativize` and `is_equivalent`, written for today's API. Issue 11
//! makes `normalize` fallible (NFC and NFKC can produce a delimiter or a
//! character outside the grammar) and may give XRI `relativize` an owned
//! reference type: when that lands, only this file changes.
//!
//! Only `std` and `xiri` are used here, so that `fuzz/` can include it.

use xiri::{
    Iri, IriBuf, IriRefBuf, Leiri, LeiriBuf, LeiriRefBuf, Normalization, ParseError, Uri, UriBuf,
    UriRefBuf, Xri, XriBuf,
};

/// The three operations, one spelling for every absolute type.
pub trait Adapt {
    /// What `normalize` gives.
    type Normal;
    /// What `relativize` gives; its text through `AsRef<str>`.
    type Relative: AsRef<str>;

    /// `normalize(options)`; an `Err` when NFC or NFKC cannot be applied.
    fn normal(&self, options: Normalization) -> Result<Self::Normal, ParseError>;

    /// `relativize(target)`.
    fn relative(&self, target: &Self) -> Self::Relative;

    /// `is_equivalent(other, options)`.
    fn equivalent(&self, other: &Self, options: Normalization) -> bool;
}

macro_rules! adapt {
    ($Abs:ident, $Normal:ty, $Relative:ty) => {
        impl Adapt for $Abs<'_> {
            type Normal = $Normal;
            type Relative = $Relative;

            fn normal(&self, options: Normalization) -> Result<$Normal, ParseError> {
                Ok(self.normalize(options))
            }

            fn relative(&self, target: &Self) -> $Relative {
                self.relativize(target)
            }

            fn equivalent(&self, other: &Self, options: Normalization) -> bool {
                self.is_equivalent(other, options)
            }
        }
    };
}

adapt!(Uri, UriBuf, UriRefBuf);
adapt!(Iri, IriBuf, IriRefBuf);
adapt!(Leiri, LeiriBuf, LeiriRefBuf);
adapt!(Xri, XriBuf, String);

/// Every combination of the three options.
pub fn all_options() -> impl Iterator<Item = Normalization> {
    (0..8u8).map(|bits| Normalization {
        nfc: bits & 1 != 0,
        nfkc: bits & 2 != 0,
        scheme_based: bits & 4 != 0,
    })
}
