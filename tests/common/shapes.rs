//! Inputs of a chosen size in the shapes that cost more than linear time
//! (issue 11), each with the operation it is fed to: `benches/scaling.rs`
//! times them from 1 KB to 1 MB, `crates/cli/tests/it/hostile_cases.rs`
//! holds the worst to a growth ratio.

use super::adapter::Adapt;
use xiri::{Iri, IriRef, Normalization, Uri, UriRef, Xri, XriBuf, XriRef};

/// One operation on inputs of one shape.
pub struct Shape {
    pub operation: &'static str,
    pub shape: &'static str,
    /// The inputs, about so many bytes together.
    pub make: fn(usize) -> Vec<String>,
    /// The operation on them, giving the length of what it made.
    pub run: fn(&[String]) -> usize,
}

/// `head`, `unit` as many times as fit in `bytes`, then `tail`.
pub fn repeat(head: &str, unit: &str, tail: &str, bytes: usize) -> String {
    let times = bytes.saturating_sub(head.len() + tail.len()) / unit.len();
    format!("{head}{}{tail}", unit.repeat(times.max(1)))
}

/// `depth` cross-references, one inside the other, around "@a".
pub fn nested(depth: usize) -> String {
    format!("{}@a{}", "(".repeat(depth), ")".repeat(depth))
}

const PLAIN: Normalization = Normalization::new()
    .with_nfc(false)
    .with_nfkc(false)
    .with_scheme_based(false);

const NFKC: Normalization = Normalization::new()
    .with_nfc(false)
    .with_nfkc(true)
    .with_scheme_based(false);

fn uri(text: &str) -> Uri<'_> {
    Uri::parse(text).expect("the shape is a URI")
}

fn xri(text: &str) -> Xri<'_> {
    Xri::parse(text).expect("the shape is an XRI")
}

/// A base with `n` segments and a reference climbing all of them.
fn climb(head: &str, bytes: usize) -> Vec<String> {
    let base = repeat(head, "b/", "", bytes / 2);
    let up = repeat("", "../", "g", bytes / 2);
    vec![base, up]
}

/// A base and a target sharing a long path.
fn siblings(head: &str, bytes: usize) -> Vec<String> {
    let base = repeat(head, "b/", "c", bytes / 2);
    let target = format!("{}d", &base[..base.len() - 1]);
    vec![base, target]
}

