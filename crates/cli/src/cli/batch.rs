//! The batch conventions `check` and `resolve` share: inputs from the
//! arguments or standard input (one a line, or one JSON string a line), one
//! JSON object answered per input, in order; exit 0 when every input was
//! answered without an error, 3 when some input was left undecided (a
//! bound on the work was reached: the answer is `null`), 1 otherwise. With `-r`/`--raw` (as jq's
//! `-r`), one answer a line as plain text instead, and each refusal on
//! standard error.

use serde_json::{json, Value};
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;
use xiri::ParseError;

/// The inputs as given on the command line: not necessarily UTF-8, so
/// that one argument that is not gets its own error object, as a line of
/// standard input does, and the others are still answered.
pub type Args = Vec<std::ffi::OsString>;

/// An argument's bytes (on Unix, exactly as given; elsewhere, where
/// arguments are UTF-16, with unpaired surrogates replaced).
pub fn arg_bytes(arg: std::ffi::OsString) -> Vec<u8> {
    #[cfg(unix)]
    {
        std::os::unix::ffi::OsStringExt::into_vec(arg)
    }
    #[cfg(not(unix))]
    {
        arg.to_string_lossy().into_owned().into_bytes()
    }
}

/// Why an input got no answer: it does not parse, or it is not the shape
/// the command takes (say, not a pair for equiv).
pub enum Refusal {
    Parse(ParseError),
    /// A parse error, with a note after its message.
    Noted(ParseError, &'static str),
    Shape(String),
    /// Refused with these answer fields (as [`run_fields`] orders them)
    /// and this error object: for answers that say more than a verdict
    /// (which engine decided, the rules tried) either way.
    Answered(Vec<Value>, Value),
    /// Not decided (a bound on the work was reached): these answer fields
    /// and this error object; the exit status is 3.
    Undecided(Vec<Value>, Value),
}

impl From<ParseError> for Refusal {
    fn from(e: ParseError) -> Self {
        Refusal::Parse(e)
    }
}

/// One input as read: text, or why it could not be read as text (with
/// the input as shown in its answer, and the byte where reading failed).
pub enum Input {
    Text(String),
    Unreadable {
        shown: String,
        offset: usize,
        message: String,
    },
}

/// Answers every input: `{"input": ..., FIELD: answer, "error": null}`, or
/// `{"input": ..., FIELD: FAILED, "error": {...}}` when `answer` refuses it
/// or it cannot be read.
pub fn run(
    json_input: bool,
    args: Args,
    field: &str,
    failed: Value,
    answer: impl FnMut(&str) -> Result<Value, Refusal>,
) -> Result<ExitCode, String> {
    run_as(Output::Json, json_input, args, field, failed, answer)
}

/// As [`run`], with several answer fields: `fields` names them, with the
/// value each takes when the input is refused, and `answer` gives them in
/// that order. The first comes before "error", the others after it.
pub fn run_fields(
    json_input: bool,
    args: Args,
    fields: &[(&str, Value)],
    answer: impl FnMut(&str) -> Result<Vec<Value>, Refusal>,
) -> Result<ExitCode, String> {
    run_fields_as(Output::Json, json_input, args, fields, answer)
}

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// One JSON object a line.
    Json,
    /// The first answer field alone a line, as text (a JSON string
    /// unquoted); a refusal's message on standard error, "input N" naming
    /// the input (not its text, which may carry a password).
    Raw,
}

impl Output {
    /// `Raw` when `raw`.
    pub fn raw(raw: bool) -> Output {
        if raw {
            Output::Raw
        } else {
            Output::Json
        }
    }
}

/// [`run`] with the output chosen.
pub fn run_as(
    output: Output,
    json_input: bool,
    args: Args,
    field: &str,
    failed: Value,
    mut answer: impl FnMut(&str) -> Result<Value, Refusal>,
) -> Result<ExitCode, String> {
    run_fields_as(output, json_input, args, &[(field, failed)], |s| {
        Ok(vec![answer(s)?])
    })
}

