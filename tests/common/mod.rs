//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// A number from the environment variable `name` (a sample count, a
/// seed), or `default` when it is unset or not a number.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A sample count: the environment variable `name` when it is set, else
/// `long` when `XIRI_TEST_LONG` is set (CI sets it: .ci/run), else
/// `short`, which keeps the README's `cargo test --all-features` within
/// minutes (docs/TESTING.md says how long).
pub fn samples<T: std::str::FromStr>(name: &str, short: T, long: T) -> T {
    let long_run = std::env::var_os("XIRI_TEST_LONG").is_some_and(|v| v != "0");
    env_number(name, if long_run { long } else { short })
}

/// RFC 3987 1.4's XML notation: "&#x" hex ";" stands for the character,
/// "&amp;" for "&" (the reading of the data files, `data::xml_notation`).
pub fn unescape_xml(text: &str) -> String {
    data::xml_notation(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Where the reviewed snapshots live: `snapshots/` at the top of the crate.
pub fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// The escapes of the peers' vector files (`tests/data/peers/`): `\xHH`, `\uHHHH`, `\UHHHHHHHH`.
pub fn unescape(text: &str) -> String {
    vectors::unescape(text)
}

/// The repository's root, the `xiri` library's folder (the one with
/// `grammar/`), whichever package includes this file: the root's tests,
/// crates/cli's, or the benches (benches/, a package of its own).
pub fn root() -> &'static std::path::Path {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = dir.ancestors().find(|d| d.join("grammar").is_dir());
    root.unwrap_or(dir)
}

/// `tests/data/`: what the tests read of the specifications and of the
/// peers' vector files, copied into the repository.
fn data_dir() -> std::path::PathBuf {
    root().join("tests/data")
}

/// A file of `tests/data/specs/` or `tests/data/peers/`: lines cut from a
/// text of the `shared/` folder, under a header that says what they are and
/// where they came from (`# from: SOURCE lines FIRST-LAST`), ended by a line
/// `# ---`.
pub struct Extract {
    /// The file, relative to `tests/data/`, e.g. `specs/xri-2.0-appendix-b.txt`.
    pub name: String,
    /// The text it was cut from, relative to `shared/`, e.g. `specs/rfc3986-uri.txt`.
    pub source: String,
    /// The source's lines it holds, counted from 1.
    pub first: usize,
    pub last: usize,
    /// Those lines, each ended by "\n".
    pub body: String,
}

/// Reads `tests/data/NAME` and its header.
pub fn extract(name: &str) -> Extract {
    let path = data_dir().join(name).display().to_string();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (header, body) = text
        .split_once("\n# ---\n")
        .unwrap_or_else(|| panic!("{path}: no line \"# ---\" ends the header"));
    let from = header
        .lines()
        .find_map(|l| l.strip_prefix("# from: "))
        .unwrap_or_else(|| panic!("{path}: no \"# from:\" line"));
    let parsed = from.split_once(" lines ").and_then(|(source, range)| {
        let (first, last) = range.split_once('-')?;
        Some((source, first.parse().ok()?, last.parse().ok()?))
    });
    let Some((source, first, last)) = parsed else {
        panic!("{path}: \"# from: {from}\" is not \"SOURCE lines FIRST-LAST\"");
    };
    Extract {
        name: name.to_string(),
        source: source.to_string(),
        first,
        last,
        body: body.to_string(),
    }
}

/// A section of a specification, `tests/data/specs/NAME`, without its header.
pub fn spec_data(name: &str) -> String {
    extract(&format!("specs/{name}")).body
}

/// Every file of `tests/data/specs/` and `tests/data/peers/`, by name.
pub fn extracts() -> Vec<Extract> {
    let mut names = Vec::new();
    for folder in ["specs", "peers"] {
        let dir = data_dir().join(folder).display().to_string();
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
            let file = entry.unwrap().file_name().into_string().unwrap();
            names.push(format!("{folder}/{file}"));
        }
    }
    names.sort();
    names.iter().map(|name| extract(name)).collect()
}

/// The parts of one peer vector file, `shared/conformance/FILE`, in the
/// file's order: `tests/data/peers/` holds it in pieces, one a group of
/// vectors, named for the peer that group comes from.
pub fn peer_parts(file: &str) -> Vec<Extract> {
    let source = format!("conformance/{file}");
    let mut parts: Vec<Extract> = extracts()
        .into_iter()
        .filter(|e| e.source == source)
        .collect();
    assert!(
        !parts.is_empty(),
        "tests/data/peers holds nothing of {source}"
    );
    parts.sort_by_key(|e| e.first);
    parts
}

/// A peer vector file, `shared/conformance/FILE`, put together again from
/// its parts in `tests/data/peers/`.
pub fn peer_vectors(file: &str) -> String {
    peer_parts(file).into_iter().map(|e| e.body).collect()
}

