//! Every example in README.md and docs/*.md runs as written (issue 42):
//! one harness, for every block of every document, so that nothing is
//! skipped without saying so.
//!
//! The rules a document follows (this harness fails on any other block):
//!
//! - A ```` ```console ```` block holds commands. A line `$ COMMAND` runs
//!   with `sh -c`, standard error merged into standard output, in a scratch
//!   folder where `grammar/`, `tests/` and `docs/` are the repository's,
//!   with the `xiri` under test first on the PATH. A command that is
//!   `cd DIR` alone changes the folder for the block's later commands.
//!   The lines under a command, up to the next `$ ` line or the end of the
//!   block, are its output, exactly; a last line `[exit N]` is its exit
//!   status, which is 0 when no such line is shown. Each command begins
//!   with a program of [`PROGRAMS`] (so is each piece of a pipe).
//! - The only elisions, for what varies from run to run or is too long to
//!   show: a line `...` stands for any number of lines (none included),
//!   and `[...]` inside a line for any text on that line.
//! - A ```` ```rust ```` block is a doc-test: the document is one that
//!   `src/lib.rs` includes ([`DOCTESTED`]).
//! - A ```` ```sh ```` block holds commands shown and not run (the set-up,
//!   benchmarks, measurements): every line of it is one of [`NOT_RUN`],
//!   each reviewed with the reason it is not run. README's set-up block is
//!   exactly [`SETUP`].
//! - Any other language (`text`, `abnf`, ...) holds no command: no line
//!   begins with `$ ` or with a program of [`PROGRAMS`] or `cargo`.
//! - A fence names its language, and no command stands outside a fence
//!   (a line `$ ...`, or an indented line beginning with a program).
//! - A command is shown once in all the documents (`cd` aside): an
//!   example is in one place, the others point to it.

use crate::common;

use std::path::PathBuf;

/// The repository's root, two folders above this package.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The programs a shown command may run.
const PROGRAMS: &[&str] = &["xiri", "cat", "cd", "printf", "echo", "sed", "grep", "head"];

/// README's set-up: the build and first run, and the test command.
const SETUP: [&str; 2] = [
    "cargo run --release -- parse --grammar xri 'xri://@example*home/(+contact)!1'",
    "cargo test --all-features",
];

/// Commands shown in `sh` blocks and not run here, with why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        SETUP[0],
        "the set-up builds xiri; its xiri command is run in a console block",
    ),
    (SETUP[1], "the set-up's test command is this test's own run"),
    (
        "cargo bench --bench interleaved",
        "a benchmark: minutes, on a quiet machine",
    ),
    (
        "cargo bench --bench peers && python3 benches/table.py",
        "a benchmark",
    ),
    (
        "cargo bench --bench targets && python3 benches/targets_table.py",
        "a benchmark",
    ),
    ("cargo bench --bench find", "a benchmark"),
    (
        "cargo bench --all-features --bench earley_linear",
        "a benchmark",
    ),
    (
        "python3 benches/cli_refusals.py 5",
        "a benchmark of the release binary",
    ),
    (
        "python3 benches/cli_throughput.py",
        "a benchmark of the release binary",
    ),
    (
        "benches/build_time.sh",
        "a dependent's build from clean: minutes",
    ),
    (
        "/usr/bin/time -v target/release/xiri generate -g xri --near-miss -n 100000 > /dev/null",
        "a measurement of memory on the release binary",
    ),
    (
        "cargo test --all-features --test it engine::",
        "one module of the library's test binary: run by the test command",
    ),
    (
        "cargo test -p xiri-cli --test it cli_hostile::",
        "one module of the command's test binary: run by the test command",
    ),
    (
        "XIRI_DIFF_CASES=2000 cargo test --release --all-features --test it differential::",
        "the longer differential run",
    ),
    (
        "rustup target add aarch64-unknown-linux-gnu",
        "the NEON check's set-up: .ci/run does it",
    ),
    (
        "export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc",
        "the NEON check's set-up: .ci/run does it",
    ),
    (
        "export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=\"qemu-aarch64 -L /usr/aarch64-linux-gnu\"",
        "the NEON check's set-up: .ci/run does it",
    ),
    (
        "cargo test -p xiri-engine --lib --target aarch64-unknown-linux-gnu -- stage:: simd:: skip::",
        "the engine's NEON ways under qemu: .ci/run runs it where qemu-user installs",
    ),
    (
        "cargo +nightly miri test -p xiri-engine --lib -- stage::miri_tests stage::block simd::",
        "Miri on the SWAR way: .ci/run runs it",
    ),
    (
        "RUSTFLAGS=\"-C target-feature=+ssse3,+avx2,+bmi1,+bmi2\" cargo +nightly miri test -p xiri-engine --lib -- stage::miri_tests stage::block simd::",
        "Miri on the SSSE3 and AVX2 ways: .ci/run runs it",
    ),
    (
        "cargo +nightly miri test --target aarch64-unknown-linux-gnu -p xiri-engine --lib -- stage::miri_tests stage::block simd::",
        "Miri on the NEON ways: .ci/run runs it",
    ),
    (
        "cargo run -q -- conformance > docs/CONFORMANCE.md",
        "writes the report: crates/cli/tests/it/conformance_report.rs holds it to the code",
    ),
    (
        "XIRI_BLESS=1 cargo test -p xiri-cli --test it conformance_report::",
        "rewrites the snapshots it checks",
    ),
];

