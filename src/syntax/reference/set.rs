//! Setters on the owned generic types. Each puts the text together with
//! one component changed, checks it in the value's syntax, and checks
//! that every component reads back as intended; only then is the value
//! replaced, so a refused change leaves it as it was. The check parses
//! the new text once (linear in it); the query and the fragment, at the
//! end, are spliced in with only the new value checked (`tail.rs`).

use super::tail::{splice, Tail};
use super::{parse_spans, AbsoluteBuf, AsReference, Reference, ReferenceBuf};
use crate::pct::Component;
use crate::syntax::components::Spans;
use crate::syntax::set::{
    compose, pair_piece, path_misread, piece_fits, segment_piece, Append, SetError, SetErrorKind,
};
use crate::syntax::GenericSyntax;

/// The components a changed reference should have, as text.
#[derive(Clone, Debug)]
struct Wanted {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Wanted {
    fn of(r: &Reference<'_, impl GenericSyntax>) -> Self {
        Wanted {
            scheme: r.scheme().map(str::to_string),
            authority: r.authority().map(str::to_string),
            path: r.path().to_string(),
            query: r.query().map(str::to_string),
            fragment: r.fragment().map(str::to_string),
        }
    }

    fn text(&self) -> String {
        let mut head = String::new();
        if let Some(s) = &self.scheme {
            head.push_str(s);
            head.push(':');
        }
        if let Some(a) = &self.authority {
            head.push_str("//");
            head.push_str(a);
        }
        compose(
            &head,
            &self.path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }

    /// Checks the text it makes in `S` (absolute or not) and that it reads
    /// back as wanted and passes `also`: the new text and its spans.
    fn check<S: GenericSyntax>(
        &self,
        component: &'static str,
        absolute: bool,
        also: impl Fn(&Reference<'_, S>) -> bool,
    ) -> Result<(String, Spans), SetError> {
        let text = self.text();
        let spans = parse_spans(S::GRAMMAR, S::ZONE_ID, &text, absolute)
            .map_err(|e| SetError::invalid(component, e))?;
        let r = Reference::<S>::from_spans(&text, spans);
        let same = r.scheme() == self.scheme.as_deref()
            && r.authority() == self.authority.as_deref()
            && r.path() == self.path
            && r.query() == self.query.as_deref()
            && r.fragment() == self.fragment.as_deref()
            && also(&r);
        if same {
            return Ok((text, spans));
        }
        let error = SetError::new(component, SetErrorKind::Structure);
        let (scheme, authority) = (self.scheme.is_some(), self.authority.is_some());
        Err(
            match (component, path_misread(&self.path, scheme, authority)) {
                ("path", Some(why)) => error.because(why).given(&self.path),
                _ => error,
            },
        )
    }
}

/// `[ userinfo "@" ] host [ ":" port ]`.
fn authority(userinfo: Option<&str>, host: &str, port: Option<&str>) -> String {
    let mut a = String::new();
    if let Some(u) = userinfo {
        a.push_str(u);
        a.push('@');
    }
    a.push_str(host);
    if let Some(p) = port {
        a.push(':');
        a.push_str(p);
    }
    a
}

macro_rules! setters {
    ($Buf:ident, $absolute:expr, $example:literal) => {
        impl<S: GenericSyntax> $Buf<S> {
            /// Replaces the value with the one `change` makes, if it
            /// checks and passes `also`.
            fn change(
                &mut self,
                component: &'static str,
                change: impl FnOnce(&mut Wanted),
                also: impl Fn(&Reference<'_, S>) -> bool,
            ) -> Result<(), SetError> {
                let mut wanted = Wanted::of(&self.borrow_reference());
                change(&mut wanted);
                let (text, spans) = wanted.check::<S>(component, $absolute, also)?;
                *self = Self::from_parts(text, spans);
                Ok(())
            }

            /// Sets the authority (without "//"), or removes it with
            /// `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_authority(Some("b.example:81")).unwrap();
            /// assert_eq!(x.host().unwrap().as_str(), "b.example");
            /// assert!(x.set_authority(Some("a/b")).is_err());
            /// ```
            pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), SetError> {
                self.change(
                    "authority",
                    |w| w.authority = authority.map(str::to_string),
                    |_| true,
                )
            }

            /// Sets the user information (without "@"), or removes it with
            /// `None`; it needs an authority.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_userinfo(Some("anne")).unwrap();
            /// assert_eq!(x.authority(), Some("anne@a.example:8080"));
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), SetError> {
                let r = self.as_borrowed();
                let Some(host) = r.host() else {
                    return match userinfo {
                        Some(u) => Err(SetError::new("userinfo", SetErrorKind::Required).given(u)),
                        None => Ok(()),
                    };
                };
                let a = authority(userinfo, host.as_str(), r.port());
                self.change("userinfo", |w| w.authority = Some(a), |r| r.userinfo() == userinfo)
                    .map_err(|e| match userinfo {
                        // Shown masked: its password as `****`.
                        Some(u) => e.given(u),
                        None => e,
                    })
            }

            /// Sets the host (an IP literal with its brackets), adding an
            /// authority if there is none.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_host("[::1]").unwrap();
            /// assert_eq!(x.host().unwrap().kind(), xiri::HostKind::Ipv6);
            /// assert!(x.set_host("a:1").is_err());
            /// ```
            pub fn set_host(&mut self, host: &str) -> Result<(), SetError> {
                let r = self.as_borrowed();
                let a = authority(r.userinfo(), host, r.port());
                self.change(
                    "host",
                    |w| w.authority = Some(a),
                    |r| r.host().map(|h| h.as_str()) == Some(host),
                )
                .map_err(|e| e.given(host))
            }

            /// Sets the user information given as plain text, encoded for
            /// it in this syntax (":" kept between name and password; "@",
            /// "/" and "%" encoded), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_userinfo_encoded(Some("anne@x:p w")).unwrap();
            /// assert_eq!(x.userinfo(), Some("anne%40x:p%20w"));
            /// ```
            pub fn set_userinfo_encoded(&mut self, userinfo: Option<&str>) -> Result<(), SetError> {
                let encoded =
                    userinfo.map(|u| crate::pct::encode(u, Component::Userinfo, S::GRAMMAR));
                self.set_userinfo(encoded.as_deref())
            }

            /// Sets the host to a registered name given as plain text,
            /// encoded for a host of this syntax (an IRI keeps non-ASCII
            /// letters, a URI encodes their UTF-8); not for an IP literal,
            /// whose brackets it would encode.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_host_encoded("caf\u{e9} 1").unwrap();
            /// assert_eq!(x.host().unwrap().as_str(), "caf%C3%A9%201");
            /// ```
            pub fn set_host_encoded(&mut self, host: &str) -> Result<(), SetError> {
                self.set_host(&crate::pct::encode(host, Component::Host, S::GRAMMAR))
            }

            /// Sets the port, or removes it with `None`; a port needs an
            /// authority.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_port(Some(443)).unwrap();
            /// assert_eq!(x.port_to_u16(), Ok(Some(443)));
            /// x.set_port(None).unwrap();
            /// assert_eq!(x.port(), None);
            /// ```
            pub fn set_port(&mut self, port: Option<u16>) -> Result<(), SetError> {
                let r = self.as_borrowed();
                let Some(host) = r.host() else {
                    return match port {
                        Some(p) => {
                            Err(SetError::new("port", SetErrorKind::Required).given(&p.to_string()))
                        }
                        None => Ok(()),
                    };
                };
                let digits = port.map(|p| p.to_string());
                let a = authority(r.userinfo(), host.as_str(), digits.as_deref());
                self.change("port", |w| w.authority = Some(a), |r| r.port() == digits.as_deref())
                    .map_err(|e| match &digits {
                        Some(d) => e.given(d),
                        None => e,
                    })
            }

            /// Sets the path. Under an authority it must be empty or start
            /// with "/"; without one it must not start with "//", and in a
            /// relative reference its first segment must not read as a
            /// scheme ("a:b").
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_path("/c/d").unwrap();
            /// assert_eq!(x.path(), "/c/d");
            /// assert!(x.set_path("c").is_err());
            /// assert_eq!(x.path(), "/c/d");
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), SetError> {
                self.change("path", |w| w.path = path.to_string(), |_| true)
            }

            /// Sets the query (without "?"), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_query(Some("a=1")).unwrap();
            /// assert_eq!(x.query(), Some("a=1"));
            /// x.set_query(None).unwrap();
            /// assert_eq!(x.query(), None);
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), SetError> {
                self.change_tail(Tail::Query, query)
            }

            /// Sets the query to `query` given as plain text, encoded for
            /// a query of this syntax ([`pct::encode`](crate::pct::encode):
            /// a "%" becomes "%25", so nothing is encoded twice), or
            /// removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_query_encoded(Some("q=100% sure#1")).unwrap();
            /// assert_eq!(x.query(), Some("q=100%25%20sure%231"));
            /// ```
            pub fn set_query_encoded(&mut self, query: Option<&str>) -> Result<(), SetError> {
                let encoded = query.map(|q| crate::pct::encode(q, Component::Query, S::GRAMMAR));
                self.set_query(encoded.as_deref())
            }

            /// Sets the query or fragment by splicing it in where its
            /// rule's automaton takes the value, else by the full check,
            /// which also says why it is refused.
            fn change_tail(&mut self, tail: Tail, value: Option<&str>) -> Result<(), SetError> {
                let r = self.as_borrowed();
                if let Some((text, spans)) = splice(r.as_str(), r.spans(), S::GRAMMAR, tail, value) {
                    *self = Self::from_parts(text, spans);
                    return Ok(());
                }
                let owned = value.map(str::to_string);
                match tail {
                    Tail::Query => self.change("query", |w| w.query = owned, |_| true),
                    Tail::Fragment => self.change("fragment", |w| w.fragment = owned, |_| true),
                }
            }

            /// Sets the fragment (without "#"), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_fragment(Some("top")).unwrap();
            /// assert_eq!(x.fragment(), Some("top"));
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), SetError> {
                self.change_tail(Tail::Fragment, fragment)
            }

