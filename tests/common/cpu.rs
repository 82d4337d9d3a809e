//! The calling thread's CPU time, which other work on the machine does not
//! add to (the tests share one process and a busy machine: a wall-clock
//! budget fails under load, docs/TESTING.md). tests/growth.rs includes this
//! file alone (`#[path]`), beside its own allocator.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// This thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`), on
/// Unix.
#[cfg(unix)]
pub fn cpu_ns() -> Option<u64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    let seconds = u64::try_from(t.tv_sec).ok()?;
    let nanos = u64::try_from(t.tv_nsec).ok()?;
    (status == 0).then(|| seconds * 1_000_000_000 + nanos)
}

#[cfg(not(unix))]
pub fn cpu_ns() -> Option<u64> {
    None
}

/// Time on this thread since [`Stopwatch::start`]: its CPU time on Unix,
/// else the wall-clock time.
pub struct Stopwatch {
    cpu: Option<u64>,
    wall: Instant,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch {
            cpu: cpu_ns(),
            wall: Instant::now(),
        }
    }

    pub fn elapsed(&self) -> Duration {
        match (self.cpu, cpu_ns()) {
            (Some(before), Some(now)) => Duration::from_nanos(now.saturating_sub(before)),
            _ => self.wall.elapsed(),
        }
    }
}

/// The least time of `runs` runs of `f` on this thread, in seconds: the
/// growth tests compare the best of a few, which other work on the machine
/// can only make slower.
pub fn least_seconds(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let started = Stopwatch::start();
            f();
            started.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}
