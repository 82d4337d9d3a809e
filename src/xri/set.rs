//! Setters on the owned XRI types, for the components an XRI has as the
//! generic syntax has them: authority, path, query, fragment. As for the
//! generic types, the new text is checked (parsed once) and must read
//! every component back as intended, or the value stays as it was.

use super::buf::{XriBuf, XriRefBuf};
use super::{Xri, XriRef};
use crate::pct::Component;
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::set::{
    compose, pair_piece, piece_fits, segment_piece, Append, SetError, SetErrorKind,
};

/// What comes before the path ("xri://" and the authority), the path,
/// query and fragment a changed XRI should have.
#[derive(Clone, Debug)]
pub(super) struct Wanted {
    pub(super) head: String,
    pub(super) path: String,
    pub(super) query: Option<String>,
    pub(super) fragment: Option<String>,
}

impl Wanted {
    fn of(x: &XriRef<'_>) -> Wanted {
        Wanted {
            head: x.text.get(..x.path.start).unwrap_or_default().to_string(),
            path: x.path().to_string(),
            query: x.query().map(str::to_string),
            fragment: x.fragment().map(str::to_string),
        }
    }

    /// The new text, if `parse` accepts it and reads it back as wanted.
    pub(super) fn check<'t, T>(
        &self,
        component: &'static str,
        text: &'t str,
        parse: impl Fn(&'t str) -> Result<T, ParseError>,
        reference: impl Fn(&T) -> XriRef<'t>,
    ) -> Result<T, SetError> {
        let value = parse(text).map_err(|e| SetError::invalid(component, e))?;
        if self.reads_back(&reference(&value)) {
            Ok(value)
        } else {
            Err(SetError::new(component, SetErrorKind::Structure))
        }
    }

    /// Whether `x` has these components.
    pub(super) fn reads_back(&self, x: &XriRef<'_>) -> bool {
        x.text.get(..x.path.start) == Some(self.head.as_str())
            && x.path() == self.path
            && x.query() == self.query.as_deref()
            && x.fragment() == self.fragment.as_deref()
    }

    pub(super) fn text(&self) -> String {
        compose(
            &self.head,
            &self.path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }
}

macro_rules! setters {
    ($Buf:ident, $Borrowed:ident, $borrow:ident, $example:literal) => {
        impl $Buf {
            /// Replaces the value with the one `change` makes, if it checks.
            fn change(
                &mut self,
                component: &'static str,
                change: impl FnOnce(&mut Wanted),
            ) -> Result<(), SetError> {
                let mut wanted = Wanted::of(&self.$borrow());
                change(&mut wanted);
                let text = wanted.text();
                let checked = wanted.check(component, &text, $Borrowed::parse, |x| XriRef::from(*x))?;
                let buf = checked.to_buf();
                *self = buf;
                Ok(())
            }

            /// Sets the path. After an authority it must be empty or start
            /// with "/"; in a relative reference it must not read as an
            /// authority (`@a`) or a scheme.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.set_path("/(+d)*e").unwrap();
            /// assert_eq!(x.path(), "/(+d)*e");
            /// assert!(x.set_path("/(+d").is_err());
            /// assert_eq!(x.path(), "/(+d)*e");
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), SetError> {
                self.change("path", |w| w.path = path.to_string())
            }

            /// Sets the query (without "?"), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.set_query(Some("k=(+v)")).unwrap();
            /// assert_eq!(x.query(), Some("k=(+v)"));
            /// x.set_query(None).unwrap();
            /// assert_eq!(x.query(), None);
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), SetError> {
                self.change("query", |w| w.query = query.map(str::to_string))
            }

            /// Sets the fragment (without "#"), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.set_fragment(Some("top")).unwrap();
            /// assert_eq!(x.fragment(), Some("top"));
            /// assert!(x.set_fragment(Some("a#b")).is_err());
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), SetError> {
                self.change("fragment", |w| w.fragment = fragment.map(str::to_string))
            }

            /// Sets the path given as plain text, encoded for an XRI path
            /// ([`pct::encode`](crate::pct::encode): "/", `*` and `!` kept;
            /// "(", ")", "?", "#" and "%" encoded), under the same rules
            /// as [`set_path`](Self::set_path).
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.set_path_encoded("/a (b)/50%").unwrap();
            /// assert_eq!(x.path(), "/a%20%28b%29/50%25");
            /// ```
            pub fn set_path_encoded(&mut self, path: &str) -> Result<(), SetError> {
                self.set_path(&crate::pct::encode(path, Component::Path, Grammar::Xri))
            }

            /// Sets the query given as plain text, encoded for an XRI query
            /// ("(", ")", "#" and "%" encoded, so no cross-reference opens
            /// and nothing is encoded twice), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.set_query_encoded(Some("k=(+v)#1")).unwrap();
            /// assert_eq!(x.query(), Some("k=%28+v%29%231"));
            /// ```
            pub fn set_query_encoded(&mut self, query: Option<&str>) -> Result<(), SetError> {
                let encoded = query.map(|q| crate::pct::encode(q, Component::Query, Grammar::Xri));
                self.set_query(encoded.as_deref())
            }

