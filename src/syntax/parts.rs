//! The parts of a component that every syntax reads the same way: the
//! user name and password of the user information, the port as a number,
//! the segments of a path and the pairs of a query. Slices of the text;
//! only [`QueryPairs`] decodes, and only the pairs that need it.

use crate::syntax::pct::decode_form;
use std::borrow::Cow;
use std::num::ParseIntError;

/// The user information split at its first ":": the user name and, after
/// the ":", the password (RFC 3986 3.2.1 deprecates passwords in URIs, but
/// they are read so they can be masked).
pub(crate) fn split_userinfo(userinfo: &str) -> (&str, Option<&str>) {
    match userinfo.split_once(':') {
        Some((user, password)) => (user, Some(password)),
        None => (userinfo, None),
    }
}

/// A port's digits as a number: `None` when absent or empty, an error when
/// larger than 65535.
pub(crate) fn port_to_u16(port: Option<&str>) -> Result<Option<u16>, ParseIntError> {
    port.filter(|p| !p.is_empty()).map(str::parse).transpose()
}

/// The segments of a path, as written (nothing decoded), from
/// `path_segments()`. A leading "/" does not make an empty first segment
/// (`/a/b` has two, `a`, `b`); an empty path has none; `/` and `a/` end
/// with an empty one. Reads from both ends.
///
/// ```
/// let r = xiri::UriRef::parse("http://h/a/b%2Fc/").unwrap();
/// assert_eq!(r.path_segments().collect::<Vec<_>>(), ["a", "b%2Fc", ""]);
/// assert_eq!(r.path_segments().next_back(), Some(""));
/// assert_eq!(xiri::UriRef::parse("http://h").unwrap().path_segments().count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    split: Option<std::str::Split<'a, char>>,
}

impl<'a> PathSegments<'a> {
    pub(crate) fn of(path: &'a str) -> Self {
        PathSegments {
            split: (!path.is_empty()).then(|| path.strip_prefix('/').unwrap_or(path).split('/')),
        }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.split.as_mut()?.next()
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.split.as_mut()?.next_back()
    }
}

/// The `&`-separated pairs of a query as written, from
/// `raw_query_pairs()`: each piece split at its first "=" into a key and,
/// if there is an "=", a value. Empty pieces (`a&&b`, a trailing "&")
/// are skipped, as the form parser of the WHATWG URL Standard skips them.
/// Nothing is decoded: "a%3Db" stays a key.
///
/// ```
/// let r = xiri::IriRef::parse("?a=1&b&c=&a=x%3Dy").unwrap();
/// let pairs: Vec<_> = r.raw_query_pairs().collect();
/// assert_eq!(pairs, [("a", Some("1")), ("b", None), ("c", Some("")), ("a", Some("x%3Dy"))]);
/// ```
#[derive(Clone, Debug)]
pub struct RawQueryPairs<'a> {
    split: Option<std::str::Split<'a, char>>,
}

impl<'a> RawQueryPairs<'a> {
    pub(crate) fn of(query: Option<&'a str>) -> Self {
        RawQueryPairs {
            split: query.map(|q| q.split('&')),
        }
    }
}

impl<'a> Iterator for RawQueryPairs<'a> {
    type Item = (&'a str, Option<&'a str>);

    fn next(&mut self) -> Option<Self::Item> {
        let piece = self.split.as_mut()?.find(|p| !p.is_empty())?;
        Some(match piece.split_once('=') {
            Some((key, value)) => (key, Some(value)),
            None => (piece, None),
        })
    }
}

/// The pairs of a query decoded as `application/x-www-form-urlencoded`
/// (the WHATWG URL Standard's form parser), from `query_pairs()`: the
/// pieces of [`RawQueryPairs`], "+" read as a space, triplets decoded,
/// octets that are not UTF-8 replaced by U+FFFD, and a missing value
/// given as "". Borrowed where nothing was decoded.
///
/// ```
/// let r = xiri::UriRef::parse("?q=caf%C3%A9+au+lait&flag").unwrap();
/// let pairs: Vec<_> = r.query_pairs().collect();
/// assert_eq!(pairs, [("q".into(), "caf\u{e9} au lait".into()), ("flag".into(), "".into())]);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    raw: RawQueryPairs<'a>,
}

impl<'a> QueryPairs<'a> {
    pub(crate) fn of(query: Option<&'a str>) -> Self {
        QueryPairs {
            raw: RawQueryPairs::of(query),
        }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let (key, value) = self.raw.next()?;
        Some((
            decode_form(key),
            value.map_or(Cow::Borrowed(""), decode_form),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_of_the_edge_paths() {
        let segments = |p| PathSegments::of(p).collect::<Vec<_>>();
        assert_eq!(segments(""), Vec::<&str>::new());
        assert_eq!(segments("/"), [""]);
        assert_eq!(segments("a"), ["a"]);
        assert_eq!(segments("a//b"), ["a", "", "b"]);
        assert_eq!(segments("//a"), ["", "a"]);
    }

    #[test]
    fn userinfo_and_port() {
        assert_eq!(split_userinfo("u:p:q"), ("u", Some("p:q")));
        assert_eq!(split_userinfo(":"), ("", Some("")));
        assert_eq!(split_userinfo("u"), ("u", None));
        assert_eq!(port_to_u16(Some("")), Ok(None));
        assert_eq!(port_to_u16(Some("0080")), Ok(Some(80)));
        assert!(port_to_u16(Some("65536")).is_err());
        assert!(port_to_u16(Some(&"9".repeat(1000))).is_err());
    }

    #[test]
    fn query_pairs_of_no_query_and_empty_query() {
        assert_eq!(QueryPairs::of(None).count(), 0);
        assert_eq!(QueryPairs::of(Some("")).count(), 0);
        assert_eq!(
            RawQueryPairs::of(Some("&&=")).collect::<Vec<_>>(),
            [("", Some(""))]
        );
    }
}
