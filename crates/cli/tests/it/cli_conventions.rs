//! The command line's conventions (issue 42), held across every command:
//! `xiri --help` lists each command with an example that runs; every
//! command that takes inputs reads them from standard input when none is
//! given, answering each line in its place; a usage error exits 2 with a
//! message, and a refused input exits 1. (That a short letter means one
//! thing in every command is a unit test of the binary, `cli::args`.)

use crate::common;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

/// Standard output, standard error and exit status of `xiri ARGS` with
/// `stdin` (run from crates/cli: files are named from there).
fn xiri(args: &[&OsStr], stdin: &[u8]) -> (Vec<u8>, String, i32) {
    let (out, err, code) = common::xiri_bytes(args, stdin);
    (out, String::from_utf8_lossy(&err).into_owned(), code)
}

fn os<'a>(args: &[&'a str]) -> Vec<&'a OsStr> {
    args.iter().map(|a| OsStr::new(*a)).collect()
}

/// The commands `xiri --help` lists, each with the example under it.
fn listed() -> Vec<(String, Option<String>)> {
    let (out, _, code) = xiri(&os(&["--help"]), b"");
    assert_eq!(code, 0);
    let help = String::from_utf8(out).unwrap();
    let list = help
        .split_once("Commands:\n")
        .and_then(|(_, rest)| rest.split_once("\n\n"))
        .map(|(list, _)| list)
        .unwrap_or_else(|| panic!("no list of commands: {help}"));
    let mut commands: Vec<(String, Option<String>)> = Vec::new();
    for line in list.lines() {
        match (line.trim_start().strip_prefix("$ "), commands.last_mut()) {
            (Some(example), Some((_, slot @ None))) => *slot = Some(example.to_string()),
            (Some(example), _) => panic!("an example under no command: {example}"),
            (None, _) => {
                let name = line.split_whitespace().next().unwrap_or_default();
                commands.push((name.to_string(), None));
            }
        }
    }
    commands
}

#[test]
fn help_is_a_short_list_with_an_example_under_each_command() {
    let commands = listed();
    assert!(commands.len() >= 20, "{commands:?}");
    let (out, _, _) = xiri(&os(&["--help"]), b"");
    let lines = String::from_utf8(out).unwrap().lines().count();
    // Two lines a command, and a few more for the usage, the options and
    // the conventions.
    assert!(lines <= 2 * commands.len() + 12, "{lines} lines");
    for (name, example) in &commands {
        if name == "help" {
            continue;
        }
        let example = example
            .as_deref()
            .unwrap_or_else(|| panic!("{name}: no example"));
        assert!(
            example.contains(&format!("xiri {name} ")),
            "{name}: {example}"
        );
    }
}

#[test]
fn every_example_in_help_runs_and_exits_0() {
    for (name, example) in listed() {
        let Some(example) = example else { continue };
        // As a reader runs it, from the repository's root, xiri on the PATH.
        let (out, code) = common::shell(&example, common::root());
        assert_eq!(code, 0, "{name}: {example}\n{out}");
        assert!(!out.is_empty(), "{name}: {example} printed nothing");
    }
}

/// Every command that takes inputs, with its options, and an input it
/// answers.
const READERS: &[(&[&str], &str)] = &[
    (&["check", "-g", "uri"], "http://a/b"),
    (&["parse", "-g", "uri"], "http://a/b"),
    (&["parse", "-g", "uri", "--json"], "http://a/b"),
    (&["tree", "-g", "uri", "-R", "authority"], "a:1"),
    (
        &[
            "tree",
            "--abnf",
            "../../tests/data/workbench/rfc3339-datetime.abnf",
            "-R",
            "full-date",
        ],
        "2026-11-29",
    ),
    (&["resolve", "-b", "http://a/b/c"], "../d"),
    (&["relative", "-r", "-b", "http://a/b/c"], "http://a/d"),
    (&["normalize"], "HTTP://A/b"),
    (
        &["convert", "--from", "iri", "--to", "uri"],
        "http://\u{e9}/",
    ),
    (
        &["convert", "--from", "iri", "--to", "uri", "--steps"],
        "http://\u{e9}/",
    ),
    (&["edit", "--set", "fragment=f"], "http://a/"),
    (&["encode", "-c", "path"], "a b"),
    (&["decode"], "a%20b"),
    (&["preprocess"], " a b "),
    (&["draft-components"], "http://a/b c"),
    (&["lint"], "http://a/b c"),
    (&["template", "expand", "--vars", "{\"x\":\"y\"}"], "/{x}"),
    (&["template", "check"], "/{x}"),
];

