//! XRI resolution and relativization (XRI 2.0 2.4): RFC 3986 5.2 on the
//! XRI-normal form, each cross-reference one opaque unit.

use super::recompose::{same, Written};
use super::{AsXri, AsXriRef, Xri, XriBuf, XriRef, XriRefBuf};
use crate::resolve::{relative_path, remove_dot_segments, Slashes};
use crate::syntax::error::ParseError;

impl Xri<'_> {
    /// Resolves an XRI reference against this base (XRI 2.0 2.4.1): RFC
    /// 3986 5.2 on the XRI-normal form, with each cross-reference an opaque
    /// unit, so a "/" inside one delimits nothing. The target is checked
    /// and owned. It fails when the target is not an XRI: Appendix A is
    /// not closed under RFC 3986's algorithm in general (2.4.2.2 prints
    /// targets that are not XRIs; docs/DECISIONS.md), though no valid base
    /// and reference the tests have generated gives one; and with
    /// [`ErrorKind::Ambiguous`](crate::ErrorKind::Ambiguous) when the
    /// target's text reads as other components (an `iauthority` "(" that
    /// the reference's ")" would close).
    ///
    /// ```
    /// let base = xiri::Xri::parse("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q").unwrap();
    /// let reference = xiri::XriRef::parse("../!g!g").unwrap();
    /// assert_eq!(base.resolve(&reference).unwrap().as_str(), "xri://@a*a/!b!b/!g!g");
    /// ```
    pub fn resolve(&self, reference: &impl AsXriRef) -> Result<XriBuf, ParseError> {
        let reference = &reference.borrow_xri_ref();
        let mut text = String::new();
        let written = self.resolve_text(reference, &mut text);
        let target = XriBuf::parse(text)?;
        same(*target.as_xri().as_reference(), &written)?;
        Ok(target)
    }

    /// Resolves an XRI reference into the caller's buffer (cleared first);
    /// the target borrows it. Fails as [`resolve`](Self::resolve) does.
    ///
    /// ```
    /// let base = xiri::Xri::parse("@a/b/c").unwrap();
    /// let mut buffer = String::new();
    /// let target = base.resolve_into(&xiri::XriRef::parse("../d").unwrap(), &mut buffer).unwrap();
    /// assert_eq!(target.path(), "/d");
    /// ```
    pub fn resolve_into<'b>(
        &self,
        reference: &impl AsXriRef,
        buffer: &'b mut String,
    ) -> Result<Xri<'b>, ParseError> {
        let reference = &reference.borrow_xri_ref();
        let written = self.resolve_text(reference, buffer);
        let target = Xri::parse(buffer)?;
        same(*target.as_reference(), &written)?;
        Ok(target)
    }

    /// A reference that resolves against this base to what the target
    /// resolves to (the target with its dot segments removed): the
    /// shortest of a few forms that does, that target itself at worst.
    /// Cross-references are opaque, as in resolution. Fails only when the
    /// target does not resolve ([`resolve`](Self::resolve)).
    ///
    /// ```
    /// let base = xiri::Xri::parse("xri://@a*a/!b!b/c*c/(xri://@d*d/e)?q").unwrap();
    /// let target = xiri::Xri::parse("xri://@a*a/!b!b/!g!g").unwrap();
    /// let reference = base.relativize(&target).unwrap();
    /// assert_eq!(reference.as_str(), "../!g!g");
    /// ```
    pub fn relativize(&self, target: &impl AsXri) -> Result<XriRefBuf, ParseError> {
        let target = target.borrow_xri();
        let goal = self.resolve(target.as_reference())?;
        let target = goal.as_xri();
        let suffix = |with_query: bool| {
            let mut s = String::new();
            if let (true, Some(q)) = (with_query, target.query()) {
                s.push('?');
                s.push_str(q);
            }
            if let Some(f) = target.fragment() {
                s.push('#');
                s.push_str(f);
            }
            s
        };
        let mut candidates = Vec::new();
        if self.has_prefix() == target.has_prefix()
            && self.authority().as_str() == target.authority().as_str()
        {
            if self.path() == target.path() {
                candidates.push(suffix(self.query() != target.query()));
            }
            let relative = relative_path(self.path(), target.path(), Slashes::OutsideParentheses);
            candidates.push(format!("{relative}{}", suffix(true)));
            candidates.push(format!("./{relative}{}", suffix(true)));
            if relative.is_empty() {
                candidates.push(format!(".{}", suffix(true)));
            }
            if relative.is_empty() {
                // The base's directory itself.
                candidates.push(format!(".{}", suffix(true)));
            }
            candidates.push(format!("{}{}", target.path(), suffix(true)));
        }
        let mut buffer = String::new();
        let mut best: Option<XriRef<'_>> = None;
        for candidate in &candidates {
            let shorter = best.map_or(target.as_str().len(), |b| b.as_str().len());
            if candidate.len() < shorter {
                if let Ok(reference) = XriRef::parse(candidate) {
                    let back = self.resolve_into(&reference, &mut buffer);
                    if back.is_ok_and(|back| back.as_str() == target.as_str()) {
                        best = Some(reference);
                    }
                }
            }
        }
        // The target itself is the answer when no shorter form resolves to
        // it (it resolves to itself: its dot segments are gone).
        Ok(best.unwrap_or(*target.as_reference()).to_buf())
    }

    /// Writes the target into `text`, and where its components end.
    fn resolve_text(&self, reference: &XriRef<'_>, text: &mut String) -> Written {
        let (prefix, authority, path, query) = match reference.authority() {
            Some(authority) => (
                reference.has_prefix(),
                authority,
                remove_dot_segments(reference.path(), Slashes::OutsideParentheses),
                reference.query(),
            ),
            None => {
                let path = if reference.path().is_empty() {
                    self.path().to_string()
                } else if reference.path().starts_with('/') {
                    remove_dot_segments(reference.path(), Slashes::OutsideParentheses)
                } else {
                    // 5.2.3, with the base's last segment found by its
                    // segments, which know where cross-references are.
                    let base_path = self.path();
                    let last = self.segments().last().map_or(0, |s| s.as_str().len());
                    let directory = if base_path.is_empty() {
                        "/"
                    } else {
                        &base_path[..base_path.len() - last]
                    };
                    remove_dot_segments(
                        &format!("{directory}{}", reference.path()),
                        Slashes::OutsideParentheses,
                    )
                };
                let query = if reference.path().is_empty() {
                    reference.query().or(self.query())
                } else {
                    reference.query()
                };
                (self.has_prefix(), self.authority(), path, query)
            }
        };
        Written::write(
            text,
            prefix,
            Some(&authority),
            &path,
            (query, reference.fragment()),
        )
    }
}
