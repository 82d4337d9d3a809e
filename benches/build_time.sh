#!/usr/bin/env bash
# How long a library user waits for xiri: a fresh crate in a temporary
# folder, depending on this checkout by path with default-features = false,
# built from clean with `cargo build` and with `cargo build --release`.
# Prints, for each profile: the whole build's wall time, xiri's build
# script (compiling it, and running it: issue 21's target is 10 s at most),
# xiri's library itself, the slowest other units, and the size of the
# generated sources (`$OUT_DIR/engine_tables.rs`, the binary tables beside
# it, and `grammars.rs`; the target for the tables is 1 MB at most). Issue 21's target for each whole
# build is 60 s at most on a 2-core machine.
#
#   benches/build_time.sh                # the library alone
#   benches/build_time.sh idna,charsets  # with these features of xiri
#
# The times come from `cargo build --timings` (the units' durations, which
# overlap on several cores). The dependent uses xiri's Cargo.lock, so the
# same versions are built; set KEEP=1 to keep the folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
features=""
if [ -n "${1:-}" ]; then
  features=$(printf '"%s", ' ${1//,/ })
fi
dir=$(mktemp -d -t xiri-dependent.XXXXXX)
if [ -z "${KEEP:-}" ]; then
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir/src"
cat >"$dir/Cargo.toml" <<EOF
[package]
name = "xiri-dependent"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
xiri = { path = "$root", default-features = false, features = [${features%, }] }

[workspace]
EOF
cat >"$dir/src/main.rs" <<'EOF'
fn main() {
    let iri = xiri::IriRef::parse("http://r\u{e9}sum\u{e9}.example.org/a/../b").unwrap();
    println!("{}", iri.to_uri());
}
EOF
cp "$root/Cargo.lock" "$dir/Cargo.lock"
cd "$dir"
echo "xiri at $root ($(git -C "$root" rev-parse --short HEAD)), features: [${features%, }]"
echo "the dependent: $dir"
for profile in dev release; do
  flag=""
  [ "$profile" = release ] && flag="--release"
  rm -rf target
  start=$(date +%s.%N)
  cargo build $flag --quiet --timings --offline 2>/dev/null ||
    cargo build $flag --quiet --timings
  end=$(date +%s.%N)
  out=$(ls -d target/*/build/xiri-*/out | head -1)
  python3 - "$profile" "$start" "$end" "$out" target/cargo-timings/cargo-timing.html <<'EOF'
import json, os, re, sys
profile, start, end, out, html = sys.argv[1:]
text = open(html).read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);", text, re.S).group(1))
def total(pred):
    return sum(u["duration"] for u in units if pred(u))
xiri = lambda u: u["name"] == "xiri"
print(f"== cargo build ({profile}): {float(end) - float(start):.1f} s wall")
script = lambda u: u["target"].strip() == "build-script"
print(f"   xiri's build script: compiled in {total(lambda u: xiri(u) and script(u)):.1f} s, "
      f"ran in {total(lambda u: xiri(u) and u['mode'] == 'run-custom-build'):.1f} s")
print(f"   xiri's library: {total(lambda u: xiri(u) and u['mode'] == 'todo' and not script(u)):.1f} s")
others = sorted((u for u in units if not xiri(u) and u["name"] != "xiri-dependent"),
                key=lambda u: -u["duration"])
print("   slowest others: " + ", ".join(f"{u['name']}{u['target'].strip()} {u['duration']:.1f} s" for u in others[:6]))
print(f"   {len(units)} units, {total(lambda u: True):.1f} s of unit time")
for name in ("engine_tables.rs", "grammars.rs"):
    size = os.path.getsize(os.path.join(out, name))
    print(f"   $OUT_DIR/{name}: {size / 1e6:.2f} MB")
tables = [f for f in os.listdir(out) if f.endswith(".bin")]
binary = sum(os.path.getsize(os.path.join(out, f)) for f in tables)
rust = os.path.getsize(os.path.join(out, "engine_tables.rs"))
print(f"   the engine's binary tables: {len(tables)} files, {binary / 1e6:.2f} MB; "
      f"with engine_tables.rs, {(binary + rust) / 1e6:.2f} MB of generated tables")
EOF
done
