//! The built-in grammars' rules as the engine's automata: those the
//! library runs on every input compiled by `build.rs`
//! (build/engine_tables.rs says which and why), every other one compiled
//! at run time on its first use and kept.

use crate::engine::{Automaton, Options};
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use std::borrow::Cow;
use std::sync::OnceLock;
use xiri_engine::marks::Marks;
use xiri_engine::stage::{self, Path, Stage, Tables, Way};
use xiri_engine::Parts;

/// A table of bytes that build.rs wrote to `OUT_DIR`.
macro_rules! u8_table {
    ($file:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $file))
    };
}

/// A table of `$t` (`u16` or `u32`) that build.rs wrote to `OUT_DIR` as
/// `$bytes` bytes in the target's byte order, read in place.
macro_rules! table {
    ($t:ty, $file:literal, $bytes:literal) => {{
        /// The file's bytes, aligned as a `u16` and a `u32` must be.
        #[repr(C, align(4))]
        struct Aligned([u8; $bytes]);
        static BYTES: Aligned = Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/", $file)));
        // SAFETY: `BYTES` lives for the program, is aligned to 4 by its
        // type, and holds `$bytes / size_of::<$t>()` whole values (build.rs
        // wrote `$bytes` bytes, in the target's byte order); every bit
        // pattern is a valid `u16` and `u32`.
        unsafe {
            std::slice::from_raw_parts(
                BYTES.0.as_ptr().cast::<$t>(),
                $bytes / std::mem::size_of::<$t>(),
            )
        }
    }};
}

/// A table of `bool` written as a string of `0` and `1`.
// Evaluated at compile time only (in the statics' initializers), where an
// index out of bounds would fail the build; `i < N` bounds both anyway.
#[allow(clippy::indexing_slicing)]
const fn bits<const N: usize>(text: &[u8; N]) -> [bool; N] {
    let mut out = [false; N];
    let mut i = 0;
    while i < N {
        out[i] = text[i] == b'1';
        i += 1;
    }
    out
}

include!(concat!(env!("OUT_DIR"), "/engine_tables.rs"));

/// The compiled automaton of `grammar`'s rule `name` (its ABNF name, any
/// case), if the engine compiles it: built in, or else compiled now.
pub(crate) fn automaton(grammar: Grammar, name: &str) -> Option<&'static Automaton> {
    let built = built(grammar);
    // The name as the grammar spells it first (what `Rule` passes, at each
    // check): compared as bytes, where any case is compared byte by byte.
    built
        .iter()
        .copied()
        .find(|a| a.rule == name)
        .or_else(|| {
            built
                .iter()
                .copied()
                .find(|a| a.rule.eq_ignore_ascii_case(name))
        })
        .or_else(|| on_first_use(grammar, name))
}

/// A grammar's rules for compiling at run time: its effective ABNF
/// checked, and a slot for each production's automaton.
struct Lazy {
    checked: abnf_oracle::CheckedGrammar,
    options: Options,
    /// Each production's ABNF name, and its automaton once asked for
    /// (`None` for a rule the engine does not compile).
    rules: Vec<(&'static str, OnceLock<Option<Automaton>>)>,
}

impl Lazy {
    /// The same ABNF (`Grammar::abnf`, `abnf::effective`) and options as
    /// build.rs; `None` if it does not check, which build.rs rules out.
    fn load(grammar: Grammar) -> Option<Lazy> {
        let checked = abnf_oracle::Grammar::parse(&grammar.abnf())
            .ok()?
            .check()
            .ok()?;
        let options = match xiri_engine::abnf::brackets(grammar.name()) {
            Some((open, close)) => Options::new().with_brackets(open, close),
            None => Options::new(),
        };
        let rules = grammar
            .productions()
            .map(|rule| (rule.name(), OnceLock::new()))
            .collect();
        Some(Lazy {
            checked,
            options,
            rules,
        })
    }
}

/// `grammar`'s rule `name` compiled at run time, once (a caller asking
/// while another compiles it waits for that one), and kept for the life of
/// the process: at most one automaton per production of the five grammars.
fn on_first_use(grammar: Grammar, name: &str) -> Option<&'static Automaton> {
    static LAZY: [OnceLock<Option<Lazy>>; 5] = [const { OnceLock::new() }; 5];
    let at = Grammar::ALL.iter().position(|&g| g == grammar)?;
    let lazy = LAZY.get(at)?.get_or_init(|| Lazy::load(grammar)).as_ref()?;
    let (rule, slot) = lazy
        .rules
        .iter()
        .find(|(rule, _)| rule.eq_ignore_ascii_case(name))?;
    slot.get_or_init(|| crate::engine::compile_checked(&lazy.checked, rule, &lazy.options).ok())
        .as_ref()
}

