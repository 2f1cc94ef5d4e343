#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them.
#   Fuzz/run.sh [SECONDS [TARGET…]]   run each target for SECONDS (default 10), from its corpus
#   Fuzz/run.sh --list                 print the target names
# A crash or a property failure stops the run with the input saved under .build/fuzz/.
# Targets: rules (RosterKit's rules); csv and json (`roster import`), lines (`roster check
# --json-lines`): one binary over the RosterCLI library, linked under each name. A binary is
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
# `-package-name`: the targets share `package` declarations (OrderKey, EntryReference), as in
# one SwiftPM package.
flags=(-swift-version 6 -package-name Roster -enable-upcoming-feature ExistentialAny
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

# The libraries under the command line as instrumented static libraries, each compiled
# against the modules before it, then the CLI targets in one executable, linked as csv, json
# and lines. Nothing compiles the executable's sources: the targets run RosterCLI in process.
lib=$out/lib
# Each after every module it imports (Package.swift).
modules=(RosterKit RosterBackend RosterStore RosterPostgres RosterTransfer RosterLocalization
  RosterSync RosterEngines RosterPrint RosterCollation RosterCLI)
# The C modules under them: SQLite and gettext through their module maps, the loaders of
# libpq (RosterPostgres) and of Pango and Cairo (RosterPrint), which use dlopen: nothing to
# link, and RosterCollation's ICU shim, whose module map SwiftPM would write: run.sh writes it
# into the build folder.
c_includes=(-I Sources/CSQLite -I Sources/CLibPQ/include -I Sources/CGettext
  -I Sources/CPangoCairo/include -I "$out/lib/cicushim")
mkdir -p "$out/lib/cicushim"
printf 'module CICUShim {\n  header "%s"\n  export *\n}\n' \
  "$PWD/Sources/CICUShim/include/icu_shim.h" >"$out/lib/cicushim/module.modulemap"
library() { # module, the library it was compiled against (or "")
  local module=$1 before=$2 sources
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
  # A library is compiled against the modules before it: rebuild it when one of them changed.
  [ -n "$before" ] && [ "$lib/lib$before.a" -nt "$lib/lib$module.a" ] && rm -f "$lib/lib$module.a"
  stale "$lib/lib$module.a" "${sources[@]}" || return 0
  mkdir -p "$lib"
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "$module" "${flags[@]}" \
    -I "$lib" "${c_includes[@]}" -emit-module -emit-module-path "$lib/$module.swiftmodule" \
    -emit-library -static "${sources[@]}" -o "$lib/lib$module.a" 2>&1 | quiet
  [ -f "$lib/lib$module.a" ] || { echo "fuzz: could not build $module" >&2; exit 1; }
}
cli() {
  local before="" archives=() links=()
  for module in "${modules[@]}"; do
    library "$module" "$before"
    before=$module
    archives+=("$lib/lib$module.a")
    links=("-l$module" "${links[@]}")
  done
  if stale "$lib/cpangocairo.o" Sources/CPangoCairo/loader.c Sources/CPangoCairo/include/*; then
    clang -c -O -fsanitize=address -I Sources/CPangoCairo/include Sources/CPangoCairo/loader.c \
      -o "$lib/cpangocairo.o"
  fi
  if stale "$lib/clibpq.o" Sources/CLibPQ/loader.c Sources/CLibPQ/include/*; then
    clang -c -O -fsanitize=address -I Sources/CLibPQ/include Sources/CLibPQ/loader.c \
      -o "$lib/clibpq.o"
  fi
  if stale "$lib/cicushim.o" Sources/CICUShim/shim.c Sources/CICUShim/include/*; then
    clang -c -O -fsanitize=address -I Sources/CICUShim/include Sources/CICUShim/shim.c \
      -o "$lib/cicushim.o"
  fi
  local objects=("$lib/cpangocairo.o" "$lib/clibpq.o" "$lib/cicushim.o")
  if stale "$out/cli" "${archives[@]}" "${objects[@]}" Fuzz/Targets/CLIFuzz*.swift; then
    # Whole archives: a conformance found only by a dynamic cast (SQLiteStore as an
    # AttendanceRowStore) lives in an object nothing else references, which the linker would
    # otherwise leave out.
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FuzzCLI "${flags[@]}" \
      -I "$lib" "${c_includes[@]}" Fuzz/Targets/CLIFuzz*.swift "${objects[@]}" \
      -L "$lib" -Xlinker --whole-archive "${links[@]}" -Xlinker --no-whole-archive -lsqlite3 \
      -lswiftSynchronization -o "$out/cli" 2>&1 | quiet
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
