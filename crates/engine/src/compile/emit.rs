//! An [`Automaton`] as Rust source, for `build.rs` to compile the built-in
//! rules into the library: inline ([`to_rust`]), or with its large tables
//! (transitions, UTF-8 trie, skip tables) as binary files beside the
//! source ([`to_rust_with_files`]), which `include_bytes!` reads: a table
//! of `u16` is then two bytes an entry rather than six or seven characters
//! of text, and costs the compiler nothing to parse.

use crate::automaton::Automaton;
use std::fmt::Debug;

/// Binary files of tables: `(file name, bytes)`.
///
/// ```
/// let files: xiri_engine::TableFiles = Vec::new();
/// assert!(files.is_empty());
/// ```
pub type TableFiles = Vec<(String, Vec<u8>)>;

/// How a table is written: inline text, or a file.
enum Tables<'a> {
    Inline,
    Files {
        stem: &'a str,
        big_endian: bool,
        files: TableFiles,
    },
}

impl Tables<'_> {
    /// A table of `u16` or `u32` (`bits`), written as its values in the
    /// target's byte order.
    fn words<T: Debug + Copy + Into<u64>>(
        &mut self,
        field: &str,
        items: &[T],
        bits: u32,
    ) -> String {
        match self {
            Tables::Inline => slice(items),
            Tables::Files {
                stem,
                big_endian,
                files,
            } => {
                let name = format!("{stem}.{field}.bin");
                let width = (bits / 8) as usize;
                let mut bytes = Vec::with_capacity(items.len() * width);
                for &v in items {
                    let le = v.into().to_le_bytes();
                    let word = le.get(..width).unwrap_or_default();
                    if *big_endian {
                        bytes.extend(word.iter().rev());
                    } else {
                        bytes.extend_from_slice(word);
                    }
                }
                files.push((name.clone(), bytes));
                format!(
                    "Cow::Borrowed(table!(u{bits}, {name:?}, {}))",
                    items.len() * width
                )
            }
        }
    }

    fn u8s(&mut self, field: &str, items: &[u8]) -> String {
        match self {
            Tables::Inline => slice(items),
            Tables::Files { stem, files, .. } => {
                let name = format!("{stem}.{field}.bin");
                files.push((name.clone(), items.to_vec()));
                format!("Cow::Borrowed(u8_table!({name:?}))")
            }
        }
    }

    fn bools(&mut self, items: &[bool]) -> String {
        match self {
            Tables::Inline => slice(items),
            Tables::Files { .. } => {
                let text: String = items.iter().map(|&b| if b { '1' } else { '0' }).collect();
                format!("Cow::Borrowed(&const {{ bits(b\"{text}\") }})")
            }
        }
    }
}

fn slice<T: Debug>(items: &[T]) -> String {
    format!("Cow::Borrowed(&{items:?})")
}

/// A Rust expression of type `Automaton` whose tables are borrowed
/// statics written inline: `unsafe { Automaton::from_parts_unchecked(Parts
/// { ... }) }`, sound because `a`, an [`Automaton`], keeps its invariants
/// (the code that includes it names `Automaton`, `Parts` and `Cow`).
///
/// ```
/// let a = xiri_engine::compile("a = \"x\"\n", "a", &Default::default()).unwrap();
/// assert!(xiri_engine::to_rust(&a).contains("Automaton::from_parts_unchecked(Parts {"));
/// ```
pub fn to_rust(a: &Automaton) -> String {
    render(a, &mut Tables::Inline)
}

/// A Rust expression of type `Automaton` whose large tables are the files
/// returned beside it (`(file name, bytes)`, the names starting with
/// `stem`), to be written to `OUT_DIR`; `u16` tables in the byte order of
/// the target (`big_endian`). The expression uses what the including code
/// defines: `u8_table!(file)`, a `&'static [u8]` of the file;
/// `table!(u16, file, bytes)` and `table!(u32, file, bytes)`, a
/// `&'static [u16]` or `[u32]` of it, aligned; and `bits(b"0110")`, a
/// `const fn` reading `bool`s.
///
/// ```
/// let a = xiri_engine::compile("a = 1*\"x\"\n", "a", &Default::default()).unwrap();
/// let (text, files) = xiri_engine::to_rust_with_files(&a, "A", false);
/// assert!(text.contains("table!(u16, \"A.trans.bin\""));
/// assert!(files.iter().any(|(name, bytes)| name == "A.trans.bin" && !bytes.is_empty()));
/// ```
pub fn to_rust_with_files(a: &Automaton, stem: &str, big_endian: bool) -> (String, TableFiles) {
    let mut tables = Tables::Files {
        stem,
        big_endian,
        files: Vec::new(),
    };
    let text = render(a, &mut tables);
    match tables {
        Tables::Files { files, .. } => (text, files),
        Tables::Inline => (text, Vec::new()),
    }
}

fn render(a: &Automaton, tables: &mut Tables<'_>) -> String {
    let names: Vec<String> = a
        .names
        .iter()
        .map(|n| format!("Cow::Borrowed({:?})", n.as_ref()))
        .collect();
    format!(
        "unsafe {{ Automaton::from_parts_unchecked(Parts {{ rule: Cow::Borrowed({:?}), byte_class: {}, stride: {}, premultiplied: {}, trans: {}, lead: {}, trie: {}, start: {}, accelerated: {}, tagged: {}, skips: {}, skip_masks: {}, accept: {}, expect_of: {}, expect_at: {}, expect: {}, names: Cow::Borrowed(&[{}]), open: {}, close: {}, call: {}, ret_mask: {}, returns_at: {}, returns: {}, max_depth: {} }}) }}",
        a.rule.as_ref(),
        slice(&a.byte_class),
        a.stride,
        a.premultiplied,
        tables.words("trans", &a.trans, 16),
        slice(&a.lead),
        tables.words("trie", &a.trie, 16),
        a.start,
        a.accelerated,
        a.tagged,
        tables.u8s("skips", &a.skips),
        tables.u8s("skip_masks", &a.skip_masks),
        tables.bools(&a.accept),
        tables.words("expect_of", &a.expect_of, 16),
        tables.words("expect_at", &a.expect_at, 32),
        tables.words("expect", &a.expect, 16),
        names.join(", "),
        a.open,
        a.close,
        tables.words("call", &a.call, 16),
        slice(&a.ret_mask),
        tables.words("returns_at", &a.returns_at, 32),
        slice(&a.returns),
        a.max_depth,
    )
}
