//! Generates, from `grammar/`, the tables of each grammar's productions and
//! the engine's automata of the rules the library runs on every input (with
//! `xiri-engine`, a build-dependency); with the `trees` feature, also the
//! pest parsers, tying each pest rule to the ABNF production it
//! transcribes, and refuses to build when a rule's `///` quote differs from
//! that production's text in the ABNF file (with `pest_meta`).

#[path = "build/engine_tables.rs"]
mod engine_tables;
#[path = "build/generate.rs"]
mod generate;
#[cfg(feature = "trees")]
#[path = "build/pest_rules.rs"]
mod pest_rules;

use std::collections::BTreeMap;
use std::path::Path;
use xiri_engine::abnf;

/// The ABNF file each pest file transcribes, and its notation (the ABNF
/// files are read with or without the pest ones).
const PEST_SOURCES: &[(&str, &str, abnf::Notation)] = &[
    ("core.pest", "", abnf::Notation::Rfc5234),
    ("uri.pest", "rfc3986.abnf", abnf::Notation::Rfc5234),
    ("iri.pest", "rfc3987.abnf", abnf::Notation::Rfc5234),
    ("iri-chars.pest", "rfc3987.abnf", abnf::Notation::Rfc5234),
    (
        "iri-bis-chars.pest",
        "iri-3987bis.abnf",
        abnf::Notation::Rfc5234,
    ),
    ("leiri.pest", "leiri.abnf", abnf::Notation::W3cNote),
    ("xri.pest", "xri.abnf", abnf::Notation::Rfc5234),
    // RFC 6570's templates: quotes checked, no pest parser generated (the
    // engine decides them, compiled at run time: src/template/parse.rs).
    ("rfc6570.pest", "rfc6570.abnf", abnf::Notation::Rfc5234),
];

/// RFC 5234 Appendix B.1, for the three core rules the grammars use.
pub const CORE_ABNF: &str = "ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\nHEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

/// Each grammar: module name, the pest files of its parser in order, the
/// ABNF files whose productions it lists (later files add to earlier ones;
/// a production already listed is not listed again), and its three entry
/// points (`Grammar::reference`, `absolute`, `relative`), the pest rules
/// that end at the end of input.
type GrammarRow = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    [&'static str; 3],
);
const GRAMMARS: &[GrammarRow] = &[
    (
        "uri",
        &["core.pest", "uri.pest"],
        &["rfc3986.abnf"],
        ["URI_reference_eoi", "URI_eoi", "relative_ref_eoi"],
    ),
    (
        "iri",
        &["core.pest", "uri.pest", "iri.pest", "iri-chars.pest"],
        &["rfc3987.abnf"],
        ["IRI_reference_eoi", "IRI_eoi", "irelative_ref_eoi"],
    ),
    (
        "iri_bis",
        &["core.pest", "uri.pest", "iri.pest", "iri-bis-chars.pest"],
        &["iri-3987bis.abnf", "rfc3987.abnf"],
        ["IRI_reference_eoi", "IRI_eoi", "irelative_ref_eoi"],
    ),
    (
        "leiri",
        &["core.pest", "uri.pest", "iri.pest", "leiri.pest"],
        &["leiri.abnf"],
        ["LEIRI_reference_eoi", "LEIRI_eoi", "irelative_ref_eoi"],
    ),
    (
        "xri",
        &["core.pest", "uri.pest", "iri-chars.pest", "xri.pest"],
        &["xri.abnf"],
        ["XRI_reference_eoi", "XRI_eoi", "relative_XRI_ref_eoi"],
    ),
];

fn main() {
    println!("cargo:rerun-if-changed=grammar");
    println!("cargo:rerun-if-changed=build");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let read = |name: &str| -> String {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("grammar/{name}: {e}"))
    };

    let mut abnf_files: BTreeMap<&str, Vec<abnf::Production>> = BTreeMap::new();
    abnf_files.insert("", abnf::productions(CORE_ABNF));
    for &(_, abnf_file, notation) in PEST_SOURCES {
        if abnf_file.is_empty() || abnf_files.contains_key(abnf_file) {
            continue;
        }
        let source = read(abnf_file);
        let mut productions = abnf::productions(&abnf::to_rfc5234(&source, notation));
        if notation == abnf::Notation::W3cNote {
            // Show the productions as the Note prints them.
            for (name, printed) in abnf::w3c_printed(&source) {
                if let Some(p) = productions.iter_mut().find(|p| p.name == name) {
                    p.text = printed;
                }
            }
        }
        abnf_files.insert(abnf_file, productions);
    }
    // The pest transcriptions, their quotes checked against the ABNF
    // (with the `trees` feature, which brings pest_meta and the parsers).
    #[cfg(feature = "trees")]
    let pest_files = pest_rules::checked_pest_files(PEST_SOURCES, &read, &abnf_files);

    let mut out = String::new();
    for &(module, files, listed, entries) in GRAMMARS {
        #[cfg(feature = "trees")]
        let pest = Some((files, &pest_files));
        #[cfg(not(feature = "trees"))]
        let pest = {
            let _ = files;
            None
        };
        generate::generate_grammar(module, listed, entries, pest, &abnf_files, &mut out);
    }
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("grammars.rs"), out).expect("write grammars.rs");
    // pest's reading of the typed XRI policy needs one more rule.
    let internals = std::env::var_os("CARGO_FEATURE_INTERNALS").is_some();
    let (engine, tables) = engine_tables::engine_tables(&read, internals)
        .unwrap_or_else(|e| panic!("the engine's tables: {e}"));
    std::fs::write(Path::new(&out_dir).join("engine_tables.rs"), engine)
        .expect("write engine_tables.rs");
    for (name, bytes) in tables {
        std::fs::write(Path::new(&out_dir).join(&name), bytes)
            .unwrap_or_else(|e| panic!("write {name}: {e}"));
    }
}
