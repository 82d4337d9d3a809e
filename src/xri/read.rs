//! The readers the generic types have, where an XRI's components allow
//! them: query pairs, and for an IRI authority the user name, password and
//! port number; and the getters of the borrowed types on the owned ones.

use super::buf::{XriBuf, XriRefBuf};
use super::parts::{Segments, XriAuthority};
use super::{Authority, Xri, XriRef};
use crate::syntax::mask::PasswordMasked;
use crate::syntax::parts::{self, QueryPairs, RawQueryPairs};
use std::num::ParseIntError;

impl<'a> XriAuthority<'a> {
    /// The user information of an IRI authority, without its "@" (an XRI
    /// authority has none).
    ///
    /// ```
    /// let x = xiri::Xri::parse("xri://anne:secret@example.com/a").unwrap();
    /// assert_eq!(x.authority().userinfo(), Some("anne:secret"));
    /// assert_eq!(xiri::Xri::parse("@a").unwrap().authority().userinfo(), None);
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        match self {
            XriAuthority::Iri { userinfo, .. } => *userinfo,
            _ => None,
        }
    }

    /// The user name: the user information up to its first ":".
    ///
    /// ```
    /// let x = xiri::Xri::parse("xri://anne:secret@example.com").unwrap();
    /// assert_eq!(x.authority().username(), Some("anne"));
    /// ```
    pub fn username(&self) -> Option<&'a str> {
        self.userinfo().map(|u| parts::split_userinfo(u).0)
    }

    /// The password: the user information after its first ":".
    ///
    /// ```
    /// let x = xiri::Xri::parse("xri://anne:secret@example.com").unwrap();
    /// assert_eq!(x.authority().password(), Some("secret"));
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.userinfo().and_then(|u| parts::split_userinfo(u).1)
    }

    /// The port of an IRI authority, without its ":".
    ///
    /// ```
    /// let x = xiri::Xri::parse("xri://example.com:8080").unwrap();
    /// assert_eq!(x.authority().port(), Some("8080"));
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        match self {
            XriAuthority::Iri { port, .. } => *port,
            _ => None,
        }
    }

    /// The port as a number: `Ok(None)` when absent or empty, an error
    /// when larger than 65535.
    ///
    /// ```
    /// let x = xiri::Xri::parse("xri://example.com:8080").unwrap();
    /// assert_eq!(x.authority().port_to_u16(), Ok(Some(8080)));
    /// ```
    pub fn port_to_u16(&self) -> Result<Option<u16>, ParseIntError> {
        parts::port_to_u16(self.port())
    }
}

impl<'a> XriRef<'a> {
    /// The query's `&`-separated pairs as written
    /// ([`RawQueryPairs`](crate::RawQueryPairs)).
    ///
    /// ```
    /// let x = xiri::XriRef::parse("@a?k=(+v)&f").unwrap();
    /// assert_eq!(x.raw_query_pairs().collect::<Vec<_>>(), [("k", Some("(+v)")), ("f", None)]);
    /// ```
    pub fn raw_query_pairs(&self) -> RawQueryPairs<'a> {
        RawQueryPairs::of(self.query())
    }

    /// The query's pairs decoded as `application/x-www-form-urlencoded`
    /// ([`QueryPairs`](crate::QueryPairs)).
    ///
    /// ```
    /// let x = xiri::XriRef::parse("@a?k=a+b%21").unwrap();
    /// assert_eq!(x.query_pairs().next().unwrap().1, "a b!");
    /// ```
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        QueryPairs::of(self.query())
    }

    /// The text, displayed with the password of an IRI authority as
    /// `****` ([`PasswordMasked`](crate::PasswordMasked)).
    ///
    /// ```
    /// let x = xiri::XriRef::parse("xri://anne:secret@example.com/a").unwrap();
    /// assert_eq!(x.mask_password().to_string(), "xri://anne:****@example.com/a");
    /// ```
    pub fn mask_password(&self) -> PasswordMasked<'a> {
        let password = match self.authority {
            Some(Authority::Iri(a)) => a.userinfo.and_then(|u| {
                let colon = u.get(self.text).find(':')?;
                Some(u.start + colon + 1..u.end)
            }),
            _ => None,
        };
        PasswordMasked::new(self.text, password)
    }

    /// An owned copy, the same as [`to_buf`](Self::to_buf); `ToOwned`
    /// would give the `Copy` borrowed type back.
    ///
    /// ```
    /// let owned: xiri::XriRefBuf = xiri::XriRef::parse("a/b").unwrap().to_owned();
    /// assert_eq!(owned.as_str(), "a/b");
    /// ```
    #[allow(clippy::wrong_self_convention, clippy::should_implement_trait)]
    pub fn to_owned(&self) -> XriRefBuf {
        self.to_buf()
    }
}

