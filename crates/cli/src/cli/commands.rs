//! The commands, their arguments and the help texts clap prints (src/main.rs
//! dispatches them; the arguments several commands share are in
//! `super::args`).

use super::args::{Against, Normalizing, SpacesArg};
use super::source::Target;
use clap::{Parser, Subcommand};
use xiri::Grammar;

#[derive(Parser)]
#[command(
    name = "xiri",
    version,
    about = "URIs, IRIs, LEIRIs and XRIs, checked against their specifications' ABNF",
    after_help = "Conventions: the inputs are the arguments, or the lines of standard input when there are none (with --json-input, one JSON string a line); one answer an input, in order, an input that cannot be read answered in its place. A letter means one thing in every command: -g grammar, -R rule, -r raw (one answer a line as text, as jq -r; a line never holds a control character), -b base, -c component, -n count. Exit status: 0 every input answered, 1 one refused, 2 a usage or I/O error, 3 one left undecided. Time, memory and output are linear in the input (README, \"Hostile input\")."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Whether each input matches a rule of a grammar, as JSON.
    ///
    /// One JSON object per input, in order; without INPUT, reads standard
    /// input, one input per line. Exit status:
    /// 0 if all match, 1 if any does not, 2 for a usage or I/O error, 3 if
    /// any was left undecided ("valid": null: a bound on the work was
    /// reached, named in the error with the byte where work stopped).
    Check {
        #[command(flatten)]
        target: Target,
        /// Also refuse what RFC 3987 section 4 forbids in bidi IRIs: bidi
        /// formatting characters (4.1) and components whose direction
        /// breaks 4.2.
        #[arg(long)]
        strict: bool,
        /// Also refuse an input a browser reads elsewhere: where RFC 3987's
        /// reading and the WHATWG URL Standard's name another scheme, host,
        /// user, password or port, or one of them refuses it (the finding,
        /// as `lint`'s `browser` gives it, is the error).
        #[arg(long)]
        browser_safe: bool,
        /// Also say whether each accepted input has more than one
        /// derivation, with two of its trees (the Earley parser; with -g,
        /// on the grammar's ABNF).
        #[arg(long)]
        ambiguity: bool,
        /// On refusal, also the rules under way at the offset (the Earley
        /// parser; with -g, on the grammar's ABNF).
        #[arg(long)]
        trace: bool,
        /// With -g xri: where xiri's cross-reference policy refuses an
        /// input that XRI 2.0 Appendix A as printed accepts, say so after
        /// the error's message (Appendix A is compiled at the first
        /// refusal, and each refusal is checked against it).
        #[arg(long)]
        explain: bool,
        /// The Earley parser's bound on work, in items (default
        /// 20000000): past it an input is undecided (exit status 3).
        #[arg(long, value_name = "N")]
        max_items: Option<usize>,
        /// IPv6 zone identifiers in IP literals (RFC 6874:
        /// `[fe80::1%25eth0]`), for --rule reference or absolute of -g uri,
        /// iri, iri-bis or leiri; the answer's language gets "+rfc6874".
        #[arg(long)]
        zone_id: bool,
        /// The inputs; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// The components of each reference, listed or as JSON.
    ///
    /// The typed components of each reference, for a person (or JSON with
    /// --json, or one line from a template with --get). Exit status 1 if
    /// any is refused.
    ///
    /// The listing quotes strings with Rust's escapes (\n, \u{0}, ...).
    /// Cross-references nested more than 4 deep are given as their text,
    /// with "omitted" saying so (parse that text alone for more): each
    /// level repeats the text of those inside it.
    Parse {
        #[command(flatten)]
        target: Target,
        /// Print JSON instead.
        #[arg(long, conflicts_with = "get")]
        json: bool,
        /// One line an input from TEMPLATE: {scheme}, {userinfo}, {user},
        /// {password}, {host}, {port}, {path}, {query}, {fragment},
        /// {query:NAME} (the first value of a query key, decoded),
        /// {idn:host} and {puny:host} (IDNA ToUnicode and ToASCII, for a
        /// scheme whose hosts are DNS names; any other host as written); a
        /// missing component prints empty; {{ and }} print braces. A value
        /// holding a control character (a decoded %0A or %00, say) or
        /// octets that are not UTF-8 (%FF) refuses the input, its message
        /// naming the byte.
        #[arg(long, value_name = "TEMPLATE")]
        get: Option<String>,
        /// IPv6 zone identifiers in IP literals (RFC 6874:
        /// `[fe80::1%25eth0]`); the host's zone is shown decoded.
        #[arg(long, conflicts_with = "get")]
        zone_id: bool,
        /// The references; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// The parse tree of each input, one production a line.
    ///
    /// Each production indented, with its byte span and matched text.
    ///
    /// Inside an XRI cross-reference, the value is shown as it parses on its
    /// own, as an IRI or an XRI-reference. A text longer than 40 bytes is
    /// cut there, "…" after it; lines deeper than 32 levels are indented as
    /// the 32nd, their depth first ("40> ").
    Tree {
        #[command(flatten)]
        target: Target,
        /// Every derivation, up to --limit, saying how many there are (the
        /// Earley parser; with -g, on the grammar's ABNF).
        #[arg(long)]
        all: bool,
        /// How many derivations --all prints.
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// The Earley parser's bound on work, in items and forest nodes
        /// (default 20000000): past it the answer is undecided (exit
        /// status 3), never "no match".
        #[arg(long, value_name = "N")]
        max_items: Option<usize>,
        /// The inputs; standard input when none. Their trees come in
        /// order, a blank line between two.
        inputs: Vec<std::ffi::OsString>,
    },
    /// Each reference resolved against a base.
    ///
    /// Resolves each reference against a base (RFC 3986 5.2; RFC 3987 6.5 for
    /// IRIs; nothing percent-encoded for LEIRIs). One JSON object per
    /// reference, in order, with the same conventions as check.
    Resolve(Against),
    /// The shortest reference from a base to each target.
    ///
    /// The reference from a base to each target: the shortest that resolves
    /// back to the target. Same conventions as resolve.
    Relative(Against),
    /// The normal form of each reference.
    ///
    /// Absolute or relative (RFC 3986
    /// 6.2.2, RFC 3987 5.3.2; a relative path keeps its ".." segments).
    /// Same conventions as check, with `output`.
    Normalize {
        #[command(flatten)]
        how: Normalizing,
        /// Each input is a JSON string.
        #[arg(long)]
        json_input: bool,
        /// One result a line as text, like jq -r; refusals on standard error
        /// (a result holding a control character is one).
        #[arg(long, short)]
        raw: bool,
        /// The references; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// Whether two references are equivalent (equal once normalized).
    ///
    /// Whether two references, absolute or relative, are equivalent (equal once
    /// normalized). A pair is two arguments, or on standard input a line of
    /// two references separated by a TAB (a JSON array of two strings with
    /// --json-input).
    Equiv {
        #[command(flatten)]
        how: Normalizing,
        /// Each pair is a JSON array of two strings (given as two
        /// arguments, each is a JSON string).
        #[arg(long)]
        json_input: bool,
        /// Two references; pairs from standard input when none.
        pair: Vec<std::ffi::OsString>,
    },
    /// Each input converted: LEIRI, IRI, URI, XRI, and back.
    ///
    /// Converts each input from one form to another: LEIRI to IRI or URI,
    /// IRI to URI, URI to IRI, XRI to its IRI-normal or URI-normal form, an
    /// XRI's IRI-normal (or URI-normal) form back to XRI, and an HTTP IRI
    /// to an XRI (XRI 2.0 Appendix B, with warnings). Same conventions as
    /// check, with `output` and `warnings`.
    Convert {
        /// leiri, iri, uri or xri.
        #[arg(long)]
        from: Grammar,
        /// iri, uri or xri.
        #[arg(long)]
        to: Grammar,
        /// NFKC before converting an XRI (XRI 2.0 2.3.1 step 1).
        #[arg(long)]
        nfkc: bool,
        /// Registered names with characters outside ASCII through IDNA
        /// ToASCII, not percent-encoding (RFC 3987 3.1); from a URI to an
        /// IRI, Punycode (xn--) labels through ToUnicode. Only for schemes
        /// whose hosts are DNS names (http, https, ftp, ...); a label that
        /// fails is an error.
        #[arg(long)]
        idna: bool,
        /// The document charset (a WHATWG label such as shift_jis or
        /// windows-1252): http and https queries are encoded in it before
        /// percent-encoding (3987bis 3.6; the IRI processing draft's 6.1).
        #[arg(long, value_name = "NAME")]
        query_charset: Option<String>,
        /// Show each step of the spec's procedure with the text after it,
        /// for a person, instead of JSON.
        #[arg(long)]
        steps: bool,
        /// One result a line as text, like jq -r; refusals on standard error
        /// (a result holding a control character is one).
        #[arg(long, short)]
        raw: bool,
        /// Each input is a JSON string.
        #[arg(long)]
        json_input: bool,
        /// The inputs; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// Each reference with components set, appended, trimmed or redacted.
    ///
    /// Applies changes, in the order given, to each reference: --set,
    /// --append, --trim, --sort-query, --redact (as trurl does). Each
    /// change is checked in the syntax; one it refuses refuses the input.
    /// Same conventions as check, with `output`.
    Edit(crate::cli::edit::EditArgs),
    /// Each text percent-encoded for one component.
    ///
    /// For one component of a syntax; one line each, for shell scripts.
    Encode(crate::cli::encode::EncodeArgs),
    /// URI Templates (RFC 6570, levels 1 to 4): expand or check.
    Template(crate::cli::uri_template::TemplateArgs),
    /// Each text percent-decoded.
    ///
    /// Percent-decodes each text, one line each; octets that are not
    /// UTF-8 refuse it (exit status 1) unless --lossy.
    Decode(crate::cli::encode::DecodeArgs),
    /// Arbitrary strings made ready to parse (IRI processing draft).
    ///
    /// Pre-processes arbitrary strings (IRI processing draft section 4):
    /// ASCII whitespace trimmed, then spaces split on, encoded or removed.
    Preprocess {
        /// split (several references allowed), encode (as %20) or remove.
        #[arg(long, value_enum, default_value = "encode")]
        spaces: SpacesArg,
        /// Each input is a JSON string.
        #[arg(long)]
        json_input: bool,
        /// The inputs; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// Any string split into components (IRI processing draft).
    ///
    /// Splits each input into components as the IRI processing draft's
    /// section 5 does: any string, with path, query and fragment
    /// percent-encoded where the draft says so. Same conventions as check,
    /// with `components`.
    DraftComponents {
        /// Pre-process each input first (section 4: ASCII whitespace
        /// trimmed, spaces written %20).
        #[arg(long)]
        preprocess: bool,
        /// Each input is a JSON string.
        #[arg(long)]
        json_input: bool,
        /// The inputs; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// The characters of each input a LEIRI allows and an IRI does not.
    ///
    /// Lists the characters of each input that a LEIRI allows and an IRI does
    /// not (LEIRI Note section 5): offset, group, and which conversions
    /// percent-encode them.
    ///
    /// A run of one character with the same finding is one finding with
    /// its "count" (and in security the run's "span"); each list holds at
    /// most 64, and "omitted" counts the rest of each.
    Lint {
        /// Each input is a JSON string.
        #[arg(long)]
        json_input: bool,
        /// The inputs; standard input when none.
        inputs: Vec<std::ffi::OsString>,
    },
    /// The URIs, IRIs or LEIRIs in running text.
    ///
    /// The URIs, IRIs or LEIRIs in running text, one JSON line each:
    /// offset and length in bytes, text, reference (wrapped ones joined),
    /// security (as lint). RFC 3986 Appendix C's delimiters, trailing
    /// punctuation left out; a non-ASCII character does not end an IRI
    /// (3987bis). Each is printed once what follows cannot change it: a
    /// `<` holds the text up to its `>` (4096 bytes at most), a run with
    /// no whitespace is cut at 65536. Exit status 1 when none is found.
    Find(crate::cli::find::FindArgs),
    /// Every example of the specifications, with xiri's verdict.
    ///
    /// Every example the specifications print, what each says of it, what
    /// xiri gives and the verdict, section by section; then the peers'
    /// vectors. docs/CONFORMANCE.md is its Markdown.
    Conformance {
        /// md (Markdown), json or html.
        #[arg(long, value_enum, default_value = "md")]
        format: crate::cli::conformance::Format,
    },
    /// A grammar's rules: ABNF beside pest, canonical, or diagrams.
    ///
    /// A rule's pest text next to the ABNF production it transcribes (all
    /// rules without RULE); with --abnf, your grammar's productions as
    /// written; with --diagram, railroad diagrams instead.
    Grammar {
        /// G [RULE]: G is uri, iri, iri-bis, leiri or xri (or, with
        /// --diagram, xri-appendix-a); RULE a production by its ABNF name,
        /// or reference, absolute, relative. With --abnf, only [RULE].
        #[arg(value_name = "G RULE")]
        args: Vec<String>,
        /// The built-in grammar, as `-g` names it for the other commands
        /// (then the positional arguments are only [RULE]).
        #[arg(long, short, conflicts_with = "abnf")]
        grammar: Option<String>,
        /// Your own ABNF file (repeatable; a later file's rule replaces an
        /// earlier one of the same name).
        #[arg(long, value_name = "FILE")]
        abnf: Vec<std::path::PathBuf>,
        /// One self-contained HTML page of railroad diagrams (SVG), one a
        /// rule, each rule it names linked to its diagram; RULE and every
        /// rule it reaches, or every rule.
        #[arg(long)]
        diagram: bool,
        /// Every rule in canonical form, by name, folded to 72 columns,
        /// as a collected-ABNF appendix prints it (RFC 9110's lists
        /// expanded); it loads back to the same grammar.
        #[arg(long, conflicts_with_all = ["diagram", "expand_lists"])]
        canonical: bool,
        /// Every rule in canonical form in the grammar's order, RFC 9110's
        /// lists expanded.
        #[arg(long, conflicts_with = "diagram")]
        expand_lists: bool,
        #[command(flatten)]
        reading: crate::cli::source::Reading,
    },
    /// The ABNF figures of RFCs, drafts or ABNF files.
    ///
    /// The ABNF figures of RFCs and drafts as text, xml2rfc XML or
    /// kramdown-rfc Markdown (the format told from the content), or of
    /// ABNF files: in order, each after a comment naming its file and
    /// line; each figure left out is named on standard error, with why.
    /// Exit status 1 when there is none.
    Extract {
        /// The files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<std::path::PathBuf>,
        /// Which figures: auto (marked ABNF, or unmarked with lines that
        /// are rules), all, or abnf (only those marked ABNF).
        #[arg(long, value_enum, default_value = "auto")]
        figures: crate::cli::source::FiguresArg,
        /// Every figure, one a line, with its verdict (taken, or skipped
        /// and why), instead of the figures' text.
        #[arg(long)]
        list: bool,
    },
    /// Every production of a grammar, and what is wrong with it.
    ///
    /// Every production of a grammar, one a line: where it is defined and
    /// whether the engine compiles it (regular, or recursive only through a
    /// bracket pair) or it is recursive; then what is wrong: undefined
    /// rules, rules defined twice with `=`, `=/` without a base (errors),
    /// rules unused from the entry rule (warnings). Exit status 1 when
    /// there is an error.
    Rules {
        #[command(flatten)]
        source: crate::cli::source::Source,
        /// An entry rule unused rules are counted from (repeatable); by
        /// default the grammar's roots: its first rule and the rules
        /// nothing refers to.
        #[arg(long, short = 'R')]
        rule: Vec<String>,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Strings of a rule: members, near-misses, or a covering set.
    ///
    /// Strings of a rule: members (each checked before it is printed),
    /// near-misses (one character inserted, deleted or replaced, refused;
    /// printed after the byte offset where they are refused and a TAB), or
    /// a covering set (every alternative of every rule the rule reaches
    /// taken at least once). The same seed gives the same strings.
    Generate(crate::cli::generate::GenerateArgs),
    /// The strings two grammars disagree on.
    ///
    /// The strings two grammars disagree on: members, near-misses and a
    /// covering set generated from each side, checked on the other; each
    /// difference with the deepest rule whose text the two sides disagree
    /// on. "identical within N samples" when there is none. Exit status 1
    /// when there is a difference.
    Compare(crate::cli::compare::CompareArgs),
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;
    use std::collections::BTreeMap;

    /// Every short letter of every command, with the long names it stands
    /// for there and the commands that have it.
    fn letters() -> BTreeMap<char, BTreeMap<String, Vec<String>>> {
        fn walk(
            command: &clap::Command,
            path: &str,
            out: &mut BTreeMap<char, BTreeMap<String, Vec<String>>>,
        ) {
            for arg in command.get_arguments() {
                let long = arg.get_long().unwrap_or(arg.get_id().as_str()).to_string();
                for short in arg.get_short_and_visible_aliases().into_iter().flatten() {
                    let commands = out.entry(short).or_default().entry(long.clone());
                    commands.or_default().push(path.to_string());
                }
            }
            for sub in command.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), out);
            }
        }
        let mut command = Cli::command();
        command.build();
        let mut out = BTreeMap::new();
        walk(&command, "xiri", &mut out);
        out
    }

    #[test]
    fn a_short_letter_means_one_thing_in_every_command() {
        let letters = letters();
        let twice: Vec<_> = letters
            .iter()
            .filter(|(_, longs)| longs.len() > 1)
            .collect();
        assert!(twice.is_empty(), "letters with two meanings: {twice:#?}");
    }

    #[test]
    fn r_is_raw_as_in_jq_and_the_rule_is_capital_r() {
        let letters = letters();
        let names = |c: char| letters[&c].keys().cloned().collect::<Vec<_>>();
        assert_eq!(names('r'), ["raw"]);
        assert_eq!(names('R'), ["rule"]);
        assert_eq!(names('g'), ["grammar"]);
        // Every command that has a --rule or a --raw has it under its letter.
        let mut command = Cli::command();
        command.build();
        let mut missing = Vec::new();
        let mut stack = vec![command];
        while let Some(c) = stack.pop() {
            for arg in c.get_arguments() {
                let want = match arg.get_long() {
                    Some("raw") => Some('r'),
                    Some("rule") => Some('R'),
                    Some("grammar") => Some('g'),
                    _ => None,
                };
                if want.is_some() && arg.get_short() != want {
                    missing.push(format!("{} --{:?}", c.get_name(), arg.get_long()));
                }
            }
            stack.extend(c.get_subcommands().cloned());
        }
        assert!(missing.is_empty(), "{missing:?}");
    }
}
