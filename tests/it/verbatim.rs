//! The data files of `tests/data/specs/` and `tests/data/peers/` against the
//! texts they were cut from. Each file's header names its source and lines
//! (`# from: SOURCE lines FIRST-LAST`); these tests hold the file to those
//! lines, so an example the tests read from a data file is the one the
//! specification or the peer prints.
//!
//! The texts are not part of the repository: the specifications are looked
//! for in the folder `XIRI_SPECS` names, else in `../shared/specs` beside the
//! crate, and the peers' vectors in the `conformance` folder beside that one.
//! Without them the comparison is skipped, and the test says so on the
//! terminal.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;

/// Prints past the test harness's capture of `println!`, so that a plain
/// `cargo test` shows whether the comparison ran.
fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "tests/it/verbatim.rs: {message}");
}

#[test]
fn data_files_are_the_lines_their_headers_name() {
    let texts = match common::shared_texts() {
        Ok(texts) => texts,
        Err(why) => {
            tell(&format!(
                "SKIPPED the comparison of tests/data/ with the specifications and the peers' vectors: {why}"
            ));
            return;
        }
    };
    let mut compared = BTreeMap::new();
    let mut skipped = BTreeMap::new();
    let mut peer_files = BTreeMap::new();
    for extract in common::extracts() {
        let path = texts.path(&extract.source);
        let folder = path.parent().unwrap();
        if !folder.is_dir() {
            *skipped.entry(folder.display().to_string()).or_insert(0) += 1;
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", extract.name, path.display()));
        // lines() drops "\n" and "\r\n" alike: the RFCs' CRLF are LF in the copies.
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            1 <= extract.first && extract.first <= extract.last && extract.last <= lines.len(),
            "{}: lines {}-{} of a text of {} lines",
            extract.name,
            extract.first,
            extract.last,
            lines.len()
        );
        let source = &lines[extract.first - 1..extract.last];
        let copy: Vec<&str> = extract.body.lines().collect();
        assert_eq!(
            copy,
            source,
            "{} is not lines {}-{} of {}",
            extract.name,
            extract.first,
            extract.last,
            path.display()
        );
        if let Some(file) = extract.source.strip_prefix("conformance/") {
            peer_files.insert(file.to_string(), text);
        }
        *compared.entry(folder.display().to_string()).or_insert(0) += 1;
    }
    // A peer's vector file is kept whole, in parts: put together, they are
    // the file, byte for byte.
    for (file, text) in &peer_files {
        assert!(
            common::peer_vectors(file) == *text,
            "{file}: the parts put together are not the file"
        );
    }
    assert!(!compared.is_empty(), "no data file was compared");
    for (folder, n) in compared {
        tell(&format!(
            "{n} data files are the lines their headers name in {folder}"
        ));
    }
    for (folder, n) in skipped {
        tell(&format!(
            "SKIPPED the comparison of {n} data files with {folder}: there is no such folder"
        ));
    }
}

/// Each peer vector file is kept in parts that follow one another from its
/// first line, with no line left out between them (whether the last part
/// reaches the file's end is checked against the file itself, above).
#[test]
fn peer_parts_follow_one_another() {
    let files: BTreeSet<String> = common::extracts()
        .into_iter()
        .filter_map(|e| Some(e.source.strip_prefix("conformance/")?.to_string()))
        .collect();
    assert_eq!(
        Vec::from_iter(&files),
        ["leiri-jena-vectors.txt", "xri-peer-vectors.txt"]
    );
    for file in files {
        let mut next = 1;
        for part in common::peer_parts(&file) {
            assert_eq!(part.first, next, "{} does not follow on", part.name);
            assert_eq!(
                part.body.lines().count(),
                part.last - part.first + 1,
                "{}",
                part.name
            );
            next = part.last + 1;
        }
    }
}