/// The reference rule of `grammar` (`URI-reference`, `IRI-reference`,
/// `LEIRI-reference`, `XRI-reference`): built in for the four RFC
/// 3986-shaped syntaxes, whose typed API runs it; XRI's compiles on first
/// use, as the typed XRI API runs its own rules ([`xri_typed`]). `None`
/// only if XRI's did not compile, which tests/it/engine.rs rules out.
pub(crate) fn reference(grammar: Grammar) -> Option<&'static Automaton> {
    match grammar {
        Grammar::Uri => Some(&URI_URI_REFERENCE),
        Grammar::Iri => Some(&IRI_IRI_REFERENCE),
        Grammar::IriBis => Some(&IRI_BIS_IRI_REFERENCE),
        Grammar::Leiri => Some(&LEIRI_LEIRI_REFERENCE),
        Grammar::Xri => automaton(grammar, "XRI-reference"),
    }
}

/// Each built-in reference rule's first stage as a type
/// ([`Tables`]), so that the stage's code is compiled with its tables
/// as constants.
macro_rules! folded {
    ($($name:ident = $stage:ident),*) => {$(
        /// A built-in reference rule's first stage, as a type.
        struct $name;
        impl Tables for $name {
            const STAGE: Option<&'static Stage> = $stage;
        }
    )*};
}

folded!(
    UriStage = URI_URI_REFERENCE_STAGE,
    IriStage = IRI_IRI_REFERENCE_STAGE,
    IriBisStage = IRI_BIS_IRI_REFERENCE_STAGE,
    LeiriStage = LEIRI_LEIRI_REFERENCE_STAGE
);

/// The first stage of `grammar`'s reference rule (crates/engine/src/stage/),
/// which build.rs derived from the rule's automaton: `None` for XRI's.
#[cfg(feature = "internals")]
pub(crate) fn stage(grammar: Grammar) -> Option<&'static Stage> {
    match grammar {
        Grammar::Uri => URI_URI_REFERENCE_STAGE,
        Grammar::Iri => IRI_IRI_REFERENCE_STAGE,
        Grammar::IriBis => IRI_BIS_IRI_REFERENCE_STAGE,
        Grammar::Leiri => LEIRI_LEIRI_REFERENCE_STAGE,
        Grammar::Xri => None,
    }
}

/// The marks of Appendix B's split of `input` if the first stage of
/// `grammar`'s reference rule accepts it; `None` where the table walk
/// must decide (the stage never refuses: a refusal's offset and expected
/// set are the walk's).
#[inline]
pub(crate) fn staged(grammar: Grammar, input: &str) -> Option<Marks> {
    if !stage::takes(input) {
        return None;
    }
    staged_with(grammar, input, Path::Detect)
}

/// [`staged`] at any length, classifying with `path` (the tests force
/// each way).
#[inline]
pub(crate) fn staged_with(grammar: Grammar, input: &str, path: Path) -> Option<Marks> {
    match grammar {
        Grammar::Uri => stage::accept_with::<UriStage>(input, path),
        Grammar::Iri => stage::accept_with::<IriStage>(input, path),
        Grammar::IriBis => stage::accept_with::<IriBisStage>(input, path),
        Grammar::Leiri => stage::accept_with::<LeiriStage>(input, path),
        Grammar::Xri => None,
    }
}

/// [`staged_with`], the marks written to `marks` (`true`) where the
/// caller keeps them in a value already in place (`stage::accept_into`).
#[inline]
pub(crate) fn staged_into(grammar: Grammar, input: &str, way: Way, marks: &mut Marks) -> bool {
    match grammar {
        Grammar::Uri => stage::accept_into::<UriStage>(input, way, marks),
        Grammar::Iri => stage::accept_into::<IriStage>(input, way, marks),
        Grammar::IriBis => stage::accept_into::<IriBisStage>(input, way, marks),
        Grammar::Leiri => stage::accept_into::<LeiriStage>(input, way, marks),
        Grammar::Xri => false,
    }
}

/// Whether `grammar`'s reference rule accepts `input`, with where its run
/// saw the delimiters of RFC 3986 Appendix B's split (none for XRI's,
/// which records none); its refusal as the rule's [`ParseError`] if not.
/// The first stage decides first ([`staged`]), the table walk the rest.
#[inline]
pub(crate) fn check_reference(grammar: Grammar, input: &str) -> Result<Marks, ParseError> {
    if let Some(marks) = staged(grammar, input) {
        return Ok(marks);
    }
    walk_reference(grammar, input)
}

