#!/usr/bin/env bash
# The installed Roster, as a user gets it (run by scripts/test.sh in CI, as root): the install
# tree validates and uninstalls cleanly, and the Debian package is lintian-clean, installs,
# runs without the toolchain or the build folder, and removes. Prints one line per check and
# exits 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
check() { # description, command…
  local what=$1; shift
  if "$@"; then echo "package: ok: $what"; else echo "package: FAILED: $what"; failed=1; fi
}
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
if ! make --no-print-directory release >"$stage/release.log" 2>&1; then
  tail -30 "$stage/release.log"
  echo "package: FAILED: make release"
  exit 1
fi
version=$(.build/install/release/roster --version | cut -d' ' -f2)
make --no-print-directory install DESTDIR="$stage" PREFIX=/usr >/dev/null 2>&1
root=$stage/usr
check "desktop file validates" desktop-file-validate "$root/share/applications/org.roster.Roster.desktop"
check "metainfo validates" appstreamcli validate --no-net \
  "$root/share/metainfo/org.roster.Roster.metainfo.xml"
check "metainfo has a release $version" \
  grep -q "<release version=\"$version\"" "$root/share/metainfo/org.roster.Roster.metainfo.xml"
check "roster.1 names every command" bash -c \
  "zcat '$root/share/man/man1/roster.1.gz' | grep -q '^\.B roster categories rename'"
check "the German catalog is installed" test -s "$root/share/locale/de/LC_MESSAGES/roster.mo"
make --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null
check "make uninstall removes every file" test -z "$(find "$root" -type f)"

package=$(bash scripts/deb.sh .build/install "$stage")
check "lintian reports no error or warning" \
  lintian --allow-root --fail-on error,warning --suppress-tags spelling-error-in-binary "$package"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
check "the package installs roster" test -x /usr/bin/roster
check "no library from the toolchain or the build folder" bash -c \
  "! ldd /usr/bin/roster /usr/bin/roster-app | grep -E '/opt/swift|\.build|not found'"
check "roster --version" test "$(/usr/bin/roster --version)" = "roster $version"
check "roster-app --version, without a display" \
  test "$(env -u DISPLAY -u WAYLAND_DISPLAY /usr/bin/roster-app --version)" = "roster-app $version"
database=$stage/installed.sqlite3
check "roster add on a fresh database" bash -c \
  "/usr/bin/roster --db '$database' add 'Łukasz Nowak' | grep -q '^Added'"
check "roster show reads it back" bash -c \
  "/usr/bin/roster --db '$database' show | grep -q 'Łukasz Nowak'"
check "roster check R2D2 in German" bash -c \
  "LANG=de_DE.UTF-8 /usr/bin/roster check R2D2 | grep -q 'Ziffern gehören nicht in einen Namen'"
check "roster check R2D2 in the C locale" bash -c \
  "LC_ALL=C /usr/bin/roster check R2D2 | grep -q 'digits are not part of a name'"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq roster >/dev/null
check "the package removes" test ! -e /usr/bin/roster
exit $failed
