//! `xiri edit`: changes applied in the order given to each input, with the
//! library's setters (each checked: a change the syntax refuses refuses
//! the input), as trurl's `--set`, `--append`, `--trim` and `--sort-query`.

use super::batch::{Output, Refusal};
use clap::{ArgMatches, Args};
use std::process::ExitCode;
use xiri::pct;
use xiri::{GenericSyntax, Grammar, ParseError, ReferenceBuf, SetError, XriAuthority, XriRefBuf};

#[derive(Args)]
pub struct EditArgs {
    /// uri, iri (the default; every URI is an IRI), iri-bis, leiri or xri.
    #[arg(long, short, default_value = "iri")]
    pub grammar: Grammar,
    /// COMPONENT=VALUE: scheme, authority, userinfo, user, password,
    /// host, port, path, query or fragment, as written (percent-encoded
    /// where need be; a port is digits, at most 65535, leading zeros
    /// kept); COMPONENT= removes an optional one (an empty path
    /// or host for those; user= removes the user information, password=
    /// the password alone). An XRI has authority, path, query and
    /// fragment.
    #[arg(long, value_name = "COMPONENT=VALUE")]
    pub set: Vec<String>,
    /// path=SEGMENT (a segment added, percent-encoded) or
    /// query=KEY=VALUE (a pair added, both encoded; query=KEY for a key
    /// alone).
    #[arg(long, value_name = "path=SEGMENT|query=KEY=VALUE")]
    pub append: Vec<String>,
    /// query=PATTERN: removes the query pairs whose decoded key matches
    /// PATTERN ("*" matches any run of characters), and the query if none
    /// is left.
    #[arg(long, value_name = "query=PATTERN")]
    pub trim: Vec<String>,
    /// Sorts the query's pairs by key (as written; stable).
    #[arg(long)]
    pub sort_query: bool,
    /// Replaces the password of the user information with "****".
    #[arg(long)]
    pub redact: bool,
    /// One result a line as text, refusals on standard error (a result
    /// holding a control character is one).
    #[arg(long, short)]
    pub raw: bool,
    /// Each input is a JSON string.
    #[arg(long)]
    pub json_input: bool,
    /// The references; standard input when none.
    pub inputs: Vec<std::ffi::OsString>,
}

/// One change.
#[derive(Clone, Debug)]
enum Change {
    Set(String, Option<String>),
    Segment(String),
    Pair(String, Option<String>),
    Trim(String),
    SortQuery,
    Redact,
}

/// The changes as the command line gives them, in its order.
fn changes(args: &EditArgs, matches: Option<&ArgMatches>) -> Result<Vec<Change>, String> {
    let mut placed: Vec<(usize, Change)> = Vec::new();
    let at = |name: &str, i: usize| {
        matches
            .and_then(|m| m.indices_of(name))
            .and_then(|mut n| n.nth(i))
            .unwrap_or(0)
    };
    for (i, s) in args.set.iter().enumerate() {
        let (c, v) = s
            .split_once('=')
            .ok_or_else(|| format!("--set {s:?}: expected COMPONENT=VALUE"))?;
        settable(args.grammar, c, v).map_err(|why| format!("--set {s}: {why}"))?;
        let v = (!v.is_empty()).then(|| v.to_string());
        placed.push((at("set", i), Change::Set(c.to_string(), v)));
    }
    for (i, s) in args.append.iter().enumerate() {
        let change = match s.split_once('=') {
            Some(("path", segment)) => Change::Segment(segment.to_string()),
            Some(("query", pair)) => match pair.split_once('=') {
                Some((k, v)) => Change::Pair(k.to_string(), Some(v.to_string())),
                None => Change::Pair(pair.to_string(), None),
            },
            _ => {
                return Err(format!(
                    "--append {s:?}: expected path=SEGMENT or query=KEY=VALUE"
                ))
            }
        };
        placed.push((at("append", i), change));
    }
    for (i, s) in args.trim.iter().enumerate() {
        let pattern = s
            .strip_prefix("query=")
            .ok_or_else(|| format!("--trim {s:?}: expected query=PATTERN"))?;
        placed.push((at("trim", i), Change::Trim(pattern.to_string())));
    }
    if args.sort_query {
        placed.push((at("sort_query", 0), Change::SortQuery));
    }
    if args.redact {
        placed.push((at("redact", 0), Change::Redact));
    }
    placed.sort_by_key(|(i, _)| *i);
    Ok(placed.into_iter().map(|(_, c)| c).collect())
}

