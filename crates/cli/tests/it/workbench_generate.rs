//! `xiri generate` streams (issue 25): each string is written as it is
//! made, so memory is bounded by the grammar and not by `-n`, and a
//! reader that stops reading ends the run.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Asked for far more strings than could be held, `generate` writes the
/// first ones at once; when the reader goes away it exits, with status 0.
/// (Collected before being printed, a hundred million XRI near-misses
/// would take hours and some hundreds of gigabytes before the first line.)
#[test]
fn generate_writes_each_string_as_it_is_made() {
    for mode in [&["--near-miss"][..], &[], &["--near-miss", "--json"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiri"))
            .args(["generate", "-g", "xri", "-n", "100000000"])
            .args(mode)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let lines: Vec<String> = BufReader::new(stdout)
                .lines()
                .take(3)
                .map(Result::unwrap)
                .collect();
            // The reader goes away here, with the pipe's end.
            send.send(lines).unwrap();
        });
        let lines = receive.recv_timeout(Duration::from_secs(60));
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if started.elapsed() > Duration::from_secs(60) {
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        if status.is_none() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
        let lines = lines.unwrap_or_else(|_| panic!("{mode:?}: no line within a minute"));
        assert_eq!(lines.len(), 3, "{mode:?}");
        assert!(lines.iter().all(|l| !l.is_empty()), "{mode:?}: {lines:?}");
        let status = status.unwrap_or_else(|| panic!("{mode:?}: still running a minute after"));
        assert!(status.success(), "{mode:?}: {status}");
    }
}