#[test]
fn every_command_that_takes_inputs_reads_standard_input_when_none_is_given() {
    for (command, good) in READERS {
        let (alone, _, code) = xiri(&[os(command), os(&[good])].concat(), b"");
        assert_eq!(code, 0, "{command:?} {good}");
        let alone = String::from_utf8(alone).unwrap();
        // Three inputs; the second cannot be read (not UTF-8).
        let inputs: [&[u8]; 3] = [good.as_bytes(), b"http://a/\xff", good.as_bytes()];
        let mut args = os(command);
        args.extend(inputs.iter().map(|i| OsStr::from_bytes(i)));
        let given = xiri(&args, b"");
        let read = xiri(&os(command), &inputs.join(&b'\n'));
        assert_eq!(
            given, read,
            "{command:?}: arguments and standard input differ"
        );
        // The line that is not UTF-8 is answered in its place, the others
        // still are, and the exit status says one was refused.
        let (out, err, code) = read;
        assert_eq!(code, 1, "{command:?}: {err}");
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out.matches(alone.trim_end()).count(),
            2,
            "{command:?}: {out}"
        );
        assert!(
            out.contains("not UTF-8") || err.contains("input 2: not UTF-8"),
            "{command:?}: {out}{err}"
        );
    }
}

/// One usage error (or more) a command: each exits 2, says why on
/// standard error, and prints nothing on standard output.
const USAGE_ERRORS: &[&[&str]] = &[
    &["check", "-R", "no-such-rule", "x"],
    &["check", "--explain", "-g", "uri", "x"],
    &["check", "-g", "nope", "x"],
    &["parse", "--get", "{bogus}", "http://a/"],
    &["parse", "--json", "--get", "{host}", "http://a/"],
    &["tree", "-g", "uri", "-R", "nope", "x"],
    &["resolve", "http://a/"],
    &["resolve", "-b", "../not-absolute", "x"],
    &["relative", "-b", "a b", "x"],
    &["normalize", "-g", "bogus", "x"],
    &["normalize", "--zone-id", "-g", "xri", "x"],
    &["equiv", "a"],
    &["convert", "--from", "uri", "--to", "leiri", "x"],
    &["edit", "--set", "bogus=1", "http://a/"],
    &["edit", "-g", "xri", "--set", "scheme=a", "@a"],
    &["edit", "--set", "port=x", "http://a/"],
    &["edit", "--append", "foo", "http://a/"],
    &["encode", "x"],
    &["encode", "-c", "nope", "x"],
    &["template", "expand", "--vars", "[1]", "x"],
    &["template", "expand", "--vars", "-"],
    &["template", "nope"],
    &["decode", "--bogus"],
    &["preprocess", "--spaces", "sideways", "x"],
    &["draft-components", "--nope"],
    &["lint", "--json", "x"],
    &["find", "-g", "xri"],
    &["find", "/no/such/file"],
    &["conformance", "--format", "pdf"],
    &["grammar", "uri", "no-such-rule"],
    &["grammar"],
    &["extract"],
    &["extract", "/no/such/file"],
    &["rules", "--abnf", "/no/such/file"],
    &["rules", "-g", "uri", "-R", "nope"],
    &["generate", "-g", "uri", "-R", "nope"],
    &["compare", "-g", "uri"],
    &[
        "compare",
        "-g",
        "uri",
        "--against-grammar",
        "iri",
        "--against-rule",
        "nope",
    ],
    &["no-such-command"],
];

#[test]
fn usage_errors_exit_2_with_a_message() {
    for args in USAGE_ERRORS {
        let (out, err, code) = xiri(&os(args), b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            out.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out)
        );
        assert!(
            err.starts_with("xiri: ") || err.starts_with("error: "),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn edit_set_of_a_component_the_syntax_lacks_is_a_usage_error() {
    // It was answered as a refusal of each input, exit status 1.
    let (out, err, code) = xiri(&os(&["edit", "--set", "bogus=1", "http://a/", "b"]), b"");
    assert_eq!((out.as_slice(), code), (&b""[..], 2));
    assert_eq!(
        err.trim_end(),
        "xiri: --set bogus=1: -g iri has no component \"bogus\" (it has scheme, authority, userinfo, user, password, host, port, path, query and fragment)"
    );
    // A component the syntax has, refused by one input, refuses that one.
    let (out, _, code) = xiri(
        &os(&["edit", "-r", "--set", "host=a", "http://b/", "x"]),
        b"",
    );
    assert_eq!(
        (String::from_utf8(out).unwrap().as_str(), code),
        ("http://a/\n", 1)
    );
}

#[test]
fn tree_reads_standard_input_a_blank_line_between_two_trees() {
    // `tree` took one argument and did not read standard input.
    let (out, _, code) = xiri(&os(&["tree", "-g", "uri", "-R", "port"]), b"80\n8x\n");
    assert_eq!(code, 1);
    let text = String::from_utf8(out).unwrap();
    let (first, second) = text.split_once("\n\n").unwrap();
    assert_eq!(
        first,
        "port 0..2 \"80\"\n  DIGIT 0..1 \"8\"\n  DIGIT 1..2 \"0\""
    );
    assert!(
        second.starts_with("no match for port (uri) at byte 1"),
        "{second}"
    );
}