            /// Sets the fragment given as plain text, encoded for an XRI
            /// fragment, or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.set_fragment_encoded(Some("a#b (c)")).unwrap();
            /// assert_eq!(x.fragment(), Some("a%23b%20%28c%29"));
            /// ```
            pub fn set_fragment_encoded(&mut self, fragment: Option<&str>) -> Result<(), SetError> {
                let encoded =
                    fragment.map(|f| crate::pct::encode(f, Component::Fragment, Grammar::Xri));
                self.set_fragment(encoded.as_deref())
            }

            /// Appends a path segment given as plain text, encoded for an
            /// XRI segment ([`pct::encode`](crate::pct::encode): "(" and
            /// ")" encoded, `*` and `!` kept as sub-segment delimiters).
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.append_path_segment("r\u{e9}sum\u{e9} (1)").unwrap();
            /// assert_eq!(x.path(), "/c/r\u{e9}sum\u{e9}%20%281%29");
            /// ```
            pub fn append_path_segment(&mut self, segment: &str) -> Result<(), SetError> {
                let x = self.$borrow();
                let piece = segment_piece(x.path(), x.is_absolute(), segment, Grammar::Xri)?;
                if !piece_fits(Grammar::Xri, Append::Segment, Some(x.path()), &piece) {
                    return self.set_path(&format!("{}{piece}", x.path()));
                }
                let at = x.path.end;
                self.insert_at(at, &piece);
                Ok(())
            }

            /// Appends a `key=value` pair (`key` alone with `None`) to the
            /// query, both encoded as form fields.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// x.append_query_pair("q", Some("a&(b)")).unwrap();
            /// assert_eq!(x.query_pairs().last().unwrap().1, "a&(b)");
            /// ```
            pub fn append_query_pair(&mut self, key: &str, value: Option<&str>) -> Result<(), SetError> {
                let x = self.$borrow();
                let query = x.query().unwrap_or_default();
                let piece = pair_piece(query, key, value, Grammar::Xri);
                match x.query {
                    Some(span) if piece_fits(Grammar::Xri, Append::Pair, x.query(), &piece) => {
                        self.insert_at(span.end, &piece);
                        Ok(())
                    }
                    _ => self.set_query(Some(&format!("{query}{piece}"))),
                }
            }
        }
    };
}

setters!(XriRefBuf, XriRef, as_borrowed, "\"xri://@a*b/c?x=1\"");
setters!(XriBuf, Xri, as_xri, "\"xri://@a*b/c?x=1\"");

/// "xri://" when `x` has it, then `authority`.
fn head(x: &XriRef<'_>, authority: &str) -> String {
    let prefix = x.text.get(..super::PREFIX.len()).filter(|_| x.has_prefix());
    format!("{}{authority}", prefix.unwrap_or_default())
}

impl XriRefBuf {
    /// Sets the authority (an XRI authority such as `@a*b`, or an IRI
    /// authority after "xri://"), or removes it with `None`, which makes
    /// the reference relative (and drops "xri://").
    ///
    /// ```
    /// let mut x: xiri::XriRefBuf = "@a/b".parse().unwrap();
    /// x.set_authority(Some("=c")).unwrap();
    /// assert_eq!(x.as_str(), "=c/b");
    /// x.set_authority(None).unwrap();
    /// assert_eq!(x.as_str(), "/b");
    /// assert!(x.set_authority(Some("")).is_err()); // "/b" has no authority
    /// assert_eq!(x.as_str(), "/b");
    /// ```
    pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), SetError> {
        let Some(a) = authority else {
            return self.change("authority", |w| w.head = String::new());
        };
        // The path stays as it was; the check refuses a text that would
        // not read it back. An empty authority without "xri://" would be
        // no authority at all (`=a` with `Some("")` is ""): refused too.
        let before = self.clone();
        let head = head(&self.as_borrowed(), a);
        self.change("authority", |w| w.head = head)?;
        if self.as_borrowed().authority().map(|x| x.as_str()) != Some(a) {
            *self = before;
            return Err(SetError::new("authority", SetErrorKind::Structure));
        }
        Ok(())
    }
}

impl XriBuf {
    /// Sets the authority; an absolute XRI keeps one, so `None` is
    /// refused ([`SetErrorKind::Required`]).
    ///
    /// ```
    /// let mut x: xiri::XriBuf = "xri://@a/b".parse().unwrap();
    /// x.set_authority(Some("=c*d")).unwrap();
    /// assert_eq!(x.as_str(), "xri://=c*d/b");
    /// assert!(x.set_authority(Some("=c/d")).is_err());
    /// ```
    pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), SetError> {
        let Some(a) = authority else {
            return Err(SetError::new("authority", SetErrorKind::Required));
        };
        let head = head(&self.as_xri(), a);
        self.change("authority", |w| w.head = head)
    }
}
