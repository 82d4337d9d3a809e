//! `xiri parse --get TEMPLATE`: one line an input made from a template
//! of components, as trurl's `--get`. `{scheme}`, `{userinfo}`, `{user}`,
//! `{password}`, `{host}`, `{port}`, `{path}`, `{query}`, `{fragment}`,
//! `{query:NAME}` (the first value of a query key, decoded), `{idn:host}`
//! and `{puny:host}` (the host through IDNA ToUnicode or ToASCII, for a
//! registered name of a scheme whose hosts are DNS names, as `convert
//! --idna` does; any other host as written); a missing component is
//! empty; `{{` and `}}` are braces.

use xiri::{GenericSyntax, Grammar, HostKind, ParseError, Reference, XriAuthority, XriRef};

/// One piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field(Field),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Field {
    Scheme,
    Userinfo,
    User,
    Password,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    QueryKey(String),
    IdnHost,
    PunyHost,
}

/// A template, read once.
#[derive(Clone, Debug)]
pub struct Template(Vec<Piece>);

impl Template {
    /// Reads a template, or says what is wrong with it.
    pub fn parse(template: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut rest = template;
        while let Some(i) = rest.find(['{', '}']) {
            text.push_str(rest.get(..i).unwrap_or_default());
            let after = rest.get(i..).unwrap_or_default();
            if let Some(r) = after.strip_prefix("{{") {
                text.push('{');
                rest = r;
            } else if let Some(r) = after.strip_prefix("}}") {
                text.push('}');
                rest = r;
            } else if let Some(r) = after.strip_prefix('{') {
                let (name, r) = r
                    .split_once('}')
                    .ok_or_else(|| format!("--get: an unclosed {{ in {template:?}"))?;
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Field(field(name)?));
                rest = r;
            } else {
                return Err(format!(
                    "--get: a lone }} in {template:?} (write }}}} for a brace)"
                ));
            }
        }
        text.push_str(rest);
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template(pieces))
    }

    /// The line for one input of `grammar`.
    pub fn render(&self, grammar: Grammar, input: &str) -> Result<String, String> {
        let parts = match grammar {
            Grammar::Uri => generic::<xiri::Rfc3986>(input),
            Grammar::Iri => generic::<xiri::Rfc3987>(input),
            Grammar::IriBis => generic::<xiri::Rfc3987bis>(input),
            Grammar::Leiri => generic::<xiri::LeiriNote>(input),
            Grammar::Xri => xri(input),
        }
        .map_err(|e| e.message())?;
        let mut line = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(t) => line.push_str(t),
                Piece::Field(f) => {
                    let value = parts.get(f).map_err(|e| format!("{}: {e}", f.name()))?;
                    // One input, one line: a decoded newline or NUL would
                    // make two, or a line a shell cuts short.
                    if let Some(held) = super::batch::control_character(&value) {
                        return Err(format!("{}: the value holds {held}", f.name()));
                    }
                    line.push_str(&value);
                }
            }
        }
        Ok(line)
    }
}

impl Field {
    /// The field as a template writes it, braces and all.
    fn name(&self) -> String {
        let name = match self {
            Field::Scheme => "scheme",
            Field::Userinfo => "userinfo",
            Field::User => "user",
            Field::Password => "password",
            Field::Host => "host",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
            Field::IdnHost => "idn:host",
            Field::PunyHost => "puny:host",
            Field::QueryKey(key) => return format!("{{query:{key}}}"),
        };
        format!("{{{name}}}")
    }
}

fn field(name: &str) -> Result<Field, String> {
    Ok(match name {
        "scheme" => Field::Scheme,
        "userinfo" => Field::Userinfo,
        "user" => Field::User,
        "password" => Field::Password,
        "host" => Field::Host,
        "port" => Field::Port,
        "path" => Field::Path,
        "query" => Field::Query,
        "fragment" => Field::Fragment,
        "idn:host" => Field::IdnHost,
        "puny:host" => Field::PunyHost,
        _ => match name.strip_prefix("query:") {
            Some(key) => Field::QueryKey(key.to_string()),
            None => return Err(format!("--get: no component is called {{{name}}}")),
        },
    })
}

/// The components of one input, as text.
struct Parts<'t> {
    scheme: Option<&'t str>,
    userinfo: Option<&'t str>,
    /// The host, and whether IDNA applies to it: a registered name, of a
    /// scheme whose hosts are DNS names.
    host: Option<(&'t str, bool)>,
    port: Option<&'t str>,
    path: &'t str,
    query: Option<&'t str>,
    fragment: Option<&'t str>,
}

