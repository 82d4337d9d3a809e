//! Hooks for the differential tests and the fuzz target, behind the
//! `internals` feature: not public API.

use crate::syntax::grammar::Grammar;

/// For the differential tests and the fuzz target: the engine's verdict on
/// `input` as a reference of `grammar` when it agrees with the pest
/// grammar's alone (same verdict, and the spans and host kind RFC 3986
/// Appendix B's split finds are those pest's tree gives), a description of
/// the difference when it does not. For XRI, the typed tree: when the fast path
/// answers (it may leave an input to pest), it must be the one pest builds.
///
/// ```
/// assert_eq!(xiri::fast_path_check(xiri::Grammar::Iri, "http://a/b"), Ok(true));
/// assert_eq!(xiri::fast_path_check(xiri::Grammar::Uri, "http://a/b c"), Ok(false));
/// assert_eq!(xiri::fast_path_check(xiri::Grammar::Xri, "@a*b/(+c)"), Ok(true));
/// ```
pub fn fast_path_check(grammar: Grammar, input: &str) -> Result<bool, String> {
    match grammar {
        Grammar::Xri => crate::xri::fast_path_check(input),
        _ => crate::syntax::reference::fast_path_check(grammar, input),
    }
}

/// For the differential tests: whether the pest transcription of `rule`,
/// alone (without the engine), accepts `input`.
///
/// ```
/// let rule = xiri::Grammar::Uri.rule("IPv4address").unwrap();
/// assert!(xiri::pest_check(&rule, "1.2.3.4").is_ok());
/// ```
pub fn pest_check(rule: &crate::Rule, input: &str) -> Result<(), crate::ParseError> {
    rule.pest_check(input)
}

/// For tests/it/fast_path.rs: whether pest's reading of the typed XRI policy
/// accepts `input` (src/xri/pest_path.rs), so that its tree can be
/// compared with the engine's reading.
///
/// ```
/// assert!(xiri::xri_pest_reads("@a*b/(+c)"));
/// assert!(!xiri::xri_pest_reads("@a*b c"));
/// ```
pub fn xri_pest_reads(input: &str) -> bool {
    crate::xri::pest_reads(input)
}

/// For tests/it/first_stage.rs and the `first_stage` fuzz target: the
/// first stage of `grammar`'s reference rule held to the table walk.
/// `Ok(true)` when the stage decides `input`, with every way of
/// classifying (SWAR, SSSE3 and AVX2 where the processor has them, NEON
/// on aarch64, and `Stage::accept`, which may defer more, where it
/// decides) giving
/// the walk's verdict and marks; `Ok(false)` when it leaves `input` to the
/// walk with every way; a description of the difference otherwise.
///
/// ```
/// assert_eq!(xiri::first_stage_check(xiri::Grammar::Iri, "http://a/b?c#d"), Ok(true));
/// // An IP literal and a refusal are the walk's.
/// assert_eq!(xiri::first_stage_check(xiri::Grammar::Iri, "http://[::1]/"), Ok(false));
/// assert_eq!(xiri::first_stage_check(xiri::Grammar::Uri, "http://a/b c"), Ok(false));
/// ```
pub fn first_stage_check(grammar: Grammar, input: &str) -> Result<bool, String> {
    use xiri_engine::stage::Path;
    let Some((stage, walk)) = first_stage(grammar) else {
        return Ok(false);
    };
    // The stage xiri runs, its tables compiled in as constants, each way
    // forced; and the same tables read at run time.
    let answers = [
        Path::Swar,
        Path::Ssse3,
        Path::Avx2,
        Path::Neon,
        Path::Detect,
    ]
    .map(|path| crate::syntax::builtin::staged_with(grammar, input, path))
    .into_iter()
    // The entry that writes the marks in place (`find`'s) gives the same.
    .chain(
        [Path::Swar, Path::Ssse3, Path::Avx2, Path::Neon].map(|path| {
            let mut marks = xiri_engine::marks::Marks::default();
            let way = xiri_engine::stage::Way::of(path);
            crate::syntax::builtin::staged_into(grammar, input, way, &mut marks).then_some(marks)
        }),
    )
    .chain(
        [Path::Swar, Path::Ssse3, Path::Avx2, Path::Neon]
            .map(|path| stage.accept_with(input, path)),
    )
    .collect::<Vec<_>>();
    let first = answers.first().copied().flatten();
    if answers.iter().any(|a| *a != first) {
        return Err(format!(
            "{grammar} {input:?}: the ways of classifying differ (SWAR, SSSE3, AVX2, NEON, detected; SWAR, SSSE3, AVX2, NEON written in place; then SWAR, SSSE3, AVX2, NEON of the tables at run time): {answers:?}"
        ));
    }
    // `accept` may leave more to the walk (by length, or a "[" handed
    // over early), never answer otherwise.
    let public = crate::syntax::builtin::staged(grammar, input);
    if public != stage.accept(input) {
        return Err(format!(
            "{grammar} {input:?}: accept gives {public:?} with constant tables, {:?} without",
            stage.accept(input)
        ));
    }
    if public.is_some() && public != first {
        return Err(format!(
            "{grammar} {input:?}: accept gives {public:?}, accept_with {first:?}"
        ));
    }
    match first {
        None => Ok(false),
        Some(marks) => match walk.check_split(input) {
            Ok(walked) if walked == marks => Ok(true),
            walked => Err(format!(
                "{grammar} {input:?}: the stage accepts with {marks:?}, the walk gives {walked:?}"
            )),
        },
    }
}

