//! No password in any output (issue 41): the `Debug` (`{:?}` and
//! `{:#?}`) of every type that can hold user information, and the
//! `Display` of the errors and of `mask_password`, leave the password
//! `s3cret` out and still show the user and the host. A value's own
//! `Display` is its text, password and all (docs/DECISIONS.md, "Masking
//! passwords"); so is `DraftComponents`'s and `ParseTree`'s. And the
//! messages of refusals name what caused them, not the password.

use xiri::{
    Conversion, Grammar, IriBuf, IriRef, LeiriRef, Rfc3986, Uri, UriBuf, UriRef, UriRefBuf, XriBuf,
    XriRef, XriRefBuf,
};

/// `shown` has no password, and shows the user and the host.
fn masked(what: &str, shown: &str, host: &str) {
    assert!(
        !shown.contains("s3cret"),
        "{what} shows the password: {shown}"
    );
    assert!(
        !shown.contains("s3c"),
        "{what} shows part of the password: {shown}"
    );
    assert!(shown.contains("anne"), "{what} hides the user: {shown}");
    assert!(shown.contains(host), "{what} hides the host: {shown}");
}

/// `{:?}` and `{:#?}` of `value`.
fn debug(what: &str, value: &dyn std::fmt::Debug, host: &str) {
    masked(what, &format!("{value:?}"), host);
    masked(&format!("{what} (pretty)"), &format!("{value:#?}"), host);
}

/// `{:?}`, `{:#?}` and `{}` of `value`.
fn both(what: &str, value: &(impl std::fmt::Debug + std::fmt::Display), host: &str) {
    debug(what, value, host);
    masked(&format!("{what} (display)"), &value.to_string(), host);
}

const URI: &str = "http://anne:s3cret@example.com/p?q#f";
const XRI: &str = "xri://anne:s3cret@example.com/(http://anne:s3cret@example.net/)";

#[test]
fn values_debug_without_the_password() {
    debug("UriRef", &UriRef::parse(URI).unwrap(), "example.com");
    debug("Uri", &Uri::parse(URI).unwrap(), "example.com");
    debug(
        "UriRefBuf",
        &URI.parse::<UriRefBuf>().unwrap(),
        "example.com",
    );
    debug("UriBuf", &URI.parse::<UriBuf>().unwrap(), "example.com");
    debug("IriRef", &IriRef::parse(URI).unwrap(), "example.com");
    debug("IriBuf", &URI.parse::<IriBuf>().unwrap(), "example.com");
    debug(
        "ZonedUri",
        &xiri::ZonedUri::parse(URI).unwrap(),
        "example.com",
    );
    debug("XriRef", &XriRef::parse(XRI).unwrap(), "example.net");
    debug("XriBuf", &XRI.parse::<XriBuf>().unwrap(), "example.net");
    debug(
        "XriRefBuf",
        &XRI.parse::<XriRefBuf>().unwrap(),
        "example.net",
    );
    both(
        "mask_password",
        &Uri::parse(URI).unwrap().mask_password(),
        "example.com",
    );
    both(
        "XRI mask_password",
        &XriRef::parse(XRI).unwrap().mask_password(),
        "example.net",
    );
    // What a browser reads as a password: "\" as "/" after a special
    // scheme, and an authority after any run of them.
    for text in [
        "http:\\\\anne:s3cret@example.com/",
        "http:///anne:s3cret@example.com/",
    ] {
        debug(text, &LeiriRef::parse(text).unwrap(), "example.com");
        both(
            text,
            &LeiriRef::parse(text).unwrap().mask_password(),
            "example.com",
        );
    }
}

#[test]
fn builders_debug_without_the_password() {
    let b = UriBuf::builder()
        .scheme("h")
        .userinfo("anne:s3cret")
        .host("example.com");
    debug("Builder", &b, "example.com");
    let b = xiri::IriRefBuf::builder().path("//anne:s3cret@example.com/");
    debug("Builder with a path", &b, "example.com");
    let b = XriBuf::builder()
        .prefix()
        .authority("anne:s3cret@example.com");
    debug("XriBuilder", &b, "example.com");
    let b = XriBuf::builder()
        .authority("@a")
        .path("/(http://anne:s3cret@example.com)");
    debug("XriBuilder with a cross-reference", &b, "example.com");
}

#[test]
fn parts_debug_without_the_password() {
    let f = xiri::find::<Rfc3986>("see <http://anne:s3cret@example.com/> now")
        .next()
        .unwrap();
    debug("Found", &f, "example.com");
    let x = xiri::Xri::parse(XRI).unwrap();
    debug("XriAuthority", &x.authority(), "example.com");
    debug("Segments", &x.segments(), "example.net");
    let segment = x.segments().next().unwrap();
    debug("Segment", &segment, "example.net");
    debug("Subsegments", &segment.subsegments(), "example.net");
    let sub = segment.subsegments().next().unwrap();
    debug("Subsegment", &sub, "example.net");
    debug("SubsegmentValue", &sub.value(), "example.net");
    let draft = xiri::draft::parse_components(URI);
    debug("DraftComponents", &draft, "example.com");
    let tree = Grammar::Uri.reference().parse_tree(URI).unwrap();
    debug("ParseTree", &tree, "example.com");
    debug(
        "steps",
        &UriRef::parse(URI).unwrap().to_iri_steps(),
        "example.com",
    );
    let converted = Conversion::new(Grammar::Uri, Grammar::Iri)
        .unwrap()
        .apply(URI)
        .unwrap();
    debug("Converted", &converted, "example.com");
    let template = xiri::template::Template::parse("http://anne:s3cret@example.com/{x}").unwrap();
    debug("Template", &template, "example.com");
}