impl Parts<'_> {
    fn get(&self, field: &Field) -> Result<String, String> {
        let text = |s: Option<&str>| s.unwrap_or_default().to_string();
        let split = self.userinfo.map(|u| u.split_once(':').unwrap_or((u, "")));
        Ok(match field {
            Field::Scheme => text(self.scheme),
            Field::Userinfo => text(self.userinfo),
            Field::User => text(split.map(|s| s.0)),
            Field::Password => text(split.map(|s| s.1)),
            Field::Host => text(self.host.map(|h| h.0)),
            Field::Port => text(self.port),
            Field::Path => self.path.to_string(),
            Field::Query => text(self.query),
            Field::Fragment => text(self.fragment),
            Field::QueryKey(key) => first_value(self.query, key)?,
            Field::IdnHost | Field::PunyHost => match self.host {
                Some((host, true)) => {
                    let name = xiri::pct::decode_utf8(host).map_err(|e| e.to_string())?;
                    if *field == Field::PunyHost {
                        idna::domain_to_ascii(&name).map_err(|e| format!("IDNA ToASCII: {e}"))?
                    } else {
                        let (unicode, result) = idna::domain_to_unicode(&name);
                        result.map_err(|e| format!("IDNA ToUnicode: {e}"))?;
                        unicode
                    }
                }
                other => text(other.map(|h| h.0)),
            },
        })
    }
}

/// The first value of `key` among the query's pairs, form-decoded ("+" a
/// space); octets that are not UTF-8 refuse it, naming where (a form
/// reader would put U+FFFD there, which no line should hide).
fn first_value(query: Option<&str>, key: &str) -> Result<String, String> {
    let value = query.and_then(|query| {
        query.split('&').filter(|p| !p.is_empty()).find_map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (xiri::pct::decode_form(k) == key).then_some(v)
        })
    });
    let Some(value) = value else {
        return Ok(String::new());
    };
    // "+" is one byte, as the space it stands for: offsets are kept.
    let spaced = value.replace('+', " ");
    match xiri::pct::decode_utf8(&spaced) {
        Ok(text) => Ok(text.into_owned()),
        Err(e) => {
            let at = e.offset();
            let octet = value.get(at..at + 3).unwrap_or_default();
            Err(format!(
                "{octet} at byte {at} of the value is not UTF-8 (it would print as U+FFFD)"
            ))
        }
    }
}

fn generic<S: GenericSyntax>(input: &str) -> Result<Parts<'_>, ParseError> {
    let r = Reference::<S>::parse(input)?;
    Ok(Parts {
        scheme: r.scheme(),
        userinfo: r.userinfo(),
        host: r.host().map(|h| {
            let dns = xiri::UriOptions::idna_applies_to(r.scheme());
            (h.as_str(), dns && h.kind() == HostKind::RegName)
        }),
        port: r.port(),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    })
}

fn xri(input: &str) -> Result<Parts<'_>, ParseError> {
    let x = XriRef::parse(input)?;
    let authority = x.authority();
    let host = match authority {
        Some(XriAuthority::Iri { host, .. }) => {
            Some((host.as_str(), host.kind() == HostKind::RegName))
        }
        // An XRI authority is its own host, not a DNS name.
        Some(a) => Some((a.as_str(), false)),
        None => None,
    };
    Ok(Parts {
        scheme: x.has_prefix().then_some("xri"),
        userinfo: authority.and_then(|a| a.userinfo()),
        host,
        port: authority.and_then(|a| a.port()),
        path: x.path(),
        query: x.query(),
        fragment: x.fragment(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates() {
        let t = Template::parse("{scheme}://{host}:{port} {{x}} {query:a}").unwrap();
        let line = t
            .render(Grammar::Iri, "http://h:8/p?b=1&a=x+y&a=2")
            .unwrap();
        assert_eq!(line, "http://h:8 {x} x y");
        assert!(Template::parse("{nope}").is_err());
        assert!(Template::parse("{host").is_err());
        assert!(Template::parse("a}b").is_err());
        let t = Template::parse("[{user}|{password}|{fragment}]").unwrap();
        assert_eq!(t.render(Grammar::Uri, "//u:p@h").unwrap(), "[u|p|]");
        let t = Template::parse("{puny:host} {idn:host}").unwrap();
        assert_eq!(
            t.render(Grammar::Iri, "http://\u{e9}x.example/").unwrap(),
            "xn--x-9fa.example \u{e9}x.example"
        );
        assert_eq!(
            t.render(Grammar::Uri, "http://xn--x-9fa.example/").unwrap(),
            "xn--x-9fa.example \u{e9}x.example"
        );
        // IDNA only for schemes whose hosts are DNS names, as `convert
        // --idna`: another scheme's host is as written, both ways.
        assert_eq!(
            t.render(Grammar::Uri, "mailto://xn--x-9fa.example/")
                .unwrap(),
            "xn--x-9fa.example xn--x-9fa.example"
        );
        assert_eq!(
            t.render(Grammar::Iri, "urn://\u{e9}x.example/").unwrap(),
            "\u{e9}x.example \u{e9}x.example"
        );
        assert_eq!(
            t.render(Grammar::Iri, "//\u{e9}x.example/").unwrap(),
            "xn--x-9fa.example \u{e9}x.example"
        );
    }
}