/// For tests/it/first_stage.rs: the first stage of `grammar`'s reference
/// rule, as build.rs wrote it, and the automaton it was derived from;
/// `None` for XRI.
///
/// ```
/// let (stage, automaton) = xiri::first_stage(xiri::Grammar::Uri).unwrap();
/// assert!(stage.is_consistent(automaton));
/// assert!(xiri::first_stage(xiri::Grammar::Xri).is_none());
/// ```
pub fn first_stage(
    grammar: Grammar,
) -> Option<(
    &'static xiri_engine::stage::Stage,
    &'static crate::engine::Automaton,
)> {
    Some((
        crate::syntax::builtin::stage(grammar)?,
        crate::syntax::builtin::reference(grammar)?,
    ))
}

/// For the `find` fuzz target: `xiri::find` with its first stage asked
/// before the automaton's walk held to the walk alone, in URI, IRI and
/// LEIRI syntax, with and without `www.` hosts. The number of identifiers
/// found when both find the same spans and marks, a description of the
/// difference otherwise.
///
/// ```
/// assert_eq!(xiri::find_stage_check("see http://a.example/long/path and a:b."), Ok(12));
/// ```
pub fn find_stage_check(text: &str) -> Result<usize, String> {
    crate::find::check::stage_check(text)
}

/// For src/xri/stage/'s tests and the `first_stage` fuzz target: XRI's
/// block stage held to the table walk. `Ok(true)` when the stage takes
/// `input`, giving the components the walk gives, with its masks
/// classified by the vector way the processor has and a byte at a time
/// alike; `Ok(false)` when it leaves `input` to the walk; a description
/// of the difference otherwise.
///
/// ```
/// assert_eq!(xiri::xri_stage_check("xri://@a*b/(+c)!d?e#f"), Ok(true));
/// // A refusal, and an IRI with parentheses in a cross-reference, are
/// // the walk's; an IRI without them is the stage's.
/// assert_eq!(xiri::xri_stage_check("@a b"), Ok(false));
/// assert_eq!(xiri::xri_stage_check("@a/(http://b/(c))"), Ok(false));
/// assert_eq!(xiri::xri_stage_check("@a/(http://b/)"), Ok(true));
/// ```
pub fn xri_stage_check(input: &str) -> Result<bool, String> {
    crate::xri::stage_check(input)
}
