//! Helpers of the command's tests: the library's shared test helpers
//! (../../../tests/common), and running the `xiri` binary.
#![allow(dead_code)]

#[path = "../../../../tests/common/mod.rs"]
mod shared;
#[allow(unused_imports)]
pub use shared::*;

use serde_json::Value;
use std::process::Command;

/// Runs the `xiri` binary and returns its standard output and exit code.
pub fn xiri(args: &[&str]) -> (String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(args)
        .output()
        .expect("xiri runs");
    (
        String::from_utf8(output.stdout).expect("xiri prints UTF-8"),
        output.status.code().unwrap_or(-1),
    )
}

/// Runs the `xiri` binary with `stdin`: its standard output, standard
/// error and exit code.
pub fn xiri_io(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| std::ffi::OsStr::new(*a)).collect();
    let (out, err, code) = xiri_bytes(&args, stdin);
    (
        String::from_utf8(out).expect("xiri prints UTF-8"),
        String::from_utf8(err).expect("xiri prints UTF-8"),
        code,
    )
}

/// [`xiri_io`] with arguments and output as bytes (an argument need not
/// be UTF-8).
pub fn xiri_bytes(args: &[&std::ffi::OsStr], stdin: &[u8]) -> (Vec<u8>, Vec<u8>, i32) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiri starts");
    if let Some(mut input) = child.stdin.take() {
        input.write_all(stdin).expect("xiri reads its input");
    }
    let out = child.wait_with_output().expect("xiri runs");
    (out.stdout, out.stderr, out.status.code().unwrap_or(-1))
}

/// The JSON objects of a batch answer, one a line.
pub fn answers(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

/// `xiri parse --json`'s components for a valid input, without the fields
/// the snapshot already shows.
pub fn components(grammar: &str, rule: &str, input: &str) -> Value {
    let encoded = serde_json::to_string(input).expect("a string encodes");
    let (out, code) = xiri(&[
        "parse",
        "--json",
        "--json-input",
        "-g",
        grammar,
        "-R",
        rule,
        "--",
        &encoded,
    ]);
    assert_eq!(code, 0, "xiri parse failed on {input:?}: {out}");
    let mut value: Value = serde_json::from_str(&out).expect("parse --json prints JSON");
    let object = value.as_object_mut().expect("an object");
    object.shift_remove("grammar");
    object.shift_remove("input");
    value
}

/// Runs `command` with `sh -c` in `dir`, as a reader would, the `xiri`
/// under test first on the PATH: its output (standard error merged) and
/// exit status.
pub fn shell(command: &str, dir: &std::path::Path) -> (String, i32) {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_xiri"))
        .parent()
        .expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("sh runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}
