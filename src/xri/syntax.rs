//! [`Xri20`]: XRI 2.0's marker of [`Syntax`](crate::Syntax) (its
//! implementation, naming the XRI types and their operations, is in
//! src/family/mod.rs with the other four).

/// OASIS XRI Syntax 2.0 (`XriRef`, `Xri`, `XriRefBuf`, `XriBuf`), read
/// by the policy of [`XriRef::parse`](crate::XriRef::parse). Not a
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