/// What `edit` needs of an owned identifier.
trait Editable: Sized {
    fn parse(text: &str) -> Result<Self, ParseError>;
    fn text(&self) -> &str;
    /// Sets a component by name.
    fn set(&mut self, component: &str, value: Option<&str>) -> Result<(), Unset>;
    fn query(&self) -> Option<&str>;
    fn set_query(&mut self, query: Option<&str>) -> Result<(), SetError>;
    fn append_segment(&mut self, segment: &str) -> Result<(), SetError>;
    fn append_pair(&mut self, key: &str, value: Option<&str>) -> Result<(), SetError>;
    /// `user:****@host:port` when there is a non-empty password.
    fn redacted_authority(&self) -> Option<String>;
}

/// Why `--set` did not set a component.
enum Unset {
    /// The syntax has no component of that name: these are its names.
    Unknown(&'static str),
    /// A port that is not one: why.
    Port(&'static str),
    /// The setter refused the value.
    Refused(SetError),
}

impl From<SetError> for Unset {
    fn from(e: SetError) -> Self {
        Unset::Refused(e)
    }
}

/// The components `--set` names in the RFC 3986-shaped syntaxes.
const COMPONENTS: &str =
    "scheme, authority, userinfo, user, password, host, port, path, query and fragment";

/// The components `--set` names in an XRI.
const XRI_COMPONENTS: &str = "authority, path, query and fragment";

/// Whether `--set COMPONENT=VALUE` can be asked of `grammar` at all,
/// whatever the input: the component is one of the syntax's, and a port
/// is a port. Otherwise it is a usage error (exit status 2), said once,
/// not a refusal of every input.
fn settable(grammar: Grammar, component: &str, value: &str) -> Result<(), String> {
    let names = match grammar {
        Grammar::Xri => XRI_COMPONENTS,
        _ => COMPONENTS,
    };
    let known = names
        .split([',', ' '])
        .any(|name| name == component && name != "and");
    if !known {
        return Err(format!(
            "-g {grammar} has no component {component:?} (it has {names})"
        ));
    }
    if component == "port" && !value.is_empty() {
        port_number(value).map_err(|e| match e {
            Unset::Port(why) => why.to_string(),
            _ => "not a port".to_string(),
        })?;
    }
    Ok(())
}

/// A port as written: digits only (no sign, no space), at most 65535.
fn port_number(written: &str) -> Result<u16, Unset> {
    if !written.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Unset::Port("not a number (a port is digits only)"));
    }
    let digits = written.trim_start_matches('0');
    match digits.len() {
        0 => Ok(0),
        1..=5 => digits.parse().map_err(|_| Unset::Port("above 65535")),
        _ => Err(Unset::Port("above 65535")),
    }
}

/// The methods of [`Editable`] that the types have under their own names.
macro_rules! same_names {
    ($T:ident) => {
        fn query(&self) -> Option<&str> {
            $T::query(self)
        }
        fn set_query(&mut self, query: Option<&str>) -> Result<(), SetError> {
            $T::set_query(self, query)
        }
        fn append_segment(&mut self, segment: &str) -> Result<(), SetError> {
            self.append_path_segment(segment)
        }
        fn append_pair(&mut self, key: &str, value: Option<&str>) -> Result<(), SetError> {
            self.append_query_pair(key, value)
        }
    };
}

