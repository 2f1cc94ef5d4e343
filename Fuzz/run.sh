#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them.
#   Fuzz/run.sh [SECONDS [TARGET…]]   run each target for SECONDS (default 10), from its corpus
#   Fuzz/run.sh --list                 print the target names
# A crash or a property failure stops the run with the input saved under .build/fuzz/.
# Targets: rules (RosterKit's rules); csv and json (`roster import`), lines (`roster check
# --json-lines`): one binary over the roster sources, linked under each name. A binary is
# rebuilt only when a source is newer. The CLI targets redirect roster's standard error to
# a file while it runs, so a crash inside roster reports there: run.sh prints it on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(rules csv json lines)
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

# Is $1 missing or older than any of the files after it?
stale() {
  local target=$1; shift
  [ -x "$target" ] || return 0
  [ -n "$(find "$@" -newer "$target" -print -quit)" ]
}

quiet() { grep -vE "prohibited flag|Cannot export local symbol" || true; }

build() { # name, extra sources…
  local name=$1; shift
  stale "$out/$name" "${kit[@]}" "$@" || return 0
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$name" "${flags[@]}" \
    "${kit[@]}" "$@" -o "$out/$name" 2>&1 | quiet
  [ -x "$out/$name" ] || { echo "fuzz: could not build $name" >&2; exit 1; }
}

# RosterKit, RosterBackend and RosterStore as instrumented static libraries, then the roster sources (not
# main.swift) with the CLI targets in one executable, linked as csv, json and lines.
lib=$out/lib
library() { # module, sources…
  local module=$1; shift
  stale "$lib/lib$module.a" "$@" || return 0
  mkdir -p "$lib"
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "$module" "${flags[@]}" \
    -I "$lib" -I Sources/CSQLite -emit-module -emit-module-path "$lib/$module.swiftmodule" \
    -emit-library -static "$@" -o "$lib/lib$module.a" 2>&1 | quiet
  [ -f "$lib/lib$module.a" ] || { echo "fuzz: could not build $module" >&2; exit 1; }
}
cli() {
  mapfile -t backend < <(find Sources/RosterBackend -name '*.swift' | sort)
  mapfile -t store < <(find Sources/RosterStore -name '*.swift' | sort)
  mapfile -t tool < <(find Sources/roster -name '*.swift' ! -name main.swift | sort)
  library RosterKit "${kit[@]}"
  # Each library is compiled against the modules below it: rebuild it when one changed.
  [ "$lib/libRosterKit.a" -nt "$lib/libRosterBackend.a" ] && rm -f "$lib/libRosterBackend.a"
  library RosterBackend "${backend[@]}"
  [ "$lib/libRosterBackend.a" -nt "$lib/libRosterStore.a" ] && rm -f "$lib/libRosterStore.a"
  library RosterStore "${store[@]}"
  if stale "$out/cli" "$lib/libRosterKit.a" "$lib/libRosterBackend.a" "$lib/libRosterStore.a" \
    "${tool[@]}" Fuzz/Targets/CLIFuzz*.swift; then
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FuzzCLI "${flags[@]}" \
      -I "$lib" -I Sources/CSQLite "${tool[@]}" Fuzz/Targets/CLIFuzz*.swift \
      -L "$lib" -lRosterStore -lRosterBackend -lRosterKit -lsqlite3 -o "$out/cli" 2>&1 | quiet
    [ -x "$out/cli" ] || { echo "fuzz: could not build the CLI targets" >&2; exit 1; }
  fi
  ln -sf cli "$out/$1"
}

run() { # name, libFuzzer flags…
  local name=$1 corpus="Fuzz/Corpus/$1" work="$out/corpus-$1"; shift
  mkdir -p "$work"
  echo "fuzz: $name for ${seconds}s"
  "$out/$name" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/$name-" -print_final_stats=1 "$@" "$work" "$corpus" 2>"$out/$name.log" \
    || {
      tail -40 "$out/$name.log" >&2
      for folder in /dev/shm/roster-fuzz-"$name"-* "${TMPDIR:-/tmp}"/roster-fuzz-"$name"-*; do
        [ -s "$folder/stderr" ] || continue
        echo "fuzz: roster's standard error when it crashed ($folder/stderr):" >&2
        tail -40 "$folder/stderr" >&2
        rm -rf "$folder"
      done
      echo "fuzz: $name FAILED" >&2
      exit 1
    }
  grep -a -E "stat::number_of_executed_units" "$out/$name.log" | sed "s/^/fuzz: $name /"
}

for target in "${targets[@]}"; do
  # Several run.sh at once (one per core) share the binaries: one builds, the others wait.
  exec 9>"$out/build.lock"
  flock 9
  case "$target" in
    rules) build rules Fuzz/Targets/RulesFuzz.swift ;;
    csv | json | lines) cli "$target" ;;
    *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
  esac
  flock -u 9
  case "$target" in
    rules) run rules ;;
    # Foundation's file reading leaks a buffer now and then: leaks are not what these look for.
    *) ASAN_OPTIONS=detect_leaks=0 run "$target" ;;
  esac
done
