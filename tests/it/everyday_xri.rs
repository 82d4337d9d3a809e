//! Issue 22's reading and changing for XRIs, beyond what
//! tests/it/everyday_change.rs holds: the owned XRI types read every
//! component as the borrowed ones do, and `set_authority` gives back the
//! authority it set or changes nothing, on both owned types.

use crate::common::made;

use made::text;
use proptest::prelude::*;
use xiri::pct::{self, Component};
use xiri::{Grammar, XriBuf, XriRef, XriRefBuf};

const BASES: [&str; 6] = [
    "xri://@a*b/c?q#f",
    "=a",
    "a/b",
    "(+x)/y?z",
    "xri://u:p@h:1/p?k=v&x#f",
    "xri://=a*(+b)/!c",
];

/// The owned reference's getters are the borrowed one's.
fn reads_as_borrowed(x: &XriRefBuf) -> Result<(), TestCaseError> {
    let r = XriRef::parse(x.as_str()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(x.has_prefix(), r.has_prefix());
    prop_assert_eq!(x.is_absolute(), r.is_absolute());
    prop_assert_eq!(x.authority(), r.authority());
    prop_assert_eq!(x.path(), r.path());
    prop_assert!(x.segments().eq(r.segments()));
    prop_assert_eq!(x.query(), r.query());
    prop_assert!(x.raw_query_pairs().eq(r.raw_query_pairs()));
    prop_assert!(x.query_pairs().eq(r.query_pairs()));
    prop_assert_eq!(x.fragment(), r.fragment());
    prop_assert_eq!(x.mask_password().to_string(), r.mask_password().to_string());
    if let Some(a) = r.authority() {
        let owned = x.authority().unwrap();
        prop_assert_eq!(owned.username(), a.username());
        prop_assert_eq!(owned.password(), a.password());
        prop_assert_eq!(owned.port_to_u16(), a.port_to_u16());
    }
    if let Ok(absolute) = XriBuf::parse(x.as_str().to_string()) {
        prop_assert_eq!(Some(absolute.authority()), r.authority());
        prop_assert_eq!(absolute.path(), r.path());
        prop_assert_eq!(absolute.query(), r.query());
        prop_assert_eq!(absolute.fragment(), r.fragment());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn owned_xris_read_as_borrowed_ones(
        base in prop::sample::select(BASES.to_vec()),
        raw in text(),
    ) {
        let x: XriRefBuf = base.parse().unwrap();
        reads_as_borrowed(&x)?;
        let mut y = x.clone();
        y.set_query_encoded(Some(&raw)).unwrap();
        y.append_query_pair(&raw, Some(&raw)).unwrap();
        y.set_fragment_encoded(Some(&raw)).unwrap();
        reads_as_borrowed(&y)?;
        if y.append_path_segment(&raw).is_ok() {
            reads_as_borrowed(&y)?;
        }
    }

    #[test]
    fn set_authority_gives_back_what_it_set_or_changes_nothing(
        base in prop::sample::select(BASES.to_vec()),
        authority in prop::sample::select(vec!["@a*b", "=c", "(+d)", "h:1", "u:p@h", "@", "a/b", "=c?", ""]),
        raw in text(),
    ) {
        let encoded = format!("={}", pct::encode(&raw, Component::PathSegment, Grammar::Xri));
        let x: XriRefBuf = base.parse().unwrap();
        for value in [authority, encoded.as_str(), raw.as_str()] {
            let mut y = x.clone();
            match y.set_authority(Some(value)) {
                Ok(()) => {
                    prop_assert_eq!(y.authority().map(|a| a.as_str()), Some(value));
                    prop_assert_eq!((y.path(), y.query(), y.fragment()), (x.path(), x.query(), x.fragment()));
                    prop_assert_eq!(XriRef::parse(y.as_str()).ok(), Some(y.as_borrowed()));
                }
                Err(_) => prop_assert_eq!(&y, &x),
            }
            if let Ok(absolute) = XriBuf::parse(x.as_str().to_string()) {
                let mut z = absolute.clone();
                match z.set_authority(Some(value)) {
                    Ok(()) => prop_assert_eq!(z.authority().as_str(), value),
                    Err(_) => prop_assert_eq!(&z, &absolute),
                }
                let mut z = absolute.clone();
                prop_assert!(z.set_authority(None).is_err());
                prop_assert_eq!(&z, &absolute);
            }
        }
        let mut y = x.clone();
        if y.set_authority(None).is_ok() {
            prop_assert_eq!(y.authority(), None);
            prop_assert_eq!(y.path(), x.path());
        } else {
            prop_assert_eq!(&y, &x);
        }
    }
}