            /// Sets the fragment to `fragment` given as plain text,
            /// encoded for a fragment of this syntax (a "%" becomes
            /// "%25"), or removes it with `None`.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_fragment_encoded(Some("section 2#b")).unwrap();
            /// assert_eq!(x.fragment(), Some("section%202%23b"));
            /// ```
            pub fn set_fragment_encoded(&mut self, fragment: Option<&str>) -> Result<(), SetError> {
                let encoded =
                    fragment.map(|f| crate::pct::encode(f, Component::Fragment, S::GRAMMAR));
                self.set_fragment(encoded.as_deref())
            }

            /// Sets the path to `path` given as plain text, encoded for a
            /// path of this syntax ("/" stays; "?", "#" and "%" are
            /// encoded), under the same rules as
            /// [`set_path`](Self::set_path).
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.set_path_encoded("/a b/50%?").unwrap();
            /// assert_eq!(x.path(), "/a%20b/50%25%3F");
            /// ```
            pub fn set_path_encoded(&mut self, path: &str) -> Result<(), SetError> {
                self.set_path(&crate::pct::encode(path, Component::Path, S::GRAMMAR))
            }

            /// Appends a path segment, percent-encoded for a segment of this
            /// syntax ([`pct::encode`](crate::pct::encode)): give it as
            /// plain text, not encoded. A path that ends with "/" gets the
            /// segment after it; an empty path under an authority gets "/"
            /// first. An empty segment cannot be the first of an empty path
            /// ([`SetErrorKind::Structure`](crate::SetErrorKind::Structure)).
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.append_path_segment("r\u{e9}sum\u{e9} 1/2").unwrap();
            /// assert_eq!(x.path(), "/b/r%C3%A9sum%C3%A9%201%2F2");
            /// ```
            pub fn append_path_segment(&mut self, segment: &str) -> Result<(), SetError> {
                let r = self.as_borrowed();
                let piece = segment_piece(r.path(), r.authority().is_some(), segment, S::GRAMMAR)?;
                if !piece_fits(S::GRAMMAR, Append::Segment, Some(r.path()), &piece) {
                    return self.set_path(&format!("{}{piece}", r.path()));
                }
                let at = r.bounds().path_end();
                self.insert_at(at, &piece);
                Ok(())
            }

