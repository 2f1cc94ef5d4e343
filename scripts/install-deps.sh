#!/usr/bin/env bash
# Installs the Debian packages Roster needs, only those missing. Used by `make run`,
# `make test` and CI; safe to run again.
set -euo pipefail

# gettext and python3: xgettext and msgfmt, through scripts/po.py, for the translations
# (`make pot`, `make locale`).
build=(libsqlite3-dev libgtk-4-dev libadwaita-1-dev pkg-config gettext python3 libpq5)
# Sorting: collation through ICU (RosterCollation).
build+=(libicu-dev)
# locales: the tests run the CLI and the app in German (de_DE.UTF-8, generated below).
translation_test=(locales)
ui_test=(xvfb xdotool at-spi2-core python3-pyatspi dbus-x11 imagemagick x11-utils xsel gir1.2-gtk-4.0
  fonts-noto-cjk fonts-dejavu-core)
# Printed pages: Pango and Cairo (RosterPrint loads them when it prints, so building needs no
# headers), Noto for every script (Latin, Greek, Cyrillic, Arabic, Devanagari; CJK), and
# Poppler to read the PDFs back (pdftotext, pdffonts, pdfinfo, pdftoppm).
print_test=(libpangocairo-1.0-0 libcairo2 fonts-noto-core fonts-noto-cjk poppler-utils)
# Tests/Reliability's scripts: the soak and the hostile-file cases.
reliability_test=(python3)
# The generated man pages and completions are checked by groff and by each shell.
docs_test=(groff-base zsh fish)
# The install tree and the Debian package (scripts/package-test.sh).
package_test=(lintian desktop-file-utils appstream dpkg-dev binutils)
# The PostgreSQL tests start a throwaway server (scripts/pg-cluster.sh).
postgres_test=(postgresql-15)
# `roster-bench --only cli` times the sqlite3 shell beside roster; `--callgrind` counts
# instructions and cache lines per list operation under valgrind.
bench=(sqlite3 valgrind)
ruff_version=0.17.6
jsonschema_version=4.26.0

case "${1:-build}" in
  build) wanted=("${build[@]}") ;;
  test) wanted=("${build[@]}" "${ui_test[@]}" "${reliability_test[@]}" "${docs_test[@]}"
    "${package_test[@]}" "${print_test[@]}" "${translation_test[@]}" "${postgres_test[@]}") ;;
  share) wanted=("${build[@]}" "${postgres_test[@]}") ;;
  bench) wanted=("${build[@]}" "${bench[@]}" "${postgres_test[@]}") ;;
  *) echo "usage: $0 [build|test|bench|share]" >&2; exit 2 ;;
esac

# From PyPI, pinned so that every machine reads the code alike: the Python linter, and the JSON
# Schema validator the format tests use.
if [ "${1:-build}" = test ] && { ! python3 -m ruff --version 2>/dev/null | grep -q "^ruff $ruff_version" \
  || ! python3 -c "import importlib.metadata as m; assert m.version('jsonschema') == '$jsonschema_version'" 2>/dev/null; }; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    "ruff==$ruff_version" "jsonschema==$jsonschema_version"
fi

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The German locale the translation tests run in, generated once.
if [ "${1:-build}" = test ] && ! locale -a 2>/dev/null | grep -qix 'de_DE.utf-\?8'; then
  echo "Generating the de_DE.UTF-8 locale"
  $sudo sed -i 's/^# *\(de_DE.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
fi
