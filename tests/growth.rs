//! Growth: building or extending a value piece by piece costs in
//! proportion to the pieces (issue 41: the builders' `query_pair` copied
//! the whole query at each call, and `append_query_pair` and
//! `append_path_segment` re-checked the whole text; 32k calls took
//! seconds). Each operation runs `n` and `10 n` times; the larger may cost
//! at most 15 times the smaller, counted two ways: the bytes allocated
//! (what a copy of the whole text at each call shows, and deterministic),
//! and on Unix the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, which
//! other work on the machine does not add to), the least of three runs.

#[path = "common/cpu.rs"]
mod cpu;
#[path = "common/grammars.rs"]
mod grammars;

use cpu::cpu_ns;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use xiri::{IriBuf, UriBuf, UriRefBuf, XriBuf, XriRefBuf};

struct Counting;

thread_local! {
    /// Bytes this thread asked of the allocator: each test counts its own.
    static BYTES: Cell<usize> = const { Cell::new(0) };
}

fn count(bytes: usize) {
    // `try_with`: an allocation while the thread's locals are torn down
    // is not counted.
    let _ = BYTES.try_with(|b| b.set(b.get() + bytes));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The bytes `f` allocates on this thread.
fn bytes(f: &dyn Fn()) -> usize {
    let before = BYTES.with(Cell::get);
    f();
    BYTES.with(Cell::get) - before
}

/// The CPU time of `times` runs of `f`, per run.
fn cpu(times: u64, f: &dyn Fn()) -> Option<u64> {
    let before = cpu_ns()?;
    for _ in 0..times {
        f();
    }
    Some(cpu_ns()?.saturating_sub(before) / times)
}

/// `run(n)` and `run(10 n)`: the larger costs at most 15 times the
/// smaller, in bytes allocated and in CPU time. The smaller runs ten
/// times over, so that both measure the same amount of work, and the
/// least ratio of five tries counts (a shared machine slows a try now and
/// then; a quadratic cost is a hundredfold every time).
fn grows_linearly(what: &str, n: usize, run: impl Fn(usize)) {
    let (small, large) = (bytes(&|| run(n)), bytes(&|| run(10 * n)));
    assert!(
        large <= 15 * small,
        "{what}: {n} calls allocate {small} bytes, {} calls {large}",
        10 * n
    );
    let tries = (0..5).map(|_| Some((cpu(10, &|| run(n))?, cpu(1, &|| run(10 * n))?)));
    let ratio = |(small, large): (u64, u64)| large as f64 / small.max(1) as f64;
    let best = tries
        .flatten()
        .min_by(|a, b| ratio(*a).total_cmp(&ratio(*b)));
    if let Some((small, large)) = best {
        eprintln!(
            "{what}: {small} ns, {large} ns, {:.1}x",
            ratio((small, large))
        );
        assert!(
            large <= 15 * small.max(1),
            "{what}: {n} calls take {small} ns, {} calls {large} ns",
            10 * n
        );
    }
}

const CALLS: usize = 3_200;

#[test]
fn the_builders_add_query_pairs_and_segments_in_linear_time() {
    grows_linearly("UriBuf::builder().query_pair", CALLS, |n| {
        let mut b = UriBuf::builder().scheme("http").host("h");
        for i in 0..n {
            b = b.query_pair("k", &i.to_string());
        }
        assert!(b.build().is_ok());
    });
    grows_linearly("IriBuf::builder().path_segment", CALLS, |n| {
        let mut b = IriBuf::builder().scheme("http").host("h");
        for i in 0..n {
            b = b.path_segment(&i.to_string());
        }
        assert!(b.build().is_ok());
    });
    grows_linearly("XriBuf::builder().query_pair", CALLS, |n| {
        let mut b = XriBuf::builder().authority("=a");
        for i in 0..n {
            b = b.query_pair("k", &i.to_string());
        }
        assert!(b.build().is_ok());
    });
}

#[test]
fn the_setters_append_query_pairs_and_segments_in_linear_time() {
    grows_linearly("UriRefBuf::append_query_pair", CALLS, |n| {
        let mut x: UriRefBuf = "http://h/p?a=1#frag".parse().unwrap();
        for i in 0..n {
            x.append_query_pair("k", Some(&i.to_string())).unwrap();
        }
    });
    grows_linearly("IriBuf::append_path_segment", CALLS, |n| {
        let mut x: IriBuf = "http://h/p?q#frag".parse().unwrap();
        for i in 0..n {
            x.append_path_segment(&format!("r\u{e9}sum\u{e9} {i}"))
                .unwrap();
        }
    });
    grows_linearly("XriBuf::append_query_pair", CALLS, |n| {
        let mut x: XriBuf = "xri://@a*b/c?x=1#f".parse().unwrap();
        for i in 0..n {
            x.append_query_pair("k", Some(&i.to_string())).unwrap();
        }
    });
    grows_linearly("XriRefBuf::append_path_segment", CALLS, |n| {
        let mut x: XriRefBuf = "@a/b".parse().unwrap();
        for i in 0..n {
            x.append_path_segment(&format!("s*{i}")).unwrap();
        }
    });
    grows_linearly(
        "UriBuf::append_path_segment, empty path first",
        CALLS,
        |n| {
            let mut x: UriBuf = "http://h".parse().unwrap();
            for i in 0..n {
                x.append_path_segment(&i.to_string()).unwrap();
            }
        },
    );
}

/// Dot segments removed segment by segment (`resolve::dots`): each ".."
/// cuts the output's last segment, reading back only what it cuts, from
/// the reference's own segments and then the base's directory; "." and
/// ".." mixed among plain segments.
#[test]
fn resolving_many_dot_segments_takes_linear_time() {
    grows_linearly("UriRef resolve, dot segments", CALLS, |n| {
        let base = format!("http://h/{}x", "b/".repeat(n));
        let base = xiri::Uri::parse(&base).unwrap();
        let text = format!(
            "{}{}g/./h/../{}",
            "a/".repeat(n),
            "../".repeat(2 * n),
            "./".repeat(n)
        );
        let reference = xiri::UriRef::parse(&text).unwrap();
        assert_eq!(base.resolve(&reference).as_str(), "http://h/g/");
    });
}

/// A refused input's `Display` masks what may be a password, character by
/// character: one range a cross-reference `(http:a:b@)`, and each
/// character was looked up in all of them (20,000 took 4 s, 100 times
/// 2,000). The masking pass is now one walk over the merged ranges.
#[test]
fn a_refused_input_of_many_cross_references_is_shown_in_linear_time() {
    grows_linearly("ParseError's Display", 2_000, |n| {
        let input = format!("http://h/ {}", "(http:a:b@)".repeat(n));
        let shown = xiri::IriRef::parse(&input).unwrap_err().to_string();
        assert!(shown.contains("(http:a:*@)") && !shown.contains("a:b@"));
    });
}

#[cfg(feature = "workbench")]
#[path = "growth/workbench.rs"]
mod workbench;
