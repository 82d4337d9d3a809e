//! `xiri parse`: the typed components, as JSON or as an indented listing
//! of the same fields, written as they are read (`super::fields`).

use super::batch::Input;
use super::fields::{Fields, Form};
use serde_json::json;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use xiri::{
    CrossReference, CrossReferenceValue, GenericSyntax, Grammar, Host, LeiriNote, ParseError,
    Reference, Rfc3986, Rfc3987, Rfc3987bis, Subsegment, SubsegmentValue, XriAuthority, XriRef,
};

/// What `parse` prints for each input.
pub enum Shown {
    /// The components, as an indented listing (JSON with `json`); with
    /// `zone_id`, IP literals may hold RFC 6874 zone identifiers.
    Components { json: bool, zone_id: bool },
    /// One line from a template.
    Template(super::template::Template),
}

/// How deep `parse` shows cross-references inside cross-references:
/// one nested deeper is given as its text, with `omitted` saying why.
/// Each level repeats the text of the levels inside it (a segment's text,
/// a subsegment's, the cross-reference's, its value's), so without a
/// bound the answer grows with depth times length: 72 MB for a 600 KB
/// XRI nested 31 deep (issue 41). Parse the text alone to see further.
pub const MAX_XREF_DEPTH: usize = 4;

/// Parses each input (the arguments, or the lines of standard input),
/// printing what `shown` asks; exit 1 if any was refused. An input that
/// cannot be read (not UTF-8, or with `--json-input` not a JSON string)
/// is answered in its place with its error, and the others still are.
/// With a template, a refused input's message goes to standard error.
pub fn run(
    grammar: Grammar,
    rule_name: &str,
    shown: &Shown,
    json_input: bool,
    inputs: super::batch::Args,
) -> Result<ExitCode, String> {
    let rule = super::rule(grammar, rule_name)?;
    if !matches!(rule_name, "reference" | "absolute" | "relative") {
        return Err(format!(
            "`parse` shows the components of a reference, absolute or relative form; for the production {rule_name:?} use `xiri tree`"
        ));
    }
    if matches!(shown, Shown::Components { zone_id: true, .. }) && rule_name == "relative" {
        return Err("--zone-id parses the reference and absolute forms".into());
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all = true;
    for (n, input) in super::batch::inputs(json_input, inputs).enumerate() {
        let ok = match (shown, input?) {
            (Shown::Components { json, zone_id }, input) => {
                // Listings, several lines each, are a blank line apart.
                if !json && n > 0 {
                    out.write_all(b"\n").map_err(write_error)?;
                }
                let form = if *json { Form::Json } else { Form::Listing };
                let how = (grammar, *zone_id);
                one(&mut out, how, (&rule, rule_name), form, &input).map_err(write_error)?
            }
            (Shown::Template(template), Input::Text(input)) => {
                match template.render(grammar, &input) {
                    Ok(line) => writeln!(out, "{line}")
                        .map_err(write_error)
                        .map(|()| true)?,
                    Err(message) => {
                        eprintln!("xiri: input {}: {message}", n + 1);
                        false
                    }
                }
            }
            (Shown::Template(_), Input::Unreadable { message, .. }) => {
                eprintln!("xiri: input {}: {message}", n + 1);
                false
            }
        };
        all &= ok;
    }
    out.flush().map_err(write_error)?;
    Ok(if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A reader that went away ends the output quietly (see `super::emit`).
fn write_error(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    format!("writing standard output: {e}")
}

/// Writes the components of one input, or its error; whether it parsed.
fn one(
    out: &mut dyn Write,
    (grammar, zone_id): (Grammar, bool),
    (rule, rule_name): (&xiri::Rule, &str),
    form: Form,
    input: &Input,
) -> std::io::Result<bool> {
    let text = match input {
        Input::Text(text) => text,
        Input::Unreadable {
            shown,
            offset,
            message,
        } => {
            match form {
                Form::Json => {
                    let error = json!({ "offset": offset, "expected": [], "message": message });
                    writeln!(out, "{}", json!({ "input": shown, "error": error }))?
                }
                Form::Listing => writeln!(out, "{message}")?,
            }
            return Ok(false);
        }
    };
    // An XRI is checked by the typed policy (as `check -g xri` does), a
    // reference with zone identifiers by its type, the others by the rule.
    let parsed = if zone_id {
        let absolute = rule_name == "absolute";
        zoned(grammar, absolute, text).map(|r| (super::language(grammar, true), r))
    } else if grammar == Grammar::Xri {
        parsed(grammar, rule_name, text).map(|p| (grammar.name().to_string(), p))
    } else {
        rule.check(text)
            .and_then(|()| parsed(grammar, rule_name, text))
            .map(|p| (grammar.name().to_string(), p))
    };
    match parsed {
        Ok((language, parsed)) => {
            Fields::object_line(out, form, |f| {
                f.str("grammar", Some(&language))?;
                parsed.write(f)
            })?;
            Ok(true)
        }
        Err(e) => {
            match form {
                Form::Json => writeln!(
                    out,
                    "{}",
                    json!({ "input": text, "error": super::error_json(&e) })
                )?,
                Form::Listing => writeln!(out, "{e}")?,
            }
            Ok(false)
        }
    }
}

/// One input, parsed in its syntax.
enum Parsed<'t> {
    Uri(Reference<'t, Rfc3986>),
    Iri(Reference<'t, Rfc3987>),
    IriBis(Reference<'t, Rfc3987bis>),
    Leiri(Reference<'t, LeiriNote>),
    ZonedUri(Reference<'t, xiri::Zoned<Rfc3986>>),
    ZonedIri(Reference<'t, xiri::Zoned<Rfc3987>>),
    ZonedIriBis(Reference<'t, xiri::Zoned<Rfc3987bis>>),
    ZonedLeiri(Reference<'t, xiri::Zoned<LeiriNote>>),
    Xri(XriRef<'t>),
}

impl Parsed<'_> {
    fn write(&self, f: &mut Fields<'_>) -> std::io::Result<()> {
        match self {
            Parsed::Uri(r) => reference(f, r),
            Parsed::Iri(r) => reference(f, r),
            Parsed::IriBis(r) => reference(f, r),
            Parsed::Leiri(r) => reference(f, r),
            Parsed::ZonedUri(r) => reference(f, r),
            Parsed::ZonedIri(r) => reference(f, r),
            Parsed::ZonedIriBis(r) => reference(f, r),
            Parsed::ZonedLeiri(r) => reference(f, r),
            Parsed::Xri(x) => xri(f, x, 0),
        }
    }
}

/// The typed components of `input`, already known to match the rule.
fn parsed<'t>(grammar: Grammar, rule_name: &str, input: &'t str) -> Result<Parsed<'t>, ParseError> {
    Ok(match grammar {
        Grammar::Uri => Parsed::Uri(Reference::parse(input)?),
        Grammar::Iri => Parsed::Iri(Reference::parse(input)?),
        Grammar::IriBis => Parsed::IriBis(Reference::parse(input)?),
        Grammar::Leiri => Parsed::Leiri(Reference::parse(input)?),
        Grammar::Xri => Parsed::Xri(match rule_name {
            "absolute" => *xiri::Xri::parse(input)?,
            "relative" => XriRef::parse_relative(input)?,
            _ => XriRef::parse(input)?,
        }),
    })
}

/// `input` as a reference (or with `absolute`, an absolute one) of
/// `grammar` with RFC 6874's zone identifiers.
fn zoned(grammar: Grammar, absolute: bool, input: &str) -> Result<Parsed<'_>, ParseError> {
    fn of<S: GenericSyntax>(
        input: &str,
        absolute: bool,
    ) -> Result<Reference<'_, xiri::Zoned<S>>, ParseError> {
        Ok(if absolute {
            *xiri::Absolute::<xiri::Zoned<S>>::parse(input)?
        } else {
            Reference::<xiri::Zoned<S>>::parse(input)?
        })
    }
    Ok(match grammar {
        Grammar::Uri => Parsed::ZonedUri(of(input, absolute)?),
        Grammar::Iri => Parsed::ZonedIri(of(input, absolute)?),
        Grammar::IriBis => Parsed::ZonedIriBis(of(input, absolute)?),
        Grammar::Leiri | Grammar::Xri => Parsed::ZonedLeiri(of(input, absolute)?),
    })
}

fn reference<S: GenericSyntax>(f: &mut Fields<'_>, r: &Reference<'_, S>) -> std::io::Result<()> {
    f.str("input", Some(r.as_str()))?;
    f.str("kind", Some(form(r.is_absolute())))?;
    f.str("scheme", r.scheme())?;
    f.str("authority", r.authority())?;
    f.str("userinfo", r.userinfo())?;
    f.object_or_null("host", r.host(), |f, h| host(f, h))?;
    f.str("port", r.port())?;
    f.str("path", Some(r.path()))?;
    f.str("query", r.query())?;
    f.str("fragment", r.fragment())
}

/// The `kind` of a reference: absolute or relative.
fn form(absolute: bool) -> &'static str {
    if absolute {
        "absolute"
    } else {
        "relative"
    }
}

fn host(f: &mut Fields<'_>, h: Host<'_>) -> std::io::Result<()> {
    f.str("text", Some(h.as_str()))?;
    f.str("kind", Some(h.kind().name()))?;
    match h.zone() {
        Some(zone) => f.str("zone", Some(&zone)),
        None => Ok(()),
    }
}

/// An XRI reference's components; `depth` is how many cross-references
/// it is inside.
fn xri(f: &mut Fields<'_>, x: &XriRef<'_>, depth: usize) -> std::io::Result<()> {
    f.str("input", Some(x.as_str()))?;
    f.str("kind", Some(form(x.is_absolute())))?;
    f.bool("prefix", x.has_prefix())?;
    f.object_or_null("authority", x.authority().as_ref(), |f, a| {
        authority(f, a, depth)
    })?;
    f.str("path", Some(x.path()))?;
    f.list("segments", x.segments(), |f, s| {
        f.str("text", Some(s.as_str()))?;
        f.list("subsegments", s.subsegments(), |f, s| {
            subsegment(f, &s, depth)
        })
    })?;
    f.str("query", x.query())?;
    f.str("fragment", x.fragment())
}

fn authority(f: &mut Fields<'_>, a: &XriAuthority<'_>, depth: usize) -> std::io::Result<()> {
    let subsegments = |f: &mut Fields<'_>| {
        f.list("subsegments", a.subsegments(), |f, s| {
            subsegment(f, &s, depth)
        })
    };
    match a {
        XriAuthority::Global { text, symbol } => {
            f.str("text", Some(text))?;
            f.str("kind", Some("global"))?;
            f.str("symbol", Some(symbol.as_char().encode_utf8(&mut [0; 4])))?;
            subsegments(f)
        }
        XriAuthority::CrossReference { text, xref } => {
            f.str("text", Some(text))?;
            f.str("kind", Some("cross-reference"))?;
            f.object("xref", |f| cross_reference(f, xref, depth + 1))?;
            subsegments(f)
        }
        XriAuthority::Iri {
            text,
            userinfo,
            host: h,
            port,
        } => {
            f.str("text", Some(text))?;
            f.str("kind", Some("iri"))?;
            f.str("userinfo", *userinfo)?;
            f.object("host", |f| host(f, *h))?;
            f.str("port", *port)
        }
        _ => f.str("text", Some(a.as_str())),
    }
}

fn subsegment(f: &mut Fields<'_>, s: &Subsegment<'_>, depth: usize) -> std::io::Result<()> {
    f.str("text", Some(s.as_str()))?;
    f.str("delimiter", Some(s.delimiter().name()))?;
    match s.value() {
        SubsegmentValue::Literal(literal) => f.str("literal", Some(literal)),
        SubsegmentValue::CrossReference(xref) => {
            f.object("xref", |f| cross_reference(f, &xref, depth + 1))
        }
        _ => Ok(()),
    }
}

/// A cross-reference `depth` deep (1 for one in the input itself): its
/// text, and its value's components down to [`MAX_XREF_DEPTH`].
fn cross_reference(
    f: &mut Fields<'_>,
    x: &CrossReference<'_>,
    depth: usize,
) -> std::io::Result<()> {
    f.str("text", Some(x.as_str()))?;
    if depth > MAX_XREF_DEPTH {
        let why = format!("nested deeper than {MAX_XREF_DEPTH} cross-references: parse its text alone for its components");
        return f.str("omitted", Some(&why));
    }
    match x.value() {
        CrossReferenceValue::Xri(inner) => f.object("xri", |f| xri(f, &inner, depth)),
        CrossReferenceValue::Iri(iri) => f.object("iri", |f| reference(f, iri.as_reference())),
        _ => Ok(()),
    }
}