            /// Appends a `key=value` pair (`key` alone with `None`) to the
            /// query, both encoded as form fields of this syntax
            /// ([`Component::QueryValue`](crate::pct::Component::QueryValue)),
            /// so that [`query_pairs`](Self::query_pairs) reads them back.
            ///
            /// ```
            #[doc = concat!("let mut x: xiri::", stringify!($Buf), "<xiri::Rfc3986> = ", $example, ".parse().unwrap();")]
            /// x.append_query_pair("q", Some("a&b c")).unwrap();
            /// assert_eq!(x.query(), Some("x=1&q=a%26b%20c"));
            /// assert_eq!(x.query_pairs().last().unwrap().1, "a&b c");
            /// ```
            pub fn append_query_pair(&mut self, key: &str, value: Option<&str>) -> Result<(), SetError> {
                let r = self.as_borrowed();
                let query = r.query().unwrap_or_default();
                let piece = pair_piece(query, key, value, S::GRAMMAR);
                if !piece_fits(S::GRAMMAR, Append::Pair, r.query(), &piece) {
                    return self.set_query(Some(&format!("{query}{piece}")));
                }
                let at = r.bounds().query_end();
                self.insert_at(at, &piece);
                Ok(())
            }
        }
    };
}

setters!(ReferenceBuf, false, "\"//a.example:8080/b?x=1\"");
setters!(AbsoluteBuf, true, "\"http://a.example:8080/b?x=1\"");

impl<S: GenericSyntax> ReferenceBuf<S> {
    /// Sets the scheme (without ":"), or removes it with `None`, which
    /// fails where the path's first segment would then read as a scheme.
    ///
    /// ```
    /// let mut x: xiri::UriRefBuf = "//a/b".parse().unwrap();
    /// x.set_scheme(Some("https")).unwrap();
    /// assert_eq!(x.as_str(), "https://a/b");
    /// assert!(x.set_scheme(Some("1x")).is_err());
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), SetError> {
        self.change(
            "scheme",
            |w| w.scheme = scheme.map(str::to_string),
            |_| true,
        )
    }
}

impl<S: GenericSyntax> AbsoluteBuf<S> {
    /// Sets the scheme (without ":"); an absolute value keeps one, so
    /// `None` is refused ([`SetErrorKind::Required`]).
    ///
    /// ```
    /// let mut x: xiri::IriBuf = "http://a/b".parse().unwrap();
    /// x.set_scheme(Some("https")).unwrap();
    /// assert_eq!(x.scheme(), "https");
    /// assert_eq!(x.set_scheme(None).unwrap_err().kind(), xiri::SetErrorKind::Required);
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), SetError> {
        if scheme.is_none() {
            return Err(SetError::new("scheme", SetErrorKind::Required));
        }
        self.change(
            "scheme",
            |w| w.scheme = scheme.map(str::to_string),
            |_| true,
        )
    }
}
