#!/usr/bin/env bash
# `make deb`: builds roster_VERSION_ARCH.deb from the install tree (PREFIX=/usr), with Depends
# computed by dpkg-shlibdeps, a copyright file and a changelog; then runs lintian on it.
#   scripts/deb.sh BUILD OUT     BUILD holds the release binaries and docs, OUT the package
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-.build/install}
out=${2:-.}
version=$("$build/release/roster" --version | cut -d' ' -f2)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
bash scripts/install.sh install "$root/usr" "$build" >/dev/null

doc=$root/usr/share/doc/roster
mkdir -p "$doc" "$root/DEBIAN"
cat >"$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: roster
Source: https://github.com/roster-app/roster

Files: *
Copyright: 2026 The Roster developers
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not use this
 file except in compliance with the License. You may obtain a copy of the License at
 .
 https://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software distributed under
 the License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY
 KIND, either express or implied. See the License for the specific language governing
 permissions and limitations under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0 can be found in
 "/usr/share/common-licenses/Apache-2.0".
COPYRIGHT
# A native package's changelog, in Debian's format, for this version.
date=$(date -R -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}")
cat >"$work/changelog" <<CHANGELOG
roster ($version) unstable; urgency=medium

  * Release $version: see CHANGELOG.md in the source for what changed.

 -- The Roster developers <developers@roster.example.org>  $date
CHANGELOG
gzip -9nc "$work/changelog" >"$doc/changelog.gz"

# Depends, from the libraries the binaries link; Recommends, the fonts printed pages need for
# every script.
mkdir -p "$work/debian"
printf 'Source: roster\n\nPackage: roster\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -eroot/usr/bin/roster -eroot/usr/bin/roster-app \
  2>/dev/null | sed -n 's/^shlibs:Depends=//p')
# `roster export --format pdf` loads Pango and Cairo when it prints, a PostgreSQL database
# loads libpq when it connects, and a sort loads ICU (dlopen): not linked, so dpkg-shlibdeps
# cannot see them.
for library in libpangocairo-1.0-0 libcairo2 libpq5 libicu72; do
  case ", $depends," in *", $library "* | *", $library,"*) ;; *) depends="$depends, $library" ;; esac
done
installed=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: roster
Version: $version
Architecture: $arch
Maintainer: The Roster developers <developers@roster.example.org>
Installed-Size: $installed
Depends: $depends
Recommends: fonts-noto-core, fonts-noto-cjk
Section: utils
Priority: optional
Homepage: https://github.com/roster-app/roster
Description: list editor for names, with validation, categories and undo
 Roster keeps lists of people's names (a class, a team, guests) and of any short
 items. Names from every script are accepted and junk is refused with a reason;
 entries are edited in place, deleted with Undo, and grouped by coloured
 categories. The package has the GTK 4 desktop app (roster-app) and the roster
 command line over the same SQLite database.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"
package="$out/roster_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
