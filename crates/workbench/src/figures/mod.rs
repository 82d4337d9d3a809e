//! The second stage: each file's ABNF figures ([`source`](crate::source))
//! read into rules, one file at a time. A file in the W3C Note's layout is
//! rewritten into RFC 5234's line for line, each rule is parsed on its own
//! (so that a mistake in one does not hide those in the next, each
//! explained as `mistakes.rs` words it), RFC 9110's lists are expanded,
//! and every span is moved to where the file sits among the files joined.
//! What it gives: [`FileRules`](read::FileRules), the file as read and its
//! rules, with the [`Diagnostic`]s that place a finding in the file.

mod diagnostic;
mod file;
mod layout;
mod mistakes;
mod options;
mod ows;
mod parse;
mod read;

pub use diagnostic::{Diagnostic, Severity};
pub use file::Location;
pub(crate) use file::{place, Read};
pub(crate) use mistakes::reversed;
pub use options::{LoadOptions, Values};
pub(crate) use read::FileRules;

use crate::source::AbnfFile;
use layout::next_base;
use read::read;

/// Reads the files, each one's spans starting one past the end of the
/// one before in the text they are joined into.
pub(crate) fn read_all(files: &[AbnfFile], options: &LoadOptions) -> Vec<FileRules> {
    let mut base = 0u32;
    let mut all = Vec::new();
    for file in files {
        let rules = read(file, base, options);
        base = next_base(base, &rules.read.parsed);
        all.push(rules);
    }
    ows::supply(&mut all);
    all
}