/// The documents `src/lib.rs` includes, whose `rust` blocks are doc-tests.
const DOCTESTED: &[&str] = &["README.md", "docs/LIBRARY.md"];

/// README.md's length, issue 42: a front page read in five minutes.
const README_LINES: usize = 400;

/// A fenced block: its language, its first line's number and its lines.
struct Block {
    language: String,
    line: usize,
    lines: Vec<String>,
}

/// The documents this harness reads: README.md and every docs/*.md.
fn documents() -> Vec<String> {
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(format!("{ROOT}/docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
}

/// The fenced blocks of `text` (fences may be indented, inside a list),
/// and every line outside them that looks like a command.
fn blocks(name: &str, text: &str) -> (Vec<Block>, Vec<String>) {
    let mut blocks = Vec::new();
    let mut stray = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(language) = trimmed.strip_prefix("```") {
            let mut body = Vec::new();
            for (_, l) in lines.by_ref() {
                if l.trim_start() == "```" {
                    break;
                }
                body.push(l.get(indent..).unwrap_or(l.trim_start()).to_string());
            }
            blocks.push(Block {
                language: language.trim().to_string(),
                line: i + 1,
                lines: body,
            });
        } else if trimmed.starts_with("$ ") || (indent >= 4 && is_command(trimmed)) {
            stray.push(format!(
                "{name}:{}: a command outside a fence: {line}",
                i + 1
            ));
        }
    }
    (blocks, stray)
}

/// Whether a line begins with a program a command may run, or `cargo`.
fn is_command(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    first == "cargo" || PROGRAMS.contains(&first)
}

/// A command line without its comment (from a `#` after a space, outside
/// quotes).
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        previous = c;
    }
    line.trim_end()
}

