//! What every identifier type shares with the text it holds: it compares,
//! hashes and orders as that text (two values are the same identifier when
//! their texts are equal, whatever grammar read them), compares with `str`,
//! and, with the `serde` feature, serializes as the string and deserializes
//! with validation.

use crate::syntax::reference::{Absolute, AbsoluteBuf, Reference, ReferenceBuf};
use crate::syntax::GenericSyntax;

/// Equality, hashing and order by the text, and comparison with `str`, for
/// a type with `as_str`.
macro_rules! text_identity {
    ($([$($g:tt)*] $T:ty),* $(,)?) => { $(
        impl<$($g)*> PartialEq for $T {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<$($g)*> Eq for $T {}

        impl<$($g)*> std::hash::Hash for $T {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }

        impl<$($g)*> PartialOrd for $T {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl<$($g)*> Ord for $T {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl<$($g)*> PartialEq<str> for $T {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl<$($g)*> PartialEq<&str> for $T {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl<$($g)*> PartialEq<$T> for str {
            fn eq(&self, other: &$T) -> bool {
                self == other.as_str()
            }
        }

        impl<$($g)*> PartialEq<$T> for &str {
            fn eq(&self, other: &$T) -> bool {
                *self == other.as_str()
            }
        }

        #[cfg(feature = "serde")]
        impl<$($g)*> serde::Serialize for $T {
            fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    )* };
}

/// For owned types: `Borrow<str>` (the hashing agrees: it is the text's),
/// and, with the `serde` feature, deserialization that parses.
macro_rules! owned_text {
    ($([$($g:tt)*] $T:ty),* $(,)?) => { $(
        impl<$($g)*> std::borrow::Borrow<str> for $T {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        #[cfg(feature = "serde")]
        impl<'de, $($g)*> serde::Deserialize<'de> for $T {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(deserializer)?;
                Self::parse(text).map_err(serde::de::Error::custom)
            }
        }
    )* };
}

text_identity!(
    [S: GenericSyntax] Reference<'_, S>,
    [S: GenericSyntax] Absolute<'_, S>,
    [S: GenericSyntax] ReferenceBuf<S>,
    [S: GenericSyntax] AbsoluteBuf<S>,
);

owned_text!(
    [S: GenericSyntax] ReferenceBuf<S>,
    [S: GenericSyntax] AbsoluteBuf<S>,
);

pub(crate) use {owned_text, text_identity};

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    #[test]
    fn values_are_their_text() {
        let a = crate::IriRef::parse("http://a/b").unwrap();
        let b = crate::IriRef::parse("http://a/b/../b").unwrap();
        assert_ne!(a, b);
        assert_eq!(a, "http://a/b");
        assert_eq!("http://a/b", a);
        assert!(crate::UriRef::parse("a:b").unwrap() < crate::UriRef::parse("a:c").unwrap());
        let set: HashSet<crate::IriRefBuf> = [a.to_buf()].into_iter().collect();
        // Borrow<str>: a set of owned values is searched with a string.
        assert!(set.contains("http://a/b"));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_is_the_string_and_validates() {
        let x = crate::UriBuf::parse("a:example".to_string()).unwrap();
        let json = serde_json::to_string(&x).unwrap();
        assert_eq!(json, "\"a:example\"");
        let back: crate::UriBuf = serde_json::from_str(&json).unwrap();
        assert_eq!(back, x);
        assert!(serde_json::from_str::<crate::UriBuf>("\"a b\"").is_err());
        let borrowed = crate::IriRef::parse("r\u{e9}sum\u{e9}").unwrap();
        assert_eq!(
            serde_json::to_string(&borrowed).unwrap(),
            "\"r\u{e9}sum\u{e9}\""
        );
    }
}
