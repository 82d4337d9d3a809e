//! `xiri --help`: one line a command, its summary, and under it an example
//! that runs as shown (crates/cli/tests/it/cli_conventions.rs runs each one
//! from the repository's root and wants exit status 0). The long
//! descriptions stay with each command, `xiri help COMMAND`.

/// Each command and an example of it, in the order `xiri --help` lists
/// them (the order of [`super::commands::Command`]). A test below holds the
/// two lists to each other.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "check",
        "xiri check -g uri 'http://example.com/a?b#c' '../d'",
    ),
    ("parse", "xiri parse -g iri 'http://résumé.example/p?q=1#f'"),
    (
        "tree",
        "xiri tree -g uri -R authority 'anne@example.com:8080'",
    ),
    (
        "resolve",
        "xiri resolve -r -b 'http://a/b/c/d;p?q' '../g' '#s'",
    ),
    (
        "relative",
        "xiri relative -r -b 'http://a/b/c' 'http://a/b/d?q'",
    ),
    (
        "normalize",
        "xiri normalize -r 'HTTP://Example.COM/%7ea/./b'",
    ),
    ("equiv", "xiri equiv 'http://a/%7e' 'HTTP://A/~'"),
    (
        "convert",
        "xiri convert -r --from iri --to uri 'http://résumé.example/é'",
    ),
    (
        "edit",
        "xiri edit -r --set port=8080 --append query=page=2 'http://example.com/s?q=a'",
    ),
    ("encode", "xiri encode -c query-value 'a&b=c d'"),
    (
        "template",
        "xiri template expand -r '/u/{id}{?q}' --vars '{\"id\":\"42\",\"q\":\"a b\"}'",
    ),
    ("decode", "xiri decode 'caf%C3%A9'"),
    (
        "preprocess",
        "xiri preprocess --spaces split ' http://a/b http://c/d '",
    ),
    (
        "draft-components",
        "xiri draft-components 'http://a/b c?d e'",
    ),
    ("lint", "xiri lint 'http://a/b c'"),
    (
        "find",
        "printf 'See http://example.com/a.\\n' | xiri find -r",
    ),
    ("conformance", "xiri conformance --format json"),
    ("grammar", "xiri grammar uri authority"),
    ("extract", "xiri extract grammar/rfc3986.abnf"),
    ("rules", "xiri rules -g uri"),
    ("generate", "xiri generate -g uri -R authority -n 3"),
    (
        "compare",
        "xiri compare -g uri --against grammar/rfc3986.abnf -R URI-reference -n 20",
    ),
];

/// The root's help: the commands, each with its summary and its example,
/// in place of clap's list of summaries alone.
pub fn with_examples(command: clap::Command) -> clap::Command {
    let width = EXAMPLES
        .iter()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0);
    let mut list = String::new();
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        list.push_str(&format!("  {name:width$}  {about}\n"));
        if let Some((_, example)) = EXAMPLES.iter().find(|(n, _)| *n == name) {
            list.push_str(&format!("  {:width$}  $ {example}\n", ""));
        }
    }
    let help = "help";
    list.push_str(&format!(
        "  {help:width$}  The whole description of a command: xiri help COMMAND\n"
    ));
    let template = format!(
        "{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\nCommands:\n{list}\nOptions:\n{{options}}{{after-help}}"
    );
    command.help_template(template)
}

#[cfg(test)]
mod tests {
    use super::EXAMPLES;
    use crate::cli::commands::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_command_has_one_example_of_itself() {
        let command = Cli::command();
        let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
        let examples: Vec<&str> = EXAMPLES.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, examples);
        for (name, example) in EXAMPLES {
            assert!(
                example.contains(&format!("xiri {name} ")),
                "{name}: {example}"
            );
        }
    }

    #[test]
    fn every_summary_is_one_short_line() {
        for sub in Cli::command().get_subcommands() {
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            assert!(
                !about.is_empty() && !about.contains('\n') && about.len() <= 72,
                "{}: {about:?} ({} bytes)",
                sub.get_name(),
                about.len()
            );
        }
    }
}
