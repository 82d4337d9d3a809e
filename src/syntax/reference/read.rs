//! Reading components beyond the five of RFC 3986 3: the user name and
//! password, the port as a number, path segments and query pairs; and
//! the same readers on the owned types, which borrow themselves.

use super::{Absolute, AbsoluteBuf, Reference, ReferenceBuf};
use crate::syntax::components::Host;
use crate::syntax::grammar::Grammar;
use crate::syntax::mask::PasswordMasked;
use crate::syntax::parts::{self, PathSegments, QueryPairs, RawQueryPairs};
use crate::syntax::GenericSyntax;
use std::num::ParseIntError;

impl<'a, S: GenericSyntax> Reference<'a, S> {
    /// The user name: the user information up to its first ":" (all of it
    /// when there is none).
    ///
    /// ```
    /// let r = xiri::UriRef::parse("ftp://anne:secret@h/").unwrap();
    /// assert_eq!(r.username(), Some("anne"));
    /// assert_eq!(xiri::UriRef::parse("ftp://h/").unwrap().username(), None);
    /// ```
    pub fn username(&self) -> Option<&'a str> {
        self.userinfo().map(|u| parts::split_userinfo(u).0)
    }

    /// The password: the user information after its first ":". RFC 3986
    /// 3.2.1 deprecates it; [`mask_password`](Self::mask_password) hides
    /// it.
    ///
    /// ```
    /// let r = xiri::UriRef::parse("ftp://anne:secret@h/").unwrap();
    /// assert_eq!(r.password(), Some("secret"));
    /// assert_eq!(xiri::UriRef::parse("ftp://anne@h/").unwrap().password(), None);
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.userinfo().and_then(|u| parts::split_userinfo(u).1)
    }

    /// The text, displayed with the password as `****`
    /// ([`PasswordMasked`](crate::PasswordMasked)).
    ///
    /// ```
    /// let r = xiri::IriRef::parse("//anne:s3cr\u{e9}t@h/p").unwrap();
    /// assert_eq!(r.mask_password().to_string(), "//anne:****@h/p");
    /// ```
    pub fn mask_password(&self) -> PasswordMasked<'a> {
        let password = self
            .bounds
            .authority()
            .and_then(|a| a.userinfo)
            .and_then(|u| {
                let colon = u.get(self.text).find(':')?;
                Some(u.start + colon + 1..u.end)
            });
        PasswordMasked::new(self.text, password)
    }

    /// The port as a number: `Ok(None)` when there is no port or it is
    /// empty, an error when it is larger than 65535 (the grammar allows
    /// any number of digits).
    ///
    /// ```
    /// assert_eq!(xiri::UriRef::parse("//h:8080").unwrap().port_to_u16(), Ok(Some(8080)));
    /// assert_eq!(xiri::UriRef::parse("//h:").unwrap().port_to_u16(), Ok(None));
    /// assert!(xiri::UriRef::parse("//h:65536").unwrap().port_to_u16().is_err());
    /// ```
    pub fn port_to_u16(&self) -> Result<Option<u16>, ParseIntError> {
        parts::port_to_u16(self.port())
    }

    /// The path's segments, as written ([`PathSegments`](crate::PathSegments)
    /// says how a leading "/" and an empty path read).
    ///
    /// ```
    /// let r = xiri::IriRef::parse("../a/r\u{e9}sum\u{e9}").unwrap();
    /// assert_eq!(r.path_segments().collect::<Vec<_>>(), ["..", "a", "r\u{e9}sum\u{e9}"]);
    /// ```
    pub fn path_segments(&self) -> PathSegments<'a> {
        PathSegments::of(self.path())
    }

    /// The query's `&`-separated pairs as written
    /// ([`RawQueryPairs`](crate::RawQueryPairs)).
    ///
    /// ```
    /// let r = xiri::UriRef::parse("?a=1&b").unwrap();
    /// assert_eq!(r.raw_query_pairs().collect::<Vec<_>>(), [("a", Some("1")), ("b", None)]);
    /// ```
    pub fn raw_query_pairs(&self) -> RawQueryPairs<'a> {
        RawQueryPairs::of(self.query())
    }

    /// The query's pairs decoded as `application/x-www-form-urlencoded`
    /// ([`QueryPairs`](crate::QueryPairs)).
    ///
    /// ```
    /// let r = xiri::UriRef::parse("?name=J%C3%BCrgen+M").unwrap();
    /// let (key, value) = r.query_pairs().next().unwrap();
    /// assert_eq!((&*key, &*value), ("name", "J\u{fc}rgen M"));
    /// ```
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        QueryPairs::of(self.query())
    }

    /// An owned copy, the same as [`to_buf`](Self::to_buf). The borrowed
    /// types are `Copy`, so `ToOwned::to_owned` would give the borrowed
    /// type back; this inherent method, which a method call finds first,
    /// gives the owned one (as fluent-uri's `Uri<&str>::to_owned` does).
    ///
    /// ```
    /// let r = xiri::IriRef::parse("a/b").unwrap();
    /// let owned: xiri::IriRefBuf = r.to_owned();
    /// assert_eq!(owned, r.to_buf());
    /// ```
    #[allow(clippy::wrong_self_convention, clippy::should_implement_trait)]
    pub fn to_owned(&self) -> ReferenceBuf<S> {
        self.to_buf()
    }
}

