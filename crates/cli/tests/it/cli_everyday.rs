//! The command line of issue 22: `parse` with many inputs and `--get`,
//! `edit`, `-r`/`--raw`, `encode`/`decode`, `-g` defaulting to iri,
//! `--json-input` with a base; the help texts. The README's examples are
//! run by crates/cli/tests/it/readme.rs.

use crate::common;

/// Runs xiri with `stdin`: stdout, stderr and the exit code.
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    common::xiri_io(args, stdin.as_bytes())
}

#[test]
fn parse_takes_many_inputs_and_stdin_and_a_template() {
    let template =
        "{scheme}|{userinfo}|{user}|{password}|{host}|{port}|{path}|{query}|{fragment}|{query:b}|{{}}";
    let (out, _, code) = run(
        &[
            "parse",
            "--get",
            template,
            "http://u:p@h:8/p?a=1&b=x+y#f",
            "/rel",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "http|u:p|u|p|h|8|/p|a=1&b=x+y|f|x y|{}\n||||||/rel||||{}\n"
    );
    // Standard input, one a line; a refused one on stderr, exit 1.
    let (out, err, code) = run(
        &["parse", "--get", "{host}"],
        "http://a/\nhttp://b c/\nhttp://d/\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out, "a\nd\n");
    assert!(err.contains("input 2:"), "{err}");
    // An unknown component is a usage error.
    assert_eq!(run(&["parse", "--get", "{nope}", "http://a/"], "").2, 2);
    // Listings of several inputs, a blank line apart; -g defaults to iri.
    let (out, _, code) = run(&["parse", "http://\u{e9}/", "x:y"], "");
    assert_eq!(code, 0);
    assert!(out.contains("grammar: \"iri\""));
    assert!(out.contains("\n\ngrammar: \"iri\""), "{out}");
}

#[test]
fn edit_applies_changes_in_order() {
    let input = "http://a/p?z=1&utm_x=2&b=3#f";
    let (out, _, code) = run(
        &["edit", "-r", "--sort-query", "--append", "query=a=1", input],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "http://a/p?b=3&utm_x=2&z=1&a=1#f\n");
    let (out, _, _) = run(
        &["edit", "-r", "--append", "query=a=1", "--sort-query", input],
        "",
    );
    assert_eq!(out, "http://a/p?a=1&b=3&utm_x=2&z=1#f\n");
    let (out, _, _) = run(
        &[
            "edit",
            "-r",
            "--trim",
            "query=*",
            "--set",
            "fragment=",
            input,
        ],
        "",
    );
    assert_eq!(out, "http://a/p\n");
    let (out, _, _) = run(
        &[
            "edit",
            "-r",
            "--set",
            "host=b.example",
            "--set",
            "port=8080",
            "--append",
            "path=x y/z",
            input,
        ],
        "",
    );
    assert_eq!(out, "http://b.example:8080/p/x%20y%2Fz?z=1&utm_x=2&b=3#f\n");
    // The two halves of the user information, as trurl sets them.
    let (out, _, code) = sh(
        "edit -r --set user=bob --set password=pw http://a/p http://u:p@h/ http://u@h/",
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "http://bob:pw@a/p\nhttp://bob:pw@h/\nhttp://bob:pw@h/\n"
    );
    let (out, _, _) = sh("edit -r --set user=anne http://u:p@h/ http://h/", "");
    assert_eq!(out, "http://anne:p@h/\nhttp://anne@h/\n");
    let (out, _, _) = sh("edit -r --set password= http://u:p@h/ http://h/", "");
    assert_eq!(out, "http://u@h/\nhttp://h/\n");
    let (out, _, _) = sh("edit -r --set user= http://u:p@h/", "");
    assert_eq!(out, "http://h/\n");
    // A change the syntax refuses refuses the input: JSON says why.
    let (out, _, code) = run(&["edit", "--set", "path=no-slash", input], "");
    assert_eq!(code, 1);
    let answer: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["output"], serde_json::Value::Null);
    assert!(answer["error"]["message"]
        .as_str()
        .unwrap()
        .contains("cannot set the path"));
    // XRIs: their components, and the password of an IRI authority.
    let (out, _, code) = sh(
        "edit -g xri -r --redact --set 'query=k=(+v)' xri://u:pw@h/a",
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "xri://u:****@h/a?k=(+v)\n");
    // A component the syntax does not have is the command line's error.
    assert_eq!(run(&["edit", "--set", "colour=red", input], "").2, 2);
    assert_eq!(run(&["edit", "--append", "fragment=x", input], "").2, 2);
}

#[test]
fn raw_prints_one_result_a_line_and_refusals_on_stderr() {
    let (out, err, code) = run(
        &["resolve", "-r", "-b", "http://a/b/c", "d", "e f", "../g"],
        "",
    );
    assert_eq!((out.as_str(), code), ("http://a/b/d\nhttp://a/g\n", 1));
    assert!(err.starts_with("xiri: input 2: no match"), "{err}");
    let (out, _, code) = run(&["relative", "-r", "-b", "http://a/b/c"], "http://a/b/d\n");
    assert_eq!((out.as_str(), code), ("d\n", 0));
    let (out, _, _) = run(&["normalize", "-r", "HTTP://A/%7e"], "");
    assert_eq!(out, "http://a/~\n");
    let (out, _, _) = sh("convert -r --from uri --to iri http://a/%C3%A9", "");
    assert_eq!(out, "http://a/\u{e9}\n");
}

#[test]
fn idna_both_ways() {
    let (out, _, code) = sh(
        "convert -r --from uri --to iri --idna http://xn--rsum-bpad.example.org/ mailto://xn--rsum-bpad.example.org/ http://xn--a.example/",
        "",
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "http://r\u{e9}sum\u{e9}.example.org/\nmailto://xn--rsum-bpad.example.org/\n"
    );
    let (out, _, _) = run(
        &[
            "convert",
            "-r",
            "--from",
            "iri",
            "--to",
            "uri",
            "--idna",
            "http://r\u{e9}sum\u{e9}.example.org/",
        ],
        "",
    );
    assert_eq!(out, "http://xn--rsum-bpad.example.org/\n");
    // `parse --get` applies IDNA as `convert --idna` does: only for a
    // scheme whose hosts are DNS names.
    let (out, _, code) = sh(
        "parse --get '{idn:host} {puny:host}' http://xn--rsum-bpad.example.org/ mailto://xn--rsum-bpad.example.org/ urn://r\u{e9}sum\u{e9}.example.org/",
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "r\u{e9}sum\u{e9}.example.org xn--rsum-bpad.example.org\n\
         xn--rsum-bpad.example.org xn--rsum-bpad.example.org\n\
         r\u{e9}sum\u{e9}.example.org r\u{e9}sum\u{e9}.example.org\n"
    );
}

/// Where a grammar is needed, -g defaults to iri, and the answer's
/// `language` says which grammar answered.
#[test]
fn the_grammar_defaults_to_iri_and_the_answer_names_it() {
    let language = |out: &str| {
        let answer: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        answer["language"].as_str().map(str::to_string)
    };
    let (out, _, code) = run(&["check", "http://\u{e9}/"], "");
    assert_eq!((language(&out).as_deref(), code), (Some("iri"), 0));
    let (out, _, code) = run(&["check", "-g", "uri", "http://\u{e9}/"], "");
    assert_eq!((language(&out).as_deref(), code), (Some("uri"), 1));
    for args in [
        &["resolve", "-b", "http://a/", "b"][..],
        &["relative", "-b", "http://a/", "http://a/b"],
        &["normalize", "a"],
        &["edit", "a"],
        &["encode", "-c", "path", "a"],
    ] {
        let mut json = args.to_vec();
        if args[0] == "encode" {
            json.push("--json");
        }
        let (out, _, _) = run(&json, "");
        assert_eq!(language(&out).as_deref(), Some("iri"), "{args:?}");
    }
    let (out, _, _) = run(&["normalize", "-g", "leiri", "a b"], "");
    assert_eq!(language(&out).as_deref(), Some("leiri"));
}

#[test]
fn json_input_is_about_the_inputs_not_the_base() {
    let (out, _, code) = run(
        &["resolve", "-g", "uri", "-b", "http://a/", "--json-input"],
        "\"g\"\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"output\":\"http://a/g\""), "{out}");
    let (out, _, code) = run(
        &["relative", "-b", "http://a/b", "--json-input"],
        "\"http://a/c\"\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"output\":\"c\""), "{out}");
}

