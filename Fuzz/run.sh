#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them.
#   Fuzz/run.sh [SECONDS [TARGET…]]   run each target for SECONDS (default 10), from its corpus
#   Fuzz/run.sh --list                 print the target names
# A crash or a property failure stops the run with the input saved under .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(rules)
if [ "${1:-}" = "--list" ]; then printf '%s\n' "${targets[@]}"; exit 0; fi
seconds=${1:-10}
[ $# -gt 1 ] && targets=("${@:2}")
# Let libFuzzer, not the Swift runtime backtracer, report crashes.
export SWIFT_BACKTRACE=enable=no
out=.build/fuzz
mkdir -p "$out"

mapfile -t kit < <(find Sources/RosterKit -name '*.swift' | sort)
flags=(-swift-version 6 -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature MemberImportVisibility)

build() { # name, extra sources…
  local name=$1; shift
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$name" "${flags[@]}" \
    "${kit[@]}" "$@" -o "$out/$name" 2>&1 | grep -vE "prohibited flag|Cannot export local symbol" || true
  [ -x "$out/$name" ] || { echo "fuzz: could not build $name" >&2; exit 1; }
}

run() { # name
  local name=$1 corpus="Fuzz/Corpus/$1" work="$out/corpus-$1"
  mkdir -p "$work"
  echo "fuzz: $name for ${seconds}s"
  "$out/$name" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/$name-" -print_final_stats=1 "$work" "$corpus" 2>"$out/$name.log" \
    || { tail -40 "$out/$name.log" >&2; echo "fuzz: $name FAILED" >&2; exit 1; }
  grep -E "stat::number_of_executed_units" "$out/$name.log" | sed "s/^/fuzz: $name /"
}

for target in "${targets[@]}"; do
  case "$target" in
    rules) build rules Fuzz/Targets/RulesFuzz.swift ;;
    *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
  esac
  run "$target"
done
