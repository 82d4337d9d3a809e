//! Time per byte of every operation family on the hostile shapes of issue
//! 11 (`tests/common/shapes.rs`), at 1 KB, 10 KB, 100 KB and 1 MB: linear
//! code gives about the same ns/byte at every size, quadratic code ten
//! times more at each step.
//!
//! Run: `cargo bench --bench scaling`, then `python3 benches/scaling_table.py`
//! for the Markdown table of docs/TESTING.md. `XIRI_SCALING_MAX=100000`
//! stops at 100 KB (for code still quadratic, where 1 MB takes minutes).

use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use std::time::Duration;

#[path = "../tests/common/mod.rs"]
mod common;

use common::shapes::SHAPES;

const SIZES: [usize; 4] = [1_000, 10_000, 100_000, 1_000_000];

fn largest() -> usize {
    std::env::var("XIRI_SCALING_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

fn scaling(c: &mut Criterion) {
    for shape in SHAPES {
        let mut group = c.benchmark_group(format!("scaling {}: {}", shape.operation, shape.shape));
        // Ten samples in a second, flat: a 1 MB case stays affordable.
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for size in SIZES.into_iter().filter(|&s| s <= largest()) {
            let inputs = (shape.make)(size);
            let bytes: usize = inputs.iter().map(String::len).sum();
            group.throughput(Throughput::Bytes(bytes as u64));
            group.bench_with_input(BenchmarkId::from_parameter(size), &inputs, |b, inputs| {
                b.iter(|| black_box((shape.run)(black_box(inputs))))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, scaling);
criterion_main!(benches);