pub const SHAPES: &[Shape] = &[
    Shape {
        operation: "uri normalize",
        shape: "a/ then as many ../",
        make: |n| {
            vec![format!(
                "http://a/{}{}x",
                "a/".repeat(n / 5),
                "../".repeat(n / 5)
            )]
        },
        run: |i| uri(&i[0]).normal(PLAIN).unwrap().as_str().len(),
    },
    Shape {
        operation: "uri resolve",
        shape: "long base path, ../ for each segment",
        make: |n| climb("http://a/", n),
        run: |i| {
            uri(&i[0])
                .resolve(&UriRef::parse(&i[1]).unwrap())
                .as_str()
                .len()
        },
    },
    Shape {
        operation: "uri resolve",
        shape: "long base path, short reference",
        make: |n| vec![repeat("http://a/", "b/", "c", n), "../g".into()],
        run: |i| {
            uri(&i[0])
                .resolve(&UriRef::parse(&i[1]).unwrap())
                .as_str()
                .len()
        },
    },
    Shape {
        operation: "uri relativize",
        shape: "base and target share a long path",
        make: |n| siblings("http://a/", n),
        run: |i| {
            uri(&i[0])
                .relative(&uri(&i[1]))
                .map_or(0, |r| r.as_str().len())
        },
    },
    Shape {
        operation: "iri normalize nfkc",
        shape: "compatibility characters, combining marks, escapes",
        make: |n| vec![repeat("http://a/", "\u{fb01}e\u{301}%C3%A9", "", n)],
        run: |i| {
            Iri::parse(&i[0])
                .unwrap()
                .normal(NFKC)
                .map_or(0, |n| n.as_str().len())
        },
    },
    Shape {
        operation: "iri to_uri",
        shape: "percent-encoded and not",
        make: |n| vec![repeat("http://a/", "%C3%A9\u{e9}", "", n)],
        run: |i| IriRef::parse(&i[0]).unwrap().to_uri().as_str().len(),
    },
    Shape {
        operation: "uri to_iri",
        shape: "percent-encoded UTF-8",
        make: |n| vec![repeat("http://a/", "%C3%A9", "", n)],
        run: |i| UriRef::parse(&i[0]).unwrap().to_iri().as_str().len(),
    },
    Shape {
        operation: "iri parse",
        shape: "long valid",
        make: |n| vec![repeat("http://a/", "a/\u{6f22}", "", n)],
        run: |i| usize::from(IriRef::parse(&i[0]).is_ok()),
    },
    Shape {
        operation: "iri parse",
        shape: "long, invalid at the end",
        make: |n| vec![repeat("http://a/", "a/\u{6f22}", " ", n)],
        run: |i| IriRef::parse(&i[0]).unwrap_err().offset(),
    },
    Shape {
        operation: "xri parse",
        shape: "long valid",
        make: |n| vec![repeat("@a", "*b", "", n)],
        run: |i| usize::from(XriRef::parse(&i[0]).is_ok()),
    },
    Shape {
        operation: "xri parse",
        shape: "long, invalid at the end",
        make: |n| vec![repeat("@a", "*b", "%zz", n)],
        run: |i| XriRef::parse(&i[0]).unwrap_err().offset(),
    },
    Shape {
        operation: "xri parse",
        shape: "cross-references nested 30 deep",
        make: |n| vec![repeat("@a/", &format!("*{}", nested(30)), "", n)],
        run: |i| usize::from(XriRef::parse(&i[0]).is_ok()),
    },
    Shape {
        operation: "xri to_iri_normal",
        shape: "many cross-references",
        make: |n| vec![repeat("xri://@a/", "*(+a)", "", n)],
        run: |i| {
            XriRef::parse(&i[0])
                .unwrap()
                .to_iri_normal(false)
                .unwrap()
                .as_str()
                .len()
        },
    },
    Shape {
        operation: "xri to_uri_normal",
        shape: "many cross-references",
        make: |n| vec![repeat("xri://@a/", "*(+a)", "", n)],
        run: |i| {
            XriRef::parse(&i[0])
                .unwrap()
                .to_uri_normal(false)
                .unwrap()
                .as_str()
                .len()
        },
    },
    Shape {
        operation: "xri from_iri_normal",
        shape: "many escaped cross-references",
        make: |n| vec![repeat("xri://@a/", "*(+a%2Fb)", "", n)],
        run: |i| {
            XriBuf::from_iri_normal(&IriRef::parse(&i[0]).unwrap())
                .unwrap()
                .as_str()
                .len()
        },
    },
    Shape {
        operation: "xri normalize",
        shape: "many cross-references",
        make: |n| vec![repeat("xri://@a/", "*(+A)", "", n)],
        run: |i| xri(&i[0]).normal(PLAIN).unwrap().as_str().len(),
    },
    Shape {
        operation: "xri resolve",
        shape: "long base path, ../ for each segment",
        make: |n| climb("xri://@a/", n),
        run: |i| {
            xri(&i[0])
                .resolve(&XriRef::parse(&i[1]).unwrap())
                .map_or(0, |t| t.as_str().len())
        },
    },
    Shape {
        operation: "xri relativize",
        shape: "base and target share a long path",
        make: |n| siblings("xri://@a/", n),
        run: |i| {
            xri(&i[0])
                .relative(&xri(&i[1]))
                .map_or(0, |r| r.as_str().len())
        },
    },
];

/// The shape of `operation` and `shape`.
pub fn shape(operation: &str, shape: &str) -> &'static Shape {
    SHAPES
        .iter()
        .find(|s| s.operation == operation && s.shape == shape)
        .unwrap_or_else(|| panic!("no shape {operation:?} {shape:?}"))
}
