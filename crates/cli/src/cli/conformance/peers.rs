//! The peers' vector files, `tests/data/peers/`, compiled in: each is one
//! group of vectors, cut from a file of `shared/conformance/`, under a
//! header that names the peer (`# peer: NAME`) and the lines it holds.
//! The tests read the same files (and name the peers by this module, which
//! `tests/common/mod.rs` includes).

/// Each file of `tests/data/peers/`, by name.
pub const FILES: [(&str, &str); 10] = [
    (
        "leiri-J1-jena-iri.txt",
        include_str!("../../../../../tests/data/peers/leiri-J1-jena-iri.txt"),
    ),
    (
        "xri-A-openxri-xritest.txt",
        include_str!("../../../../../tests/data/peers/xri-A-openxri-xritest.txt"),
    ),
    (
        "xri-B-openmdx-testxri.txt",
        include_str!("../../../../../tests/data/peers/xri-B-openmdx-testxri.txt"),
    ),
    (
        "xri-C-python-openid.txt",
        include_str!("../../../../../tests/data/peers/xri-C-python-openid.txt"),
    ),
    (
        "xri-D-xrilib.txt",
        include_str!("../../../../../tests/data/peers/xri-D-xrilib.txt"),
    ),
    (
        "xri-E-openxri-iriutils.txt",
        include_str!("../../../../../tests/data/peers/xri-E-openxri-iriutils.txt"),
    ),
    (
        "xri-F-dotnetopenauth.txt",
        include_str!("../../../../../tests/data/peers/xri-F-dotnetopenauth.txt"),
    ),
    (
        "xri-G-openxri-xri3.txt",
        include_str!("../../../../../tests/data/peers/xri-G-openxri-xri3.txt"),
    ),
    (
        "xri-H-xri-2.0-spec.txt",
        include_str!("../../../../../tests/data/peers/xri-H-xri-2.0-spec.txt"),
    ),
    (
        "xri-I-derived.txt",
        include_str!("../../../../../tests/data/peers/xri-I-derived.txt"),
    ),
];

/// One group of vectors: one file of `tests/data/peers/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The file's name, e.g. `xri-A-openxri-xritest.txt`.
    pub file: &'static str,
    /// The letter the vector file gives the group (`## [A]`), e.g. "A", "J1".
    pub letter: String,
    /// Who wrote the vectors, from the header's `# peer:` line.
    pub peer: String,
    /// The lines of the vector file, below the header.
    pub body: &'static str,
}

/// Every group, in the files' order (the letters' order).
pub fn groups() -> Result<Vec<Group>, String> {
    FILES
        .iter()
        .map(|(file, text)| {
            let (header, body) = text
                .split_once("\n# ---\n")
                .ok_or(format!("{file}: no line \"# ---\" ends the header"))?;
            let peer = header
                .lines()
                .find_map(|l| l.strip_prefix("# peer: "))
                .ok_or(format!("{file}: no \"# peer:\" line"))?;
            let letter = file
                .split('-')
                .nth(1)
                .ok_or(format!("{file}: no letter in the name"))?;
            Ok(Group {
                file,
                letter: letter.to_string(),
                peer: peer.to_string(),
                body,
            })
        })
        .collect()
}
