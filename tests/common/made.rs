//! Identifiers made of percent-encoded components, for the properties of
//! reading, changing and building them (tests/it/everyday*.rs); each
//! reads only some of the fields.
#![allow(dead_code)]

use proptest::prelude::*;
use xiri::pct::{self, Component};
use xiri::Grammar;

/// Any text, weighted toward the characters that delimit, escape or sit
/// at the edges of the character classes.
pub fn text() -> impl Strategy<Value = String> {
    let special = prop::sample::select(vec![
        '%',
        '/',
        '?',
        '#',
        '@',
        ':',
        '&',
        '=',
        '+',
        ' ',
        '(',
        ')',
        '*',
        '!',
        '[',
        ']',
        '$',
        '\'',
        ',',
        ';',
        '~',
        '.',
        '-',
        '\u{e9}',
        '\u{202E}',
        '\u{E000}',
        '\u{E0001}',
        '\u{FFFE}',
        '\u{10FFFD}',
        '\u{7F}',
        '\0',
        '<',
        '"',
        '\\',
    ]);
    prop::collection::vec(
        prop_oneof![special, any::<char>(), prop::char::range('a', 'z')],
        0..12,
    )
    .prop_map(String::from_iter)
}

/// A reference made of encoded components (valid in every generic
/// syntax when encoded for URIs), with the components it was made of.
#[derive(Debug, Clone)]
pub struct Made {
    pub text: String,
    pub scheme: Option<String>,
    pub user: Option<(String, Option<String>)>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

pub fn made(grammar: Grammar) -> impl Strategy<Value = Made> {
    let enc = move |c| text().prop_map(move |t| pct::encode(&t, c, grammar).into_owned());
    (
        prop::option::of("[a-z][a-z0-9+.-]{0,4}"),
        prop::option::of((
            prop::option::of((
                enc(Component::UserName),
                prop::option::of(enc(Component::Userinfo)),
            )),
            enc(Component::Host),
            prop::option::of(prop_oneof![
                "[0-9]{0,6}",
                any::<u16>().prop_map(|p| p.to_string())
            ]),
        )),
        prop::collection::vec(enc(Component::PathSegment), 0..4),
        prop::option::of(enc(Component::Query)),
        prop::option::of(enc(Component::Fragment)),
    )
        .prop_map(|(scheme, authority, segments, query, fragment)| {
            let mut text = String::new();
            if let Some(s) = &scheme {
                text.push_str(s);
                text.push(':');
            }
            let (mut user, mut host, mut port) = (None, None, None);
            if let Some((u, h, p)) = &authority {
                text.push_str("//");
                if let Some((name, password)) = u {
                    text.push_str(name);
                    if let Some(pw) = password {
                        text.push(':');
                        text.push_str(pw);
                    }
                    text.push('@');
                    user = Some((name.clone(), password.clone()));
                }
                text.push_str(h);
                host = Some(h.clone());
                if let Some(p) = p {
                    text.push(':');
                    text.push_str(p);
                    port = Some(p.clone());
                }
            }
            // Under an authority the path is absolute; without one, a first
            // segment that is empty or has ":" would read as something else,
            // so every path starts with "/" (and an empty first segment
            // after it could read as "//": it is given a letter).
            let mut path = String::new();
            for (i, segment) in segments.iter().enumerate() {
                path.push('/');
                if i == 0 && segment.is_empty() {
                    path.push('a');
                }
                path.push_str(segment);
            }
            text.push_str(&path);
            if let Some(q) = &query {
                text.push('?');
                text.push_str(q);
            }
            if let Some(f) = &fragment {
                text.push('#');
                text.push_str(f);
            }
            Made {
                text,
                scheme,
                fragment,
                user,
                host,
                port,
                path,
                query,
            }
        })
}
