//! Panics caught on purpose, kept quiet. The tests share one binary and
//! run on many threads at once, so the process has one panic hook for
//! them all, installed once: it records where a panic happened on a
//! thread inside [`catch_quietly`] and reports every other panic as
//! before. (A hook that one test sets and puts back would silence another
//! test's failure, or be put back over a hook installed meanwhile.)

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};

thread_local! {
    /// Where the last panic on this thread was, inside `catch_quietly`;
    /// `None` when panics are reported as usual.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// A panic [`catch_quietly`] caught.
pub struct Panic {
    /// Where it happened: `file:line`.
    pub location: String,
    /// Its message, when it was a string.
    pub message: String,
}

/// Runs `f`, catching its panic without printing it.
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, Panic> {
    install();
    PANIC.with(|p| *p.borrow_mut() = Some(String::new()));
    let outcome = panic::catch_unwind(AssertUnwindSafe(f));
    let location = PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
    outcome.map_err(|payload| Panic {
        location,
        message: payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default(),
    })
}

/// Panics on a thread inside `catch_quietly` are recorded, not printed.
fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let location = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let recorded = PANIC.with(|p| match p.borrow_mut().as_mut() {
                Some(slot) => {
                    *slot = location;
                    true
                }
                None => false,
            });
            if !recorded {
                previous(info);
            }
        }));
    });
}