impl<S: GenericSyntax> Absolute<'_, S> {
    /// An owned copy, the same as [`to_buf`](Self::to_buf) (see
    /// [`Reference::to_owned`]).
    ///
    /// ```
    /// let r = xiri::Iri::parse("http://a/b").unwrap();
    /// let owned: xiri::IriBuf = r.to_owned();
    /// assert_eq!(owned.as_str(), "http://a/b");
    /// ```
    #[allow(clippy::wrong_self_convention, clippy::should_implement_trait)]
    pub fn to_owned(&self) -> AbsoluteBuf<S> {
        self.to_buf()
    }
}

/// The readers of [`Reference`] on an owned type, borrowing it
/// (`$scheme` is what `scheme()` returns there).
macro_rules! owned_readers {
    ($Buf:ident, $scheme:ty, $example:literal) => {
        impl<S: GenericSyntax> $Buf<S> {
            /// The grammar of its syntax.
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3987> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.grammar(), xiri::Grammar::Iri);
            /// ```
            pub fn grammar(&self) -> Grammar {
                S::GRAMMAR
            }

            /// The scheme, without its ":".
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.scheme(), owned.as_borrowed().scheme());
            /// ```
            pub fn scheme(&self) -> $scheme {
                self.as_borrowed().scheme()
            }

            /// The authority, without "//" ([`Reference::authority`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.authority(), Some("anne:secret@example.com:8080"));
            /// ```
            pub fn authority(&self) -> Option<&str> {
                self.as_borrowed().authority()
            }

            /// The user information, without its "@".
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.userinfo(), Some("anne:secret"));
            /// ```
            pub fn userinfo(&self) -> Option<&str> {
                self.as_borrowed().userinfo()
            }

            /// The user name ([`Reference::username`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.username(), Some("anne"));
            /// ```
            pub fn username(&self) -> Option<&str> {
                self.as_borrowed().username()
            }

            /// The password ([`Reference::password`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.password(), Some("secret"));
            /// ```
            pub fn password(&self) -> Option<&str> {
                self.as_borrowed().password()
            }

            /// The host, typed.
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.host().unwrap().to_string(), "example.com");
            /// ```
            pub fn host(&self) -> Option<Host<'_>> {
                self.as_borrowed().host()
            }

            /// The port, without its ":".
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.port(), Some("8080"));
            /// ```
            pub fn port(&self) -> Option<&str> {
                self.as_borrowed().port()
            }

            /// The text, displayed with the password as `****`.
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.mask_password().to_string(), "http://anne:****@example.com:8080/a/b?q=1+2#f");
            /// ```
            pub fn mask_password(&self) -> PasswordMasked<'_> {
                self.as_borrowed().mask_password()
            }

            /// The port as a number ([`Reference::port_to_u16`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.port_to_u16(), Ok(Some(8080)));
            /// ```
            pub fn port_to_u16(&self) -> Result<Option<u16>, ParseIntError> {
                self.as_borrowed().port_to_u16()
            }

            /// The path; always present, possibly empty.
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.path(), "/a/b");
            /// ```
            pub fn path(&self) -> &str {
                self.as_borrowed().path()
            }

            /// The path's segments ([`Reference::path_segments`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.path_segments().collect::<Vec<_>>(), ["a", "b"]);
            /// ```
            pub fn path_segments(&self) -> PathSegments<'_> {
                self.as_borrowed().path_segments()
            }

            /// The query, without its "?".
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.query(), Some("q=1+2"));
            /// ```
            pub fn query(&self) -> Option<&str> {
                self.as_borrowed().query()
            }

            /// The query's pairs as written ([`Reference::raw_query_pairs`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.raw_query_pairs().collect::<Vec<_>>(), [("q", Some("1+2"))]);
            /// ```
            pub fn raw_query_pairs(&self) -> RawQueryPairs<'_> {
                self.as_borrowed().raw_query_pairs()
            }

            /// The query's pairs, form-decoded ([`Reference::query_pairs`]).
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.query_pairs().next().unwrap().1, "1 2");
            /// ```
            pub fn query_pairs(&self) -> QueryPairs<'_> {
                self.as_borrowed().query_pairs()
            }

            /// The fragment, without its "#".
            ///
            /// ```
            #[doc = concat!("let owned: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// assert_eq!(owned.fragment(), Some("f"));
            /// ```
            pub fn fragment(&self) -> Option<&str> {
                self.as_borrowed().fragment()
            }
        }
    };
}