/// [`check_reference`] with the marks written to `marks`, which the
/// caller reads in place: the first stage writes them there
/// (`stage::accept_into`), so no copy of them follows its stores (a copy
/// of 16 bytes right after stores of 8 waits for them to reach the cache:
/// about a third of `parse_bounds`' time samples on absolute IRIs,
/// docs/PERFORMANCE.md); the walk writes them there too.
#[inline]
pub(crate) fn check_reference_into(
    grammar: Grammar,
    input: &str,
    marks: &mut Marks,
) -> Result<(), ParseError> {
    if stage::takes(input) && staged_into(grammar, input, Way::of(Path::Detect), marks) {
        return Ok(());
    }
    match reference(grammar) {
        Some(automaton) => automaton
            .check_split_into(input, marks)
            .map_err(|refusal| grammar.reference().refusal(input, refusal)),
        None => walk_reference(grammar, input).map(|m| *marks = m),
    }
}

/// [`check_reference`] by the table walk alone.
#[inline]
fn walk_reference(grammar: Grammar, input: &str) -> Result<Marks, ParseError> {
    match reference(grammar) {
        Some(automaton) => automaton
            .check_split(input)
            .map_err(|refusal| grammar.reference().refusal(input, refusal)),
        None => grammar.reference().check(input).map(|()| Marks::default()),
    }
}

/// `IPv4address`, the same in every grammar (each has its own copy).
pub(crate) fn ipv4(grammar: Grammar) -> &'static Automaton {
    match grammar {
        Grammar::Uri => &URI_IPV4ADDRESS,
        Grammar::Iri => &IRI_IPV4ADDRESS,
        Grammar::IriBis => &IRI_BIS_IPV4ADDRESS,
        Grammar::Leiri => &LEIRI_IPV4ADDRESS,
        Grammar::Xri => &XRI_IPV4ADDRESS,
    }
}

/// Whether `host` is an `IPv4address` of `grammar`: only digits and dots
/// can be, so any other host is answered without running the automaton.
pub(crate) fn is_ipv4(grammar: Grammar, host: &str) -> bool {
    host.bytes().all(|b| b.is_ascii_digit() || b == b'.') && ipv4(grammar).matches(host)
}

/// The rules of grammar/xri-typed.abnf that the typed XRI API runs
/// (src/xri/): the typed policy's reference, absolute and relative forms,
/// and the two halves of an absolute XRI after its prefix.
pub(crate) mod xri_typed {
    use crate::engine::Automaton;

    /// `typed-XRI-reference`: what `XriRef::parse` accepts.
    pub(crate) fn reference() -> &'static Automaton {
        &super::XRI_TYPED_TYPED_XRI_REFERENCE
    }

    /// `typed-XRI`: what `Xri::parse` accepts.
    pub(crate) fn absolute() -> &'static Automaton {
        &super::XRI_TYPED_TYPED_XRI
    }

    /// `relative-XRI-ref`, its cross-references read by the policy.
    pub(crate) fn relative() -> &'static Automaton {
        &super::XRI_TYPED_RELATIVE_XRI_REF
    }

    /// `xri-authority`, its cross-references read by the policy.
    pub(crate) fn xri_authority() -> &'static Automaton {
        &super::XRI_TYPED_XRI_AUTHORITY
    }

    /// `xri-path-abempty [ "?" iquery ] [ "#" ifragment ]`.
    pub(crate) fn after_authority() -> &'static Automaton {
        &super::XRI_TYPED_XRI_AFTER_AUTHORITY
    }

    /// `typed-IRI-x`: a cross-reference's content read as an IRI (for
    /// pest's reading of the policy, which the tests hold the engine's to).
    #[cfg(feature = "internals")]
    pub(crate) fn iri_x() -> &'static Automaton {
        &super::XRI_TYPED_TYPED_IRI_X
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_in_rule_is_found_by_its_name_in_any_case() {
        for grammar in Grammar::ALL {
            for &built in built(grammar) {
                let name: &str = &built.rule;
                for spelled in [
                    name.to_string(),
                    name.to_ascii_lowercase(),
                    name.to_ascii_uppercase(),
                ] {
                    let found = automaton(grammar, &spelled).map(|a| a as *const Automaton);
                    assert_eq!(
                        found,
                        Some(built as *const Automaton),
                        "{grammar} {spelled}"
                    );
                }
            }
        }
    }
}
