#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each one.
#   Fuzz/run.sh [SECONDS]   run every target for SECONDS each (default 10), from its corpus
# A crash or a property failure stops the run with the input saved under .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
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
    "${kit[@]}" "$@" -o "$out/$name" 2>&1 | grep -v "prohibited flag" || true
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

build rules Fuzz/Targets/RulesFuzz.swift
run rules
