//! The operations every syntax has, written once over the library's
//! `Syntax` trait (resolve, relativize, normalize, compare, convert), on
//! the owned references the Python classes hold.

use xiri::{Conversion, Grammar, Normalization, ParseError, Syntax, UriOptions};

/// The normalization options Python passes as keywords.
pub(crate) fn options(nfc: bool, nfkc: bool, scheme_based: bool) -> Normalization {
    Normalization::new()
        .with_nfc(nfc)
        .with_nfkc(nfkc)
        .with_scheme_based(scheme_based)
}

/// An owned reference from an owned absolute one, parsing nothing.
fn reference_of<S: Syntax>(absolute: &S::AbsBuf) -> S::RefBuf {
    S::to_reference_buf(&S::Ref::from(S::as_absolute(absolute)))
}

/// `reference` resolved against `base`, which must be absolute.
pub(crate) fn resolve<S: Syntax>(
    base: &S::RefBuf,
    reference: &S::RefBuf,
) -> Result<S::RefBuf, ParseError> {
    let base = S::parse_absolute(base.as_ref())?;
    let target = S::resolve(&base, &S::as_reference(reference))?;
    Ok(reference_of::<S>(&target))
}

/// The reference that resolves against `base` to `target` (both absolute).
pub(crate) fn relativize<S: Syntax>(
    base: &S::RefBuf,
    target: &S::RefBuf,
) -> Result<S::RefBuf, ParseError> {
    let base = S::parse_absolute(base.as_ref())?;
    let target = S::parse_absolute(target.as_ref())?;
    S::relativize(&base, &target)
}

pub(crate) fn normalize<S: Syntax>(
    value: &S::RefBuf,
    options: Normalization,
) -> Result<S::RefBuf, ParseError> {
    S::normalize(&S::as_reference(value), options)
}

pub(crate) fn is_equivalent<S: Syntax>(
    a: &S::RefBuf,
    b: &S::RefBuf,
    options: Normalization,
) -> bool {
    S::is_equivalent(&S::as_reference(a), &S::as_reference(b), options)
}

/// `text` (of `from`) converted to `to` by the library's `Conversion`
/// (IDNA for the host when `idna`); a syntax into itself is the text
/// checked in the target (IRI-bis is IRI there).
pub(crate) fn convert(
    text: &str,
    from: Grammar,
    to: Grammar,
    idna: bool,
) -> Result<String, ParseError> {
    match Conversion::new(from, to) {
        Ok(mut conversion) => {
            conversion.uri = UriOptions::default().with_idna(idna);
            Ok(conversion.apply(text)?.output().to_string())
        }
        Err(_) => {
            to.reference().check(text)?;
            Ok(text.to_string())
        }
    }
}