/// For the commands whose answer is one text, `output`: [`run_as`], and
/// when the command reads a grammar, a `language` field after the error
/// naming it (`-g` has a default, so the answer says which was used).
pub fn run_output(
    output: Output,
    json_input: bool,
    args: Args,
    language: Option<&str>,
    mut answer: impl FnMut(&str) -> Result<String, Refusal>,
) -> Result<ExitCode, String> {
    let Some(language) = language else {
        return run_as(output, json_input, args, "output", Value::Null, |s| {
            answer(s).map(Value::String)
        });
    };
    let language = json!(language);
    let fields = [("output", Value::Null), ("language", language.clone())];
    run_fields_as(output, json_input, args, &fields, |s| {
        Ok(vec![Value::String(answer(s)?), language.clone()])
    })
}

/// [`run_fields`] with the output chosen.
pub fn run_fields_as(
    output: Output,
    json_input: bool,
    args: Args,
    fields: &[(&str, Value)],
    mut answer: impl FnMut(&str) -> Result<Vec<Value>, Refusal>,
) -> Result<ExitCode, String> {
    let failed = || {
        fields
            .iter()
            .map(|(_, v)| v.clone())
            .collect::<Vec<Value>>()
    };
    let inputs = raw_inputs(args);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_answered = true;
    let mut undecided = false;
    // Each answer is written here first, then to `out` in one call: the
    // serializer's many small writes cost less on a Vec than through the
    // BufWriter.
    let mut line = Vec::with_capacity(512);
    // A refusal's message is formatted here, then escaped once.
    let mut message = String::with_capacity(256);
    for (n, raw) in inputs.enumerate() {
        let (input, result, error) = match decode(raw?, json_input) {
            Input::Text(text) => match answer(&text) {
                Ok(values) => (text, values, Error::None),
                Err(Refusal::Parse(e)) => (text, failed(), Error::Parse(e, None)),
                Err(Refusal::Noted(e, note)) => (text, failed(), Error::Parse(e, Some(note))),
                Err(Refusal::Answered(values, Value::Null)) => (text, values, Error::None),
                Err(Refusal::Answered(values, error)) => (text, values, Error::Value(error)),
                Err(Refusal::Undecided(values, error)) => {
                    undecided = true;
                    (text, values, Error::Value(error))
                }
                Err(Refusal::Shape(message)) => (text, failed(), Error::Plain(0, message)),
            },
            Input::Unreadable {
                shown,
                offset,
                message,
            } => (shown, failed(), Error::Plain(offset, message)),
        };
        all_answered &= matches!(error, Error::None);
        if output == Output::Raw {
            // One input, one line: text that a line cannot hold is refused.
            let refused = match (&error, result.first()) {
                (Error::None, Some(Value::String(text))) => match control_character(text) {
                    None => writeln!(out, "{text}")
                        .map_err(write_error)
                        .map(|()| None)?,
                    Some(held) => Some(format!(
                        "the answer holds {held}; its JSON answer escapes it"
                    )),
                },
                (Error::None, Some(value)) => writeln!(out, "{value}")
                    .map_err(write_error)
                    .map(|()| None)?,
                _ => Some(error.message()),
            };
            if let Some(message) = refused {
                all_answered = false;
                eprintln!("xiri: input {}: {message}", n + 1);
            }
            continue;
        }
        line.clear();
        write_answer(&mut line, &mut message, &input, fields, result, &error)
            .map_err(write_error)?;
        out.write_all(&line).map_err(write_error)?;
    }
    out.flush().map_err(write_error)?;
    Ok(if undecided {
        ExitCode::from(3)
    } else if all_answered {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The first control character of `text` (Unicode's Cc: C0, DEL and C1,
/// newline and NUL among them), named with its byte offset and why it is
/// refused: a line of text cannot hold it.
pub fn control_character(text: &str) -> Option<String> {
    let (at, c) = text.char_indices().find(|(_, c)| c.is_control())?;
    Some(format!(
        "U+{:04X} at byte {at}, a control character, which a line of text cannot hold",
        u32::from(c)
    ))
}

/// A refusal's error object, kept as its parts until it is written.
enum Error {
    /// None: the input was answered.
    None,
    /// A parse error, with a note after its message.
    Parse(ParseError, Option<&'static str>),
    /// At this offset, with nothing expected, for this reason.
    Plain(usize, String),
    /// Written as given.
    Value(Value),
}

impl Error {
    /// The message the error object carries.
    fn message(&self) -> String {
        match self {
            Error::None => String::new(),
            Error::Parse(e, None) => e.message(),
            Error::Parse(e, Some(note)) => format!("{}; {note}", e.message()),
            Error::Plain(_, message) => message.clone(),
            Error::Value(v) => v["message"].as_str().unwrap_or("refused").to_string(),
        }
    }
}

/// How long a string [`json_string`] escapes with SIMD: json-escape-simd
/// reserves six times the string's length first, which a long line must not
/// cost (`check` holds about twice the longest line).
const SIMD_ESCAPE_UP_TO: usize = 4096;

/// `s` as a JSON string, quoted and escaped as serde_json escapes it (the
/// test below holds the two to each other): with SIMD up to
/// [`SIMD_ESCAPE_UP_TO`] bytes, where serde_json's byte-at-a-time escape
/// was a quarter of the instructions of `xiri check -g xri` on refused
/// lines, whose answers are mostly their error's message and expected
/// names.
fn json_string(out: &mut Vec<u8>, s: &str) -> std::io::Result<()> {
    if s.len() <= SIMD_ESCAPE_UP_TO {
        json_escape_simd::escape_into(s, out);
        Ok(())
    } else {
        Ok(serde_json::to_writer(out, s)?)
    }
}

/// One answer, `{"input": ..., FIRST: ..., "error": ..., OTHERS...}`,
/// written as it goes: no object is built for it. A parse error's message
/// is formatted in `message` (kept from one answer to the next, so no
/// allocation), then escaped in one pass: escaping each piece as it was
/// formatted cost a refused XRI's answer 7% more instructions.
fn write_answer(
    out: &mut Vec<u8>,
    message: &mut String,
    input: &str,
    fields: &[(&str, Value)],
    result: Vec<Value>,
    error: &Error,
) -> std::io::Result<()> {
    // On a Vec, statically: the serializer's small writes are inlined.
    fn field(out: &mut Vec<u8>, name: &str, value: &Value) -> std::io::Result<()> {
        out.push(b',');
        json_string(out, name)?;
        out.push(b':');
        Ok(serde_json::to_writer(out, value)?)
    }
    out.extend_from_slice(b"{\"input\":");
    json_string(out, input)?;
    let mut results = fields.iter().map(|(name, _)| *name).zip(result);
    if let Some((name, value)) = results.next() {
        field(out, name, &value)?;
    }
    out.extend_from_slice(b",\"error\":");
    match error {
        Error::None => out.extend_from_slice(b"null"),
        Error::Value(v) => serde_json::to_writer(&mut *out, v)?,
        Error::Parse(e, note) => {
            write!(out, "{{\"offset\":{},\"expected\":", e.offset())?;
            out.push(b'[');
            for (k, name) in e.expected().iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                json_string(out, name)?;
            }
            out.push(b']');
            out.extend_from_slice(b",\"message\":");
            message.clear();
            match note {
                None => {
                    std::fmt::Write::write_fmt(message, format_args!("{}", e.message_display()))
                }
                Some(note) => std::fmt::Write::write_fmt(
                    message,
                    format_args!("{}; {note}", e.message_display()),
                ),
            }
            .map_err(std::io::Error::other)?;
            json_string(out, message)?;
            out.push(b'}');
        }
        Error::Plain(offset, message) => {
            write!(out, "{{\"offset\":{offset},\"expected\":[],\"message\":")?;
            json_string(out, message)?;
            out.push(b'}');
        }
    }
    for (name, value) in results {
        field(out, name, &value)?;
    }
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// The inputs as bytes: the arguments, or the lines of standard input
/// when there are none.
fn raw_inputs(args: Args) -> Box<dyn Iterator<Item = Result<Vec<u8>, String>>> {
    if args.is_empty() {
        Box::new(lines(std::io::stdin().lock()))
    } else {
        Box::new(args.into_iter().map(|a| Ok(arg_bytes(a))))
    }
}

/// Each input, read as text or not; an I/O error ends them. For commands
/// whose answers are not the batch's JSON objects: each still answers an
/// input it cannot read in its place, and goes on.
pub fn inputs(json_input: bool, args: Args) -> impl Iterator<Item = Result<Input, String>> {
    raw_inputs(args).map(move |raw| raw.map(|raw| decode(raw, json_input)))
}

/// A reader that went away ends the output quietly (see `super::emit`).
fn write_error(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    format!("writing the answers: {e}")
}

/// The lines of a reader as bytes, without their "\n" (or "\r\n").
fn lines(mut reader: impl BufRead) -> impl Iterator<Item = Result<Vec<u8>, String>> {
    std::iter::from_fn(move || {
        let mut line = Vec::new();
        match reader.by_ref().read_until(b'\n', &mut line) {
            Ok(0) => None,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                }
                Some(Ok(line))
            }
            Err(e) => Some(Err(format!("reading standard input: {e}"))),
        }
    })
}

fn decode(raw: Vec<u8>, json_input: bool) -> Input {
    let text = match String::from_utf8(raw) {
        Ok(text) => text,
        Err(e) => {
            let offset = e.utf8_error().valid_up_to();
            return Input::Unreadable {
                shown: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                offset,
                message: format!("not UTF-8: invalid byte at offset {offset}"),
            };
        }
    };
    if !json_input {
        return Input::Text(text);
    }
    match json_text(&text) {
        Ok(decoded) => Input::Text(decoded),
        Err((offset, message)) => Input::Unreadable {
            message,
            shown: text,
            offset,
        },
    }
}

/// The string a line of `--json-input` holds, or the byte where it is not
/// one and why ("not a JSON string: ..."; see [`json_error`]).
pub fn json_text(line: &str) -> Result<String, (usize, String)> {
    serde_json::from_str::<String>(line).map_err(|e| {
        let (offset, why) = json_error(line, &e);
        (offset, format!("not a JSON string: {why}"))
    })
}

/// Where `line` is not the JSON asked for and why: serde_json's error,
/// but a lone surrogate escape (`\ud800` with no low half after it),
/// which no text can hold, is named as such, not as "unexpected end of
/// hex escape".
pub fn json_error(line: &str, e: &serde_json::Error) -> (usize, String) {
    match lone_surrogate(line) {
        Some(at) => {
            let escape = line.get(at..at + 6).unwrap_or_default();
            let why = format!(
                "the escape {escape} at byte {at} is a lone surrogate (half of a UTF-16 pair), which stands for no character"
            );
            (at, why)
        }
        None => {
            // serde_json counts columns in characters, from 1.
            let offset = line
                .char_indices()
                .nth(e.column().saturating_sub(1))
                .map_or(line.len(), |(i, _)| i);
            (offset, e.to_string())
        }
    }
}

/// Where the first `\uXXXX` escape of a surrogate that is not half of a
/// pair begins: a high one not followed by a low one, or a low one alone.
fn lone_surrogate(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let unit = |at: usize| {
        let hex = bytes.get(at..at + 6)?.strip_prefix(b"\\u")?;
        u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
    };
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b != b'\\' {
            i += 1;
            continue;
        }
        match unit(i) {
            Some(0xD800..=0xDBFF) => match unit(i + 6) {
                Some(0xDC00..=0xDFFF) => i += 12,
                _ => return Some(i),
            },
            Some(0xDC00..=0xDFFF) => return Some(i),
            Some(_) => i += 6,
            // Any other escape is two bytes (`\\` among them).
            None => i += 2,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`json_string`] writes for `s`.
    fn escaped(s: &str) -> String {
        let mut out = Vec::new();
        json_string(&mut out, s).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        // Every character below U+0100 alone, and within text on each side
        // (the SIMD kernels take 16 or 32 bytes at a time, so the
        // character is put at each place of such a block), and strings
        // longer than the SIMD limit.
        let mut inputs: Vec<String> = Vec::new();
        for c in (0u32..0x100).filter_map(char::from_u32) {
            inputs.push(c.to_string());
            for k in 0..40 {
                inputs.push(format!("{}{c}{}", "a".repeat(k), "é".repeat(k % 7)));
            }
        }
        inputs.push("\"\\\u{1}\u{1f}\u{7f}\u{2028}\u{10FFFF} x".repeat(50));
        inputs.push("ab\"".repeat(SIMD_ESCAPE_UP_TO / 3 + 1));
        inputs.push("a".repeat(SIMD_ESCAPE_UP_TO));
        for input in &inputs {
            assert_eq!(
                escaped(input),
                serde_json::to_string(input).unwrap(),
                "{input:?}"
            );
        }
    }
}