/// The `shared/` folder the data files were cut from, for the optional
/// checks that they are still verbatim (`tests/it/verbatim.rs`): the
/// specifications are in the folder `XIRI_SPECS` names, else in
/// `../shared/specs` beside the crate, and the peers' vectors in the
/// `conformance` folder beside that one. `Err` says why they were not
/// looked at; a `XIRI_SPECS` naming no folder is an error.
pub fn shared_texts() -> Result<SharedTexts, String> {
    let specs = match std::env::var_os("XIRI_SPECS") {
        Some(dir) => {
            let dir = std::path::PathBuf::from(dir);
            assert!(dir.is_dir(), "XIRI_SPECS={} is not a folder", dir.display());
            dir
        }
        None => {
            let dir = root().join("../shared/specs");
            if !dir.is_dir() {
                return Err(format!(
                    "{} is not there and XIRI_SPECS is not set",
                    dir.display()
                ));
            }
            dir
        }
    };
    let specs = specs.canonicalize().unwrap_or(specs);
    let conformance = specs.join("..").join("conformance");
    let conformance = conformance.canonicalize().unwrap_or(conformance);
    Ok(SharedTexts { specs, conformance })
}

/// Where [`shared_texts`] found the specifications and the peers' vectors.
pub struct SharedTexts {
    pub specs: std::path::PathBuf,
    pub conformance: std::path::PathBuf,
}

impl SharedTexts {
    /// The file an [`Extract`]'s source names.
    pub fn path(&self, source: &str) -> std::path::PathBuf {
        match source.split_once('/') {
            Some(("specs", file)) => self.specs.join(file),
            Some(("conformance", file)) => self.conformance.join(file),
            _ => panic!("a source is in specs/ or conformance/, not {source:?}"),
        }
    }
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The lines of a benchmark corpus, `benches/corpus/NAME`.
pub fn corpus(name: &str) -> Vec<String> {
    let path = root()
        .join("benches/corpus")
        .join(name)
        .display()
        .to_string();
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(String::from)
        .collect()
}

pub mod abnf;
pub mod adapter;
pub mod cpu;
pub mod diagram;
pub mod find_text;
pub mod hostile;
pub mod made;
pub mod panics;
pub mod props;
pub mod shapes;

/// The printed examples of tests/data/spec-examples.tsv and
/// tests/data/spec-operations.tsv, read by the code `xiri conformance`
/// reads them with.
#[path = "../../crates/cli/src/cli/conformance/data.rs"]
pub mod data;

/// Every row of the two files (they are compiled in; a malformed row fails
/// the test that asks).
pub fn examples() -> Vec<data::Example> {
    data::examples().unwrap_or_else(|e| panic!("{e}"))
}

/// The peers' vector files, as `xiri conformance` reads them.
#[path = "../../crates/cli/src/cli/conformance/peers.rs"]
pub mod peers;

/// Who wrote the vectors of a group, by the letter the vector file gives
/// it (`## [A]`): the `# peer:` line of its file's header.
pub fn peer_name(letter: &str) -> String {
    let groups = peers::groups().unwrap_or_else(|e| panic!("{e}"));
    let group = groups.into_iter().find(|g| g.letter == letter);
    group
        .unwrap_or_else(|| panic!("no file of tests/data/peers is group {letter}"))
        .peer
}

/// The peers' vectors xiri checks, and xiri's answers, as `xiri
/// conformance` reads and answers them.
#[path = "../../crates/cli/src/cli/conformance/vectors.rs"]
pub mod vectors;

/// The checked vectors of every group, the XRI groups first (A to I), then
/// Jena's (the vector files' order).
pub fn all_vectors() -> Vec<vectors::Vector> {
    let groups = peers::groups().unwrap_or_else(|e| panic!("{e}"));
    let (jena, xri): (Vec<_>, Vec<_>) = groups.iter().partition(|g| g.letter.starts_with('J'));
    xri.into_iter()
        .chain(jena)
        .flat_map(vectors::vectors)
        .collect()
}

/// The integration tests of a package are the modules of one test binary,
/// `tests/it/main.rs` (each binary is linked on its own: on a fresh clone
/// fifty of them took twenty minutes to build). `tests` is the package's
/// tests/ folder: every file of tests/it/ must be declared in main.rs (an
/// undeclared one is never compiled), and tests/ holds no test file but
/// those of `alone`, which Cargo builds as binaries of their own.
pub fn one_test_binary(tests: &std::path::Path, alone: &[&str]) {
    let rust_files = |dir: &std::path::Path| -> Vec<String> {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut names: Vec<String> = entries
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".rs"))
            .collect();
        names.sort();
        names
    };
    assert_eq!(
        rust_files(tests),
        alone,
        "{}: a test file goes in tests/it/, declared in tests/it/main.rs",
        tests.display()
    );
    let main = std::fs::read_to_string(tests.join("it/main.rs")).unwrap();
    let declared: Vec<&str> = main.lines().map(str::trim).collect();
    for name in rust_files(&tests.join("it")) {
        let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") else {
            continue;
        };
        assert!(
            declared.contains(&format!("mod {module};").as_str()),
            "tests/it/{name} is not declared in tests/it/main.rs: add `mod {module};`"
        );
    }
}
