#!/usr/bin/env bash
# Installs or uninstalls Roster under a prefix: `make install` and `make uninstall`.
#   scripts/install.sh install ROOT BUILD     copy the files from the BUILD folder into ROOT
#   scripts/install.sh uninstall ROOT         remove exactly those files from ROOT
# ROOT is "$DESTDIR$PREFIX". One list below serves both, so uninstall removes what install wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
action=${1:?usage: install.sh install|uninstall ROOT [BUILD]}
root=${2:?the installation root}
build=${3:-.build/install}

# source (relative to the checkout, or to BUILD for built files), destination (below ROOT), mode
files=(
  "@release/roster bin/roster 755"
  "@release/roster-app bin/roster-app 755"
  "data/org.roster.Roster.desktop share/applications/org.roster.Roster.desktop 644"
  "data/org.roster.Roster.metainfo.xml share/metainfo/org.roster.Roster.metainfo.xml 644"
  "data/icons/org.roster.Roster.svg share/icons/hicolor/scalable/apps/org.roster.Roster.svg 644"
  "data/icons/org.roster.Roster-symbolic.svg share/icons/hicolor/symbolic/apps/org.roster.Roster-symbolic.svg 644"
  "@docs/man/roster.1 share/man/man1/roster.1.gz 644"
  "@docs/man/roster-app.1 share/man/man1/roster-app.1.gz 644"
  "@docs/share/bash-completion/completions/roster share/bash-completion/completions/roster 644"
  "@docs/share/zsh/site-functions/_roster share/zsh/site-functions/_roster 644"
  "@docs/share/fish/vendor_completions.d/roster.fish share/fish/vendor_completions.d/roster.fish 644"
)
# The translations: po/LL.po, compiled by `make release` into BUILD/locale.
for po in po/*.po; do
  language=$(basename "$po" .po)
  files+=("@locale/$language/LC_MESSAGES/roster.mo share/locale/$language/LC_MESSAGES/roster.mo 644")
done

case "$action" in
  install)
    for line in "${files[@]}"; do
      read -r source target mode <<<"$line"
      [[ $source == @* ]] && source="$build/${source#@}"
      mkdir -p "$root/$(dirname "$target")"
      if [[ $target == *.gz ]]; then
        gzip -9nc "$source" >"$root/$target"
        chmod "$mode" "$root/$target"
      elif [[ $mode == 755 ]]; then
        install -m "$mode" "$source" "$root/$target"
        strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/$target"
      else
        install -m "$mode" "$source" "$root/$target"
      fi
      echo "installed $root/$target"
    done ;;
  uninstall)
    for line in "${files[@]}"; do
      read -r _ target _ <<<"$line"
      if [ -e "$root/$target" ]; then
        rm -f "$root/$target"
        echo "removed $root/$target"
      fi
    done ;;
  *) echo "usage: $0 install|uninstall ROOT [BUILD]" >&2; exit 2 ;;
esac
