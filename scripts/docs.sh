#!/usr/bin/env bash
# The documentation of RosterKit and RosterBackend, built by the toolchain's docc from their
# catalogs (Sources/<Target>/<Target>.docc) and doc comments, warnings as errors: a ``link`` to a
# symbol that was renamed or removed fails the build.
#
#   scripts/docs.sh OUT     writes the HTML to OUT/RosterKit and OUT/RosterBackend (`make docs`)
#   scripts/docs.sh --check builds it into a temporary folder and prints `docs: ok` or
#                           `docs: FAILED` (scripts/test.sh counts the line)
#
# The symbol graphs come from the debug build's modules (swift-symbolgraph-extract), internal
# symbols included, so internal and package doc comments are checked too. RosterBackend's
# graph is read with RosterKit's, so that its ``RosterKit/RosterList`` links resolve.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

check=false
if [ "${1:-}" = --check ]; then
  check=true
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
elif [ $# -eq 1 ]; then
  out=$1
else
  echo "usage: scripts/docs.sh OUT | --check" >&2
  exit 2
fi

build() {
  $SWIFT build --target RosterBackend >/dev/null || { $SWIFT build --target RosterBackend; return 1; }
  local bin
  bin=$($SWIFT build --show-bin-path)
  local graphs=$out/symbol-graphs
  rm -rf "$graphs"
  for module in RosterKit RosterBackend; do
    mkdir -p "$graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" \
      -target "$(basename "$(dirname "$bin")")" -minimum-access-level internal \
      -output-dir "$graphs/$module" || return 1
  done
  cp "$graphs/RosterKit/"*.json "$graphs/RosterBackend/"
  local status=0
  for module in RosterKit RosterBackend; do
    rm -rf "${out:?}/$module"
    docc convert "Sources/$module/$module.docc" \
      --additional-symbol-graph-dir "$graphs/$module" \
      --fallback-display-name "$module" --fallback-bundle-identifier "roster.$module" \
      --output-dir "$out/$module" --warnings-as-errors || status=1
  done
  rm -rf "$graphs"
  return $status
}

if $check; then
  if build >"$out.log" 2>&1; then
    echo "docs: ok"
  else
    grep -v '^$' "$out.log"
    echo "docs: FAILED"
    rm -f "$out.log"
    exit 1
  fi
  rm -f "$out.log"
else
  build || exit 1
  echo "Open $out/RosterKit/index.html through a web server (python3 -m http.server -d $out)."
fi
