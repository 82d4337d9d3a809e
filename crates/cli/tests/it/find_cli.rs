//! `xiri find`: JSON lines or raw identifiers from standard input or
//! files, a wrapped identifier joined across lines, offsets in bytes of
//! the whole input.

use crate::common;

use common::xiri_io;
use serde_json::Value;

const APPENDIX_C: &str = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://foo.example.\n      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.\n";

fn lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn appendix_c_from_standard_input() {
    let (out, err, code) = xiri_io(&["find", "-g", "uri"], APPENDIX_C.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let found = lines(&out);
    let refs: Vec<_> = found
        .iter()
        .map(|v| v["reference"].as_str().unwrap())
        .collect();
    assert_eq!(
        refs,
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
        ]
    );
    for v in &found {
        let offset = v["offset"].as_u64().unwrap() as usize;
        let length = v["length"].as_u64().unwrap() as usize;
        assert_eq!(
            &APPENDIX_C[offset..offset + length],
            v["text"].as_str().unwrap()
        );
        assert_eq!(v["security"], serde_json::json!([]));
    }
    assert_eq!(found[1]["text"], "ftp://foo.example.\n      com/rfc/");
}

#[test]
fn raw_files_and_exit_status() {
    let dir = std::env::temp_dir().join(format!("xiri-find-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.txt");
    std::fs::write(
        &a,
        "see http://\u{4F8B}\u{3048}.jp/\u{30D1}\u{30B9}\u{3002}\n",
    )
    .unwrap();
    let (out, _, code) = xiri_io(&["find", "-r", a.to_str().unwrap()], b"");
    assert_eq!(
        (out.as_str(), code),
        ("http://\u{4F8B}\u{3048}.jp/\u{30D1}\u{30B9}\n", 0)
    );
    let (out, _, code) = xiri_io(&["find", a.to_str().unwrap()], b"");
    assert_eq!(lines(&out)[0]["file"], a.to_str().unwrap());
    assert_eq!(code, 0);
    // Nothing found: exit status 1, as grep.
    let (out, _, code) = xiri_io(&["find"], b"note: the end\n");
    assert_eq!((out.as_str(), code), ("", 1));
    // XRIs are not found in text: a usage error.
    let (_, err, code) = xiri_io(&["find", "-g", "xri"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("not XRIs"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn offsets_count_every_line_and_invalid_bytes_separate() {
    let mut input = b"first line a:b\n\xFF\xFEhttp://x/\xC3y\n".to_vec();
    input.extend_from_slice(b"<http://a/\nb> <www.x.example>\n");
    let (out, _, code) = xiri_io(&["find", "--www"], &input);
    assert_eq!(code, 0);
    let found = lines(&out);
    let got: Vec<_> = found
        .iter()
        .map(|v| {
            (
                v["offset"].as_u64().unwrap(),
                v["reference"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (11, "a:b".to_string()),
            (17, "http://x/".to_string()),
            (30, "http://a/b".to_string()),
            (44, "//www.x.example".to_string()),
        ]
    );
}

#[test]
fn a_long_input_streams() {
    // Many lines, each with one identifier: every one is found, in order.
    let input: String = (0..5000)
        .map(|i| format!("line {i}: http://a/{i}.\n"))
        .collect();
    let (out, _, code) = xiri_io(&["find", "-r"], input.as_bytes());
    assert_eq!(code, 0);
    let expected: String = (0..5000).map(|i| format!("http://a/{i}\n")).collect();
    assert_eq!(out, expected);
}

/// The CPU time `xiri find -r` takes over `input` (its own, as bash's
/// `times` reports its child's), and the size of what it prints.
fn cpu_seconds(input: &[u8], name: &str) -> (f64, usize) {
    let dir = std::env::temp_dir().join(format!("xiri-find-cpu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, out) = (dir.join(name), dir.join(format!("{name}.out")));
    std::fs::write(&file, input).unwrap();
    let report = std::process::Command::new("bash")
        .args(["-c", r#""$0" find < "$1" > "$2"; times"#])
        .args([
            env!("CARGO_BIN_EXE_xiri"),
            file.to_str().unwrap(),
            out.to_str().unwrap(),
        ])
        .output()
        .expect("bash runs");
    let times = String::from_utf8(report.stdout).unwrap();
    // The second line: the children's user and system times, `1m2.345s`.
    let seconds = |t: &str| {
        let (m, s) = t.trim_end_matches('s').split_once('m').unwrap();
        m.parse::<f64>().unwrap() * 60.0 + s.parse::<f64>().unwrap()
    };
    let children = times.lines().nth(1).expect("times prints two lines");
    let cpu = children.split_whitespace().map(seconds).sum();
    let printed = std::fs::metadata(&out).unwrap().len() as usize;
    std::fs::remove_dir_all(&dir).unwrap();
    (cpu, printed)
}

/// Issue 41: `xiri find` read the held lines again for each line while a
/// `<` waited for its `>` (0.35 s for 2 MB with 250 line breaks after
/// each `<`, 4.0 s with 4000). Ten times the input, and ten times the
/// line breaks a `<` waits over, cost at most ~fifteen times the CPU; what
/// it prints stays within a constant times the input.
#[test]
fn find_time_is_linear_while_a_bracket_waits() {
    let input = |breaks: usize, units: usize| {
        format!("<{}a:b ", "\n".repeat(breaks))
            .repeat(units)
            .into_bytes()
    };
    let small = input(400, 250);
    let large = input(4000, 250);
    let best = |input: &[u8], name: &str| {
        (0..3)
            .map(|_| cpu_seconds(input, name))
            .fold((f64::INFINITY, 0), |(t, _), (u, n)| (t.min(u), n))
    };
    let (s, s_out) = best(&small, "small");
    let (l, l_out) = best(&large, "large");
    assert!(
        l <= 15.0 * s.max(0.01),
        "{l} s for {} bytes, {s} s for {}",
        large.len(),
        small.len()
    );
    // One JSON line for each `a:b`.
    assert!(s_out > 250 * 60 && l_out > 250 * 60, "{s_out} {l_out}");
    // The most an input can print a byte: `<a:b>` is 5 bytes, its line
    // about 75.
    let dense = b"<a:b>".repeat(200_000);
    let (_, out) = cpu_seconds(&dense, "dense");
    assert!(
        out <= 20 * dense.len(),
        "{out} bytes printed for {}",
        dense.len()
    );
    assert!(s_out <= 20 * small.len() && l_out <= 20 * large.len());
}

/// Issue 41: after 10 MB of `<` lines, each waiting for its `>`, a URL
/// was printed only at the end of the input. It is printed once its line
/// is read, the input still open.
#[test]
fn a_url_after_open_brackets_is_printed_with_its_line() {
    use std::io::{BufRead, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiri"))
        .args(["find", "-r"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("xiri starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&b"<\n".repeat(5_000_000)).unwrap();
        stdin.write_all(b"see http://a/b now\n").unwrap();
        stdin.flush().unwrap();
        // The input stays open until the line is read.
        let _ = wait.recv();
    });
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(std::time::Duration::from_secs(60));
    drop(done);
    writer.join().unwrap();
    child.wait().unwrap();
    assert_eq!(line.as_deref(), Ok("http://a/b\n"));
}