/// The rules of the module's comment, for every block of every document
/// but the running of console blocks: each broken rule, one a line.
#[test]
fn every_block_is_a_command_run_a_command_listed_or_no_command() {
    let mut wrong = Vec::new();
    let mut shown: std::collections::HashMap<String, String> = Default::default();
    for name in documents() {
        let text = std::fs::read_to_string(format!("{ROOT}/{name}")).unwrap();
        let (blocks, stray) = blocks(&name, &text);
        wrong.extend(stray);
        let commands = blocks.iter().filter(|b| b.language == "console");
        for line in commands
            .flat_map(|b| &b.lines)
            .filter(|l| l.starts_with("$ "))
        {
            let command = without_comment(line);
            if command.starts_with("$ cd ") {
                continue;
            }
            if let Some(first) = shown.insert(command.to_string(), name.clone()) {
                wrong.push(format!("{name}: `{command}` is shown in {first} too"));
            }
        }
        for block in &blocks {
            let place = format!("{name}:{}", block.line);
            match block.language.as_str() {
                "" => wrong.push(format!("{place}: a fence without a language")),
                "console" => {
                    if !block.lines.first().is_some_and(|l| l.starts_with("$ ")) {
                        wrong.push(format!("{place}: a console block begins with a `$ ` line"));
                    }
                    for line in block.lines.iter().filter_map(|l| l.strip_prefix("$ ")) {
                        for piece in without_comment(line).split(" | ") {
                            let first = piece.split_whitespace().next().unwrap_or("");
                            if !PROGRAMS.contains(&first) {
                                wrong.push(format!(
                                    "{place}: `{first}` is not a program of PROGRAMS: {line}"
                                ));
                            }
                        }
                    }
                }
                "rust" => {
                    if !DOCTESTED.contains(&name.as_str()) {
                        wrong.push(format!(
                            "{place}: a rust block in a document src/lib.rs does not include"
                        ));
                    }
                }
                "sh" => {
                    for line in block.lines.iter().map(|l| without_comment(l)) {
                        if !line.is_empty() && !NOT_RUN.iter().any(|(c, _)| *c == line) {
                            wrong.push(format!(
                                "{place}: `{line}` is in no console block and not in NOT_RUN"
                            ));
                        }
                    }
                }
                _ => {
                    for line in &block.lines {
                        if line.starts_with("$ ") || is_command(line) {
                            wrong.push(format!(
                                "{place}: a command in a {} block: {line}",
                                block.language
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// README's set-up block is the two commands this file knows, and the
/// first one's `xiri` command is shown, with its output, in a console block.
#[test]
fn the_setup_is_the_two_commands_the_tests_know() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines < README_LINES,
        "README.md has {lines} lines, at most {README_LINES} wanted"
    );
    let section = readme
        .split("\n## Set-up\n")
        .nth(1)
        .expect("a section Set-up");
    let (blocks, _) = blocks("README.md", section);
    let first = blocks.first().expect("a block in Set-up");
    assert_eq!(first.language, "sh");
    assert_eq!(first.lines, SETUP);
    let shown = SETUP[0].replace("cargo run --release -- ", "$ xiri ");
    let everywhere: String = documents()
        .iter()
        .map(|n| std::fs::read_to_string(format!("{ROOT}/{n}")).unwrap())
        .collect();
    assert!(
        everywhere.lines().any(|l| l == shown),
        "no console block shows `{shown}`"
    );
}

/// Whether `actual` is `expected` with its elisions: a line `...` for any
/// lines, `[...]` in a line for any text on it.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(e, a) && matches(rest, more)),
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let mut pieces = expected.split("[...]");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    let Some((last, middle)) = pieces.split_last() else {
        return rest.is_empty();
    };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[test]
fn elisions_match_what_they_say() {
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&lines(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&lines(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&lines(&["a", "...", "d"]), &["a", "b"]));
    assert!(!matches(&lines(&["a"]), &["a", "b"]));
    assert!(line_matches("within [...] samples", "within 821 samples"));
    assert!(!line_matches("within [...] samples", "within 821 sample"));
    assert!(!line_matches("ab[...]bc", "abc"));
    assert!(!line_matches("a", "ab"));
}

/// A scratch folder for one document's commands: the repository's
/// `grammar/`, `tests/` and `docs/`, nothing else.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "xiri-readme-{}-{}",
        std::process::id(),
        name.replace('/', "-")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for folder in ["grammar", "tests", "docs"] {
        std::os::unix::fs::symlink(format!("{ROOT}/{folder}"), dir.join(folder)).unwrap();
    }
    dir
}

/// Every console block of every document, run: each command's output and
/// exit status are the ones shown under it.
#[test]
fn every_command_shown_prints_what_is_shown() {
    let mut wrong = Vec::new();
    let mut count = 0;
    for name in documents() {
        let text = std::fs::read_to_string(format!("{ROOT}/{name}")).unwrap();
        let (blocks, _) = blocks(&name, &text);
        let consoles: Vec<&Block> = blocks.iter().filter(|b| b.language == "console").collect();
        if consoles.is_empty() {
            continue;
        }
        let root = scratch(&name);
        for block in consoles {
            let mut dir = root.clone();
            let mut lines = block.lines.iter().enumerate().peekable();
            while let Some((at, line)) = lines.next() {
                let Some(command) = line.strip_prefix("$ ") else {
                    continue;
                };
                let mut expected: Vec<String> = Vec::new();
                while let Some(next) = lines.next_if(|(_, l)| !l.starts_with("$ ")) {
                    expected.push(next.1.clone());
                }
                let status = match expected.last().and_then(|l| l.strip_prefix("[exit ")) {
                    Some(n) => {
                        let n = n.trim_end_matches(']').parse().expect("[exit N]");
                        expected.pop();
                        n
                    }
                    None => 0,
                };
                count += 1;
                if let Some(folder) = without_comment(command).strip_prefix("cd ") {
                    if !expected.is_empty() || status != 0 {
                        wrong.push(format!("{name}: `cd` prints nothing: $ {command}"));
                    }
                    dir = dir.join(folder.trim());
                    continue;
                }
                let (out, code) = common::shell(command, &dir);
                let actual: Vec<&str> = out.lines().collect();
                if code != status || !matches(&expected, &actual) {
                    wrong.push(format!(
                        "{name}:{}: $ {command}\n--- shown (exit {status}):\n{}\n--- printed (exit {code}):\n{out}",
                        block.line + 1 + at,
                        expected.join("\n")
                    ));
                }
            }
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
    assert!(count >= 40, "only {count} commands found");
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}