impl Xri<'_> {
    /// An owned copy, the same as [`to_buf`](Self::to_buf).
    ///
    /// ```
    /// let owned: xiri::XriBuf = xiri::Xri::parse("@a").unwrap().to_owned();
    /// assert_eq!(owned.as_str(), "@a");
    /// ```
    #[allow(clippy::wrong_self_convention, clippy::should_implement_trait)]
    pub fn to_owned(&self) -> XriBuf {
        self.to_buf()
    }
}

/// The getters of [`XriRef`] on an owned XRI, borrowing it.
macro_rules! owned_readers {
    ($Buf:ident, $borrow:ident, $example:literal) => {
        impl $Buf {
            /// Whether it starts with "xri://".
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert!(x.has_prefix());
            /// ```
            pub fn has_prefix(&self) -> bool {
                self.$borrow().has_prefix()
            }

            /// Whether it has an authority.
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert!(x.is_absolute());
            /// ```
            pub fn is_absolute(&self) -> bool {
                self.$borrow().is_absolute()
            }

            /// The path as written.
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert_eq!(x.path(), "/c/d");
            /// ```
            pub fn path(&self) -> &str {
                self.$borrow().path()
            }

            /// The path's segments.
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert_eq!(x.segments().count(), 2);
            /// ```
            pub fn segments(&self) -> Segments<'_> {
                self.$borrow().segments()
            }

            /// The query, without its "?".
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert_eq!(x.query(), Some("k=v"));
            /// ```
            pub fn query(&self) -> Option<&str> {
                self.$borrow().query()
            }

            /// The query's pairs as written.
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert_eq!(x.raw_query_pairs().next(), Some(("k", Some("v"))));
            /// ```
            pub fn raw_query_pairs(&self) -> RawQueryPairs<'_> {
                self.$borrow().raw_query_pairs()
            }

            /// The query's pairs, form-decoded.
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert_eq!(x.query_pairs().count(), 1);
            /// ```
            pub fn query_pairs(&self) -> QueryPairs<'_> {
                self.$borrow().query_pairs()
            }

            /// The text, displayed with the password as `****`.
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = \"xri://u:pw@h/a\".parse().unwrap();")]
            /// assert_eq!(x.mask_password().to_string(), "xri://u:****@h/a");
            /// ```
            pub fn mask_password(&self) -> PasswordMasked<'_> {
                self.$borrow().mask_password()
            }

            /// The fragment, without its "#".
            ///
            /// ```
            #[doc = concat!("let x: xiri::", stringify!($Buf), " = ", $example, ".parse().unwrap();")]
            /// assert_eq!(x.fragment(), Some("f"));
            /// ```
            pub fn fragment(&self) -> Option<&str> {
                self.$borrow().fragment()
            }
        }
    };
}

owned_readers!(XriRefBuf, as_borrowed, "\"xri://@a*b/c/d?k=v#f\"");
owned_readers!(XriBuf, as_xri, "\"xri://@a*b/c/d?k=v#f\"");

impl XriRefBuf {
    /// The authority, for an absolute XRI.
    ///
    /// ```
    /// let x: xiri::XriRefBuf = "@a*b/c".parse().unwrap();
    /// assert_eq!(x.authority().unwrap().as_str(), "@a*b");
    /// ```
    pub fn authority(&self) -> Option<XriAuthority<'_>> {
        self.as_borrowed().authority()
    }
}

impl XriBuf {
    /// The authority.
    ///
    /// ```
    /// let x: xiri::XriBuf = "@a*b/c".parse().unwrap();
    /// assert_eq!(x.authority().as_str(), "@a*b");
    /// ```
    pub fn authority(&self) -> XriAuthority<'_> {
        self.as_xri().authority()
    }
}