/// `user:****` then the rest of the authority after the user information.
fn redacted(userinfo: Option<&str>, rest: &str) -> Option<String> {
    let (user, password) = userinfo?.split_once(':')?;
    (!password.is_empty()).then(|| format!("{user}:****@{rest}"))
}

impl<S: GenericSyntax> Editable for ReferenceBuf<S> {
    fn parse(text: &str) -> Result<Self, ParseError> {
        ReferenceBuf::parse(text.to_string())
    }
    fn text(&self) -> &str {
        self.as_str()
    }
    fn set(&mut self, component: &str, value: Option<&str>) -> Result<(), Unset> {
        match component {
            "scheme" => self.set_scheme(value),
            "authority" => self.set_authority(value),
            "userinfo" => self.set_userinfo(value),
            // The two halves of the user information, as trurl has them.
            "user" => {
                let password = self.password().map(|p| format!(":{p}"));
                let userinfo = value.map(|u| format!("{u}{}", password.unwrap_or_default()));
                self.set_userinfo(userinfo.as_deref())
            }
            "password" => {
                let user = self.username().unwrap_or_default().to_string();
                let userinfo = match value {
                    Some(p) => Some(format!("{user}:{p}")),
                    None => Some(user).filter(|u| !u.is_empty()),
                };
                self.set_userinfo(userinfo.as_deref())
            }
            "host" => self.set_host(value.unwrap_or_default()),
            "port" => {
                let number = value.map(port_number).transpose()?;
                self.set_port(number)?;
                match (value, number) {
                    // Leading zeros: kept as written, as --set takes
                    // every value (RFC 3986's port is *DIGIT).
                    (Some(written), Some(n)) if written != n.to_string() => {
                        let host = self.host().map(|h| h.as_str().to_string());
                        let userinfo = self.userinfo().map(|u| format!("{u}@"));
                        let authority = format!(
                            "{}{}:{written}",
                            userinfo.unwrap_or_default(),
                            host.unwrap_or_default()
                        );
                        self.set_authority(Some(&authority))
                    }
                    _ => Ok(()),
                }
            }
            "path" => self.set_path(value.unwrap_or_default()),
            "query" => self.set_query(value),
            "fragment" => self.set_fragment(value),
            _ => return Err(Unset::Unknown(COMPONENTS)),
        }
        .map_err(Unset::Refused)
    }
    same_names!(ReferenceBuf);
    fn redacted_authority(&self) -> Option<String> {
        let authority = self.authority()?;
        let rest = authority.split_once('@').map_or(authority, |(_, r)| r);
        redacted(self.userinfo(), rest)
    }
}

impl Editable for XriRefBuf {
    fn parse(text: &str) -> Result<Self, ParseError> {
        XriRefBuf::parse(text.to_string())
    }
    fn text(&self) -> &str {
        self.as_str()
    }
    fn set(&mut self, component: &str, value: Option<&str>) -> Result<(), Unset> {
        match component {
            "authority" => self.set_authority(value),
            "path" => self.set_path(value.unwrap_or_default()),
            "query" => self.set_query(value),
            "fragment" => self.set_fragment(value),
            _ => return Err(Unset::Unknown(XRI_COMPONENTS)),
        }
        .map_err(Unset::Refused)
    }
    same_names!(XriRefBuf);
    fn redacted_authority(&self) -> Option<String> {
        match self.authority()? {
            a @ XriAuthority::Iri { text, .. } => {
                let rest = text.split_once('@').map_or(text, |(_, r)| r);
                redacted(a.userinfo(), rest)
            }
            _ => None,
        }
    }
}

