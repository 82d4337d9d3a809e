//! The batch conventions for answers of several lines (`tree`, `convert
//! --steps`), as [`super::batch`] has them for one-line answers: the
//! inputs from the arguments, or one a line from standard input when
//! there are none (with `--json-input`, one JSON string a line); one
//! answer each, in order, a blank line between two; an input that cannot
//! be read is answered in its place (`input N: why`) and the others
//! still are.

use super::batch::{Args, Input};
use std::process::ExitCode;

/// Answers every input with `answer`, which writes its block and says how
/// it went: exit status 3 when some input was left undecided, 1 when
/// some was refused or could not be read, 0 otherwise. An `Err` from
/// `answer` (a usage or I/O error) ends the run.
pub fn run(
    json_input: bool,
    args: Args,
    mut answer: impl FnMut(&str) -> Result<ExitCode, String>,
) -> Result<ExitCode, String> {
    let (mut refused, mut undecided) = (false, false);
    for (n, input) in super::batch::inputs(json_input, args).enumerate() {
        if n > 0 {
            super::emit("\n")?;
        }
        let code = match input? {
            Input::Text(text) => answer(&text)?,
            Input::Unreadable { message, .. } => {
                super::emit(&format!("input {}: {message}\n", n + 1))?;
                ExitCode::from(1)
            }
        };
        undecided |= code == ExitCode::from(3);
        refused |= code != ExitCode::SUCCESS;
    }
    Ok(if undecided {
        ExitCode::from(3)
    } else if refused {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