#[test]
fn encode_and_decode_for_shell_scripts() {
    let (out, _, _) = run(&["encode", "-c", "segment", "a/b c\u{e9}"], "");
    assert_eq!(out, "a%2Fb%20c\u{e9}\n");
    let (out, _, _) = run(&["encode", "-c", "segment", "-g", "uri"], "a/b c\u{e9}\n");
    assert_eq!(out, "a%2Fb%20c%C3%A9\n");
    let (out, err, code) = run(&["decode", "a%20b", "%FF", "%\u{e9}"], "");
    assert_eq!((out.as_str(), code), ("a b\n%\u{e9}\n", 1));
    assert!(err.contains("not UTF-8"), "{err}");
    let (out, _, code) = run(&["decode", "--lossy", "%FF"], "");
    assert_eq!((out.as_str(), code), ("\u{FFFD}\n", 0));
    let (out, _, _) = run(&["decode", "--form", "a+b%2B"], "");
    assert_eq!(out, "a b+\n");
}

/// The subcommands `xiri --help` lists.
fn subcommands() -> Vec<String> {
    let (help, _, _) = run(&["--help"], "");
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Each subcommand's help, held to what the code does: no sentence of
/// the ones that went stale, and a default the help claims is one.
#[test]
fn help_says_what_each_command_does() {
    let commands = subcommands();
    assert!(commands.len() > 15, "{commands:?}");
    for command in &commands {
        let (help, _, code) = run(&[command, "--help"], "");
        assert_eq!(code, 0, "{command}");
        assert!(!help.contains("for now"), "{command} --help: {help}");
        // A help that says "iri (the default" must run without -g.
        if help.contains("iri (the default") {
            let args: &[&str] = match command.as_str() {
                "resolve" | "relative" => &["-b", "http://a/b", "http://a/c"],
                "equiv" => &["a", "a"],
                "encode" => &["-c", "path", "a"],
                "find" => &[], // its inputs are files; standard input here
                _ => &["a"],
            };
            let mut full = vec![command.as_str()];
            full.extend(args);
            assert_ne!(run(&full, "").2, 2, "{command} without -g");
        }
    }
    // normalize's help says nothing of equiv's pairs, and resolve's
    // and relative's say how the base is read.
    let (help, _, _) = run(&["normalize", "--help"], "");
    assert!(
        !help.contains("two strings") && !help.contains("equiv"),
        "{help}"
    );
    for command in ["resolve", "relative"] {
        let (help, _, _) = run(&[command, "--help"], "");
        assert!(help.contains("taken as typed"), "{help}");
        assert!(!help.contains("The base and each input are JSON"), "{help}");
    }
}

/// Runs a command line, split as [`words`] splits it.
fn sh(line: &str, stdin: &str) -> (String, String, i32) {
    let words = words(line);
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    run(&args, stdin)
}

/// A command line split as a POSIX shell would split these: words, single
/// and double quotes, and "#" starting a comment after a space.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    w.push(q);
                }
            }
            '#' if word.is_none() => break,
            c if c.is_whitespace() => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}
