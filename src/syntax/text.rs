//! What every identifier type shares with the text it holds: it compares,
//! hashes and orders as that text (two values are the same identifier when
//! their texts are equal, whatever grammar read them), compares with `str`,
//! displays as the text (with width, fill and alignment, as `str` does),
//! debugs as its type's alias and the text with its password masked
//! (`Iri("http://anne:****@a/b")`), and,
//! with the `serde` feature, serializes as the string and deserializes
//! with validation.

use crate::syntax::reference::{Absolute, AbsoluteBuf, Reference, ReferenceBuf};
use crate::syntax::{type_name, GenericSyntax};

/// Equality, hashing and order by the text, comparison with `str`,
/// `Display` and `Debug` (named `$name`), for a type with `as_str` and
/// `mask_password`.
macro_rules! text_identity {
    ($([$($g:tt)*] $T:ty => $name:expr),* $(,)?) => { $(
        impl<$($g)*> std::fmt::Display for $T {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.pad(self.as_str())
            }
        }

        impl<$($g)*> std::fmt::Debug for $T {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                // The password masked, as `mask_password` displays it.
                f.debug_tuple($name).field(&self.mask_password().to_string()).finish()
            }
        }

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

/// For borrowed types, with the `serde` feature: deserialization from a
/// borrowed string, checked (`serde_json::from_str` of a JSON string
/// without escapes borrows it).
macro_rules! borrowed_text {
    ($([$($g:tt)*] $T:ty),* $(,)?) => { $(
        #[cfg(feature = "serde")]
        impl<'de: 'a, 'a, $($g)*> serde::Deserialize<'de> for $T {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <&'de str as serde::Deserialize>::deserialize(deserializer)?;
                Self::parse(text).map_err(serde::de::Error::custom)
            }
        }
    )* };
}

borrowed_text!(
    [S: GenericSyntax] Reference<'a, S>,
    [S: GenericSyntax] Absolute<'a, S>,
);

text_identity!(
    [S: GenericSyntax] Reference<'_, S> => type_name::<S>(0),
    [S: GenericSyntax] Absolute<'_, S> => type_name::<S>(1),
    [S: GenericSyntax] ReferenceBuf<S> => type_name::<S>(2),
    [S: GenericSyntax] AbsoluteBuf<S> => type_name::<S>(3),
);

owned_text!(
    [S: GenericSyntax] ReferenceBuf<S>,
    [S: GenericSyntax] AbsoluteBuf<S>,
);

pub(crate) use {borrowed_text, owned_text, text_identity};

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

    #[test]
    fn display_pads_and_debug_names_the_alias() {
        let iri = crate::Iri::parse("http://a/b").unwrap();
        assert_eq!(format!("[{iri:>12}]"), "[  http://a/b]");
        assert_eq!(format!("[{:*<12}]", iri.to_buf()), "[http://a/b**]");
        assert_eq!(format!("{iri:?}"), r#"Iri("http://a/b")"#);
        assert_eq!(format!("{:?}", iri.to_buf()), r#"IriBuf("http://a/b")"#);
        let uri = crate::UriRef::parse("a").unwrap();
        assert_eq!(format!("{uri:?}"), r#"UriRef("a")"#);
        let leiri = crate::LeiriRefBuf::parse("a b".to_string()).unwrap();
        assert_eq!(format!("{leiri:?}"), r#"LeiriRefBuf("a b")"#);
        let bis = crate::IriBis::parse("x:y").unwrap();
        assert_eq!(format!("{bis:?}"), r#"IriBis("x:y")"#);
        let xri = crate::XriRef::parse("@a").unwrap();
        assert_eq!(
            format!("{xri:?} {:?}", xri.to_buf()),
            r#"XriRef("@a") XriRefBuf("@a")"#
        );
        assert_eq!(format!("{:5}|", crate::Xri::parse("@a").unwrap()), "@a   |");
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
        // Borrowed types deserialize from a borrowed string, checked.
        let json = String::from("\"http://a/b\"");
        let iri: crate::Iri<'_> = serde_json::from_str(&json).unwrap();
        assert_eq!(iri.scheme(), "http");
        let xri: crate::XriRef<'_> = serde_json::from_str("\"@a*b\"").unwrap();
        assert!(xri.is_absolute());
        assert!(serde_json::from_str::<crate::UriRef<'_>>("\"a b\"").is_err());
        assert!(serde_json::from_str::<crate::Xri<'_>>("\"a/b\"").is_err());
    }
}
