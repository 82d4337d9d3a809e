//! The one place the tests, benchmarks and fuzz targets call `normalize`,
//! `relativize` and `is_equivalent`, so that the four families of absolute
//! types are one spelling: `normalize` is fallible (NFC and NFKC refuse to
//! change the structure) and XRI `relativize` is too (XRI resolution is).
//!
//! Only `std` and `xiri` are used here, so that `fuzz/` can include it.

use xiri::{
    Iri, IriBis, IriBisBuf, IriBisRefBuf, IriBuf, IriRefBuf, Leiri, LeiriBuf, LeiriRefBuf,
    Normalization, ParseError, Uri, UriBuf, UriRefBuf, Xri, XriBuf, XriRefBuf, ZonedIri,
    ZonedIriBuf, ZonedIriRefBuf,
};

/// The three operations, one spelling for every absolute type.
pub trait Adapt {
    /// What `normalize` gives.
    type Normal;
    /// What `relativize` gives; its text through `AsRef<str>`.
    type Relative: AsRef<str>;

    /// `normalize(options)`; an `Err` when NFC or NFKC cannot be applied.
    fn normal(&self, options: Normalization) -> Result<Self::Normal, ParseError>;

    /// `relativize(target)`; an `Err` only for XRIs whose target does not
    /// resolve.
    fn relative(&self, target: &Self) -> Result<Self::Relative, ParseError>;

    /// `is_equivalent(other, options)`.
    fn equivalent(&self, other: &Self, options: Normalization) -> bool;
}

macro_rules! adapt {
    ($Abs:ident, $Normal:ty, $Relative:ty, $relative:expr) => {
        impl Adapt for $Abs<'_> {
            type Normal = $Normal;
            type Relative = $Relative;

            fn normal(&self, options: Normalization) -> Result<$Normal, ParseError> {
                self.normalize(options)
            }

            fn relative(&self, target: &Self) -> Result<$Relative, ParseError> {
                $relative(self, target)
            }

            fn equivalent(&self, other: &Self, options: Normalization) -> bool {
                self.is_equivalent(other, options)
            }
        }
    };
}

adapt!(Uri, UriBuf, UriRefBuf, |b: &Uri, t| Ok(b.relativize(t)));
adapt!(Iri, IriBuf, IriRefBuf, |b: &Iri, t| Ok(b.relativize(t)));
adapt!(IriBis, IriBisBuf, IriBisRefBuf, |b: &IriBis, t| Ok(
    b.relativize(t)
));
adapt!(Leiri, LeiriBuf, LeiriRefBuf, |b: &Leiri, t| Ok(
    b.relativize(t)
));
adapt!(Xri, XriBuf, XriRefBuf, |b: &Xri, t| b.relativize(t));
adapt!(ZonedIri, ZonedIriBuf, ZonedIriRefBuf, |b: &ZonedIri, t| Ok(
    b.relativize(t)
));

/// Every combination of the three options.
pub fn all_options() -> impl Iterator<Item = Normalization> {
    (0..8u8).map(|bits| {
        Normalization::default()
            .with_nfc(bits & 1 != 0)
            .with_nfkc(bits & 2 != 0)
            .with_scheme_based(bits & 4 != 0)
    })
}