owned_readers!(
    ReferenceBuf,
    Option<&str>,
    "\"http://anne:secret@example.com:8080/a/b?q=1+2#f\""
);
owned_readers!(
    AbsoluteBuf,
    &str,
    "\"http://anne:secret@example.com:8080/a/b?q=1+2#f\""
);

impl<S: GenericSyntax> ReferenceBuf<S> {
    /// Whether it has a scheme.
    ///
    /// ```
    /// let owned: xiri::UriRefBuf = "../a".parse().unwrap();
    /// assert!(!owned.is_absolute());
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.as_borrowed().is_absolute()
    }

    /// The owned absolute form when it has a scheme; itself back when it
    /// has none. Nothing is parsed.
    ///
    /// ```
    /// let owned: xiri::UriRefBuf = "x:y".parse().unwrap();
    /// let absolute: xiri::UriBuf = owned.into_absolute().unwrap();
    /// assert_eq!(absolute.scheme(), "x");
    /// let relative: xiri::UriRefBuf = "y".parse().unwrap();
    /// assert!(relative.into_absolute().is_err());
    /// ```
    // The error gives the value back, as `String::from_utf8`'s does.
    #[allow(clippy::result_large_err)]
    pub fn into_absolute(self) -> Result<AbsoluteBuf<S>, Self> {
        if self.is_absolute() {
            let spans = self.as_borrowed().spans();
            Ok(AbsoluteBuf::from_parts(self.into_string(), spans))
        } else {
            Err(self)
        }
    }
}

impl<S: GenericSyntax> ReferenceBuf<S> {
    /// The owned absolute form of a reference a conversion made from an
    /// absolute one, which kept its scheme: no check. (Were the scheme
    /// ever lost, the value would read its scheme as "", not panic.)
    pub(crate) fn assume_absolute(self) -> AbsoluteBuf<S> {
        debug_assert!(self.is_absolute());
        let spans = self.as_borrowed().spans();
        AbsoluteBuf::from_parts(self.into_string(), spans)
    }
}

impl<S: GenericSyntax> From<AbsoluteBuf<S>> for ReferenceBuf<S> {
    fn from(absolute: AbsoluteBuf<S>) -> Self {
        absolute.into_reference()
    }
}

impl<S: GenericSyntax> AbsoluteBuf<S> {
    /// The owned reference it is (an absolute reference is a reference).
    ///
    /// ```
    /// let owned: xiri::UriBuf = "x:y".parse().unwrap();
    /// let reference: xiri::UriRefBuf = owned.into_reference();
    /// assert!(reference.is_absolute());
    /// ```
    pub fn into_reference(self) -> ReferenceBuf<S> {
        let spans = self.as_borrowed().spans();
        ReferenceBuf::from_parts(self.into_string(), spans)
    }
}