/// Whether `text` matches `pattern`, where "*" matches any run of
/// characters (the classic two-pointer match, backtracking to the last
/// "*" only).
fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        match p.get(i) {
            Some('*') => {
                star = Some((i, j));
                i += 1;
            }
            Some(c) if Some(c) == t.get(j) => {
                i += 1;
                j += 1;
            }
            _ => match star {
                Some((si, sj)) => {
                    i = si + 1;
                    j = sj + 1;
                    star = Some((si, sj + 1));
                }
                None => return false,
            },
        }
    }
    p.get(i..)
        .is_some_and(|rest| rest.iter().all(|&c| c == '*'))
}

/// The query's non-empty pieces.
fn pieces(query: Option<&str>) -> Vec<&str> {
    query.map_or(Vec::new(), |q| {
        q.split('&').filter(|p| !p.is_empty()).collect()
    })
}

/// Applies the changes in order to one input.
fn apply<E: Editable>(text: &str, changes: &[Change]) -> Result<String, Refusal> {
    let mut value = E::parse(text)?;
    let refused = |e: SetError| Refusal::Shape(e.to_string());
    for change in changes {
        match change {
            Change::Set(c, v) => value.set(c, v.as_deref()).map_err(|e| {
                let given = format!("--set {c}={}", v.as_deref().unwrap_or_default());
                Refusal::Shape(match e {
                    Unset::Refused(e) => format!("{given}: {e}"),
                    Unset::Unknown(names) => {
                        format!("{given}: no component {c:?} here (it has {names})")
                    }
                    Unset::Port(why) => format!("{given}: {why}"),
                })
            })?,
            Change::Segment(s) => value.append_segment(s).map_err(refused)?,
            Change::Pair(k, v) => value.append_pair(k, v.as_deref()).map_err(refused)?,
            Change::Trim(pattern) => {
                let kept: Vec<&str> = pieces(value.query())
                    .into_iter()
                    .filter(|p| {
                        let key = p.split_once('=').map_or(*p, |(k, _)| k);
                        !glob(pattern, &pct::decode_form(key))
                    })
                    .collect();
                let query = (!kept.is_empty()).then(|| kept.join("&"));
                value.set_query(query.as_deref()).map_err(refused)?;
            }
            Change::SortQuery => {
                let mut sorted = pieces(value.query());
                sorted.sort_by_key(|p| p.split_once('=').map_or(*p, |(k, _)| k));
                let query = value.query().map(|_| sorted.join("&"));
                value.set_query(query.as_deref()).map_err(refused)?;
            }
            Change::Redact => {
                if let Some(authority) = value.redacted_authority() {
                    value
                        .set("authority", Some(&authority))
                        .map_err(|e| match e {
                            Unset::Refused(e) => refused(e),
                            _ => Refusal::Shape("--redact: no authority to redact".into()),
                        })?;
                }
            }
        }
    }
    Ok(value.text().to_string())
}

pub fn run(args: EditArgs, matches: Option<&ArgMatches>) -> Result<ExitCode, String> {
    let changes = changes(&args, matches)?;
    let grammar = args.grammar;
    let output = Output::raw(args.raw);
    super::batch::run_output(
        output,
        args.json_input,
        args.inputs,
        Some(grammar.name()),
        |text| match grammar {
            Grammar::Uri => apply::<ReferenceBuf<xiri::Rfc3986>>(text, &changes),
            Grammar::Iri => apply::<ReferenceBuf<xiri::Rfc3987>>(text, &changes),
            Grammar::IriBis => apply::<ReferenceBuf<xiri::Rfc3987bis>>(text, &changes),
            Grammar::Leiri => apply::<ReferenceBuf<xiri::LeiriNote>>(text, &changes),
            Grammar::Xri => apply::<XriRefBuf>(text, &changes),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::glob;

    #[test]
    fn globs() {
        assert!(glob("utm_*", "utm_source"));
        assert!(glob("*", ""));
        assert!(glob("a*b*c", "aXbYbc"));
        assert!(!glob("a*b", "ac"));
        assert!(!glob("utm_*", "xutm_a"));
        assert!(glob("", ""));
        assert!(!glob("", "a"));
    }
}