#[test]
fn errors_show_no_password() {
    for text in [
        "http://anne:s3cret@example.com/a b",
        "http:\\\\anne:s3cret@example.com/ x",
        "http:/\\anne:s3cret@example.com/ x",
        "\\\\anne:s3cret@example.com/ x",
        "https:anne:s3cret@example.com/ x",
    ] {
        both(text, &UriRef::parse(text).unwrap_err(), "example.com");
    }
    let mut uri: UriBuf = URI.parse().unwrap();
    let err = uri.set_userinfo(Some("anne:s3cret x")).unwrap_err();
    both("SetError (invalid)", &err, "example.com");
    let err = UriBuf::builder()
        .scheme("h")
        .userinfo("anne:s3cret@")
        .host("example.com")
        .build()
        .unwrap_err();
    assert_eq!(err.component(), "reference");
    // A builder's user information that reads as other components is
    // named with its password masked (a port's digits make the password
    // here: "anne:4711" is a host and port, "/x" a path).
    let err = UriRefBuf::builder()
        .userinfo("anne:4711/x")
        .host("example.com")
        .build()
        .unwrap_err();
    assert_eq!(err.component(), "userinfo");
    for shown in [err.to_string(), format!("{err:?}"), format!("{err:#?}")] {
        assert!(!shown.contains("4711"), "{shown}");
        assert!(shown.contains("anne:****"), "{shown}");
    }
}

/// Issue 41: the password ran to the last "@" of the input, so that an
/// "@" in the path hid the host and path and the space in the path was
/// called "a character of the password".
#[test]
fn a_later_at_sign_neither_hides_the_path_nor_takes_the_blame() {
    let text = "http://anne:s3cret@h/a b//c@d";
    let err = UriRef::parse(text).unwrap_err();
    assert_eq!(err.offset(), text.find(' ').unwrap());
    assert_eq!(err.component(), Some("path"));
    let shown = err.to_string();
    assert!(shown.contains("found ' '"), "{shown}");
    assert!(
        shown.contains("\n  http://anne:******@h/a b//c@d\n"),
        "{shown}"
    );
    assert!(!format!("{err:?}").contains("s3cret"));
}

/// Issue 41: `.path("//x")` was blamed on the host, `.path("a:b")` on
/// the scheme; each message now names the path, what it was given and
/// why.
#[test]
fn a_path_that_reads_as_other_components_is_named() {
    for (path, why) in [
        ("//x", "cannot start with \"//\""),
        ("a:b", "read as a scheme"),
    ] {
        let err = UriRefBuf::builder().path(path).build().unwrap_err();
        assert_eq!(
            (err.component(), err.kind()),
            ("path", xiri::SetErrorKind::Structure)
        );
        let shown = err.to_string();
        assert!(
            shown.contains(&format!("cannot set the path to {path:?}")),
            "{shown}"
        );
        assert!(shown.contains(why), "{shown}");
        // The setter says the same.
        let mut x: UriRefBuf = "b".parse().unwrap();
        let err = x.set_path(path).unwrap_err();
        assert_eq!(err.component(), "path");
        assert!(err.to_string().contains(why), "{err}");
    }
    let err = UriRefBuf::builder()
        .host("h")
        .path("a")
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("starts with \"/\""), "{err}");
}

/// A setter's error names the component and the value given (issue 41's
/// "Messages"), a user information's password masked.
#[test]
fn setter_errors_name_the_value_given() {
    let mut uri: UriBuf = "http://a.example/".parse().unwrap();
    let shown = uri.set_host("a:1").unwrap_err().to_string();
    assert!(
        shown.starts_with("cannot set the host to \"a:1\": "),
        "{shown}"
    );
    let shown = uri.set_host("a b").unwrap_err().to_string();
    assert!(
        shown.starts_with("cannot set the host to \"a b\": "),
        "{shown}"
    );
    let mut relative: UriRefBuf = "a".parse().unwrap();
    let shown = relative.set_port(Some(8080)).unwrap_err().to_string();
    assert_eq!(
        shown,
        "cannot set the port to \"8080\": it is required here, or needs an authority"
    );
    let err = relative.set_userinfo(Some("anne:s3cret")).unwrap_err();
    let shown = err.to_string();
    assert!(
        shown.starts_with("cannot set the userinfo to \"anne:"),
        "{shown}"
    );
    for shown in [shown, format!("{err:?}")] {
        assert!(!shown.contains("s3cret"), "{shown}");
    }
    let err = uri.set_userinfo(Some("anne:s3cret x")).unwrap_err();
    let shown = err.to_string();
    assert!(
        shown.starts_with("cannot set the userinfo to \"anne:"),
        "{shown}"
    );
    assert!(!shown.contains("s3cret"), "{shown}");
}
