//! [`Xri20`]: XRI 2.0's marker of [`Syntax`](crate::Syntax), naming the
//! XRI types and their operations, so code generic over the five syntaxes
//! takes XRIs too.

use super::{Xri, XriBuf, XriRef, XriRefBuf};
use crate::normalize::Normalization;
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;

/// OASIS XRI Syntax 2.0 (`XriRef`, `Xri`, `XriRefBuf`, `XriBuf`), read
/// by the policy of [`XriRef::parse`]. Not a
/// [`GenericSyntax`](crate::GenericSyntax): an XRI's authority,
/// sub-segments and cross-references are not RFC 3986's components.
///
/// ```
/// use xiri::Syntax;
/// assert_eq!(xiri::Xri20::GRAMMAR, xiri::Grammar::Xri);
/// let x = xiri::Xri20::parse_reference("@example/(+contact)").unwrap();
/// assert_eq!(x.authority().unwrap().as_str(), "@example");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Xri20;

impl crate::syntax::sealed::Sealed for Xri20 {}

impl crate::syntax::Syntax for Xri20 {
    const GRAMMAR: Grammar = Grammar::Xri;
    type Ref<'a> = XriRef<'a>;
    type Abs<'a> = Xri<'a>;
    type RefBuf = XriRefBuf;
    type AbsBuf = XriBuf;

    fn parse_reference(text: &str) -> Result<XriRef<'_>, ParseError> {
        XriRef::parse(text)
    }

    fn parse_absolute(text: &str) -> Result<Xri<'_>, ParseError> {
        Xri::parse(text)
    }

    fn to_reference_buf(reference: &XriRef<'_>) -> XriRefBuf {
        reference.to_buf()
    }

    fn to_absolute_buf(absolute: &Xri<'_>) -> XriBuf {
        absolute.to_buf()
    }

    fn as_reference(owned: &XriRefBuf) -> XriRef<'_> {
        owned.as_borrowed()
    }

    fn as_absolute(owned: &XriBuf) -> Xri<'_> {
        owned.as_xri()
    }

    fn resolve(base: &Xri<'_>, reference: &XriRef<'_>) -> Result<XriBuf, ParseError> {
        base.resolve(reference)
    }

    fn relativize(base: &Xri<'_>, target: &Xri<'_>) -> Result<XriRefBuf, ParseError> {
        base.relativize(target)
    }

    fn normalize(reference: &XriRef<'_>, options: Normalization) -> Result<XriRefBuf, ParseError> {
        reference.normalize(options)
    }

    fn is_equivalent(a: &XriRef<'_>, b: &XriRef<'_>, options: Normalization) -> bool {
        a.is_equivalent(b, options)
    }
}
