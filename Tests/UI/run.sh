#!/usr/bin/env bash
# Roster's end-to-end tests in a real window, headless: Xvfb + a private D-Bus session, the
# AT-SPI scenarios in scenarios.py, screenshots of each (in .build/ui-shots, or
# $ROSTER_UI_SHOTS). Usage: Tests/UI/run.sh [SCENARIO...]
# Prints the screenshots folder, and `N passed, N failed` last; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/../.."

if ! swift build --product roster-app >/dev/null 2>&1; then
  swift build --product roster-app
  echo "0 passed, 1 failed"
  exit 1
fi
swift build --product roster >/dev/null 2>&1 || true
bin="$(swift build --show-bin-path)"
export PATH="$bin:$PATH"
# The catalogs beside the app (`make locale`); the scenarios run in English, whatever the
# caller's language, except those that ask for German.
python3 scripts/po.py compile "$bin/locale"
export LANG=C.UTF-8
unset LANGUAGE LC_ALL LC_MESSAGES

# The screenshots are the run's artifacts: .build/ui-shots, emptied first, unless ROSTER_UI_SHOTS.
if [ -n "${ROSTER_UI_SHOTS:-}" ]; then
  shots="$ROSTER_UI_SHOTS"
else
  shots="$PWD/.build/ui-shots"
  rm -rf "$shots"
fi
mkdir -p "$shots"
echo "Screenshots: $shots"

# Xvfb picks a free display itself and writes its number to fd 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$shots/display" >"$shots/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  [ -s "$shots/display" ] && break
  sleep 0.1
done
display="$(cat "$shots/display")"
for _ in $(seq 100); do
  xdpyinfo -display ":$display" >/dev/null 2>&1 && break
  sleep 0.1
done

export DISPLAY=":$display" GSK_RENDERER=cairo
unset GTK_A11Y
# GTK's animations off (the search bar, the sidebar, pages and popovers appear at once): the
# scenarios wait for states, never for a transition to end. GTK 4 on X11 reads settings.ini
# from the user's config folder when no XSETTINGS daemon runs, as here.
export XDG_CONFIG_HOME="$shots/config"
mkdir -p "$XDG_CONFIG_HOME/gtk-4.0"
printf '[Settings]\ngtk-enable-animations=false\n' >"$XDG_CONFIG_HOME/gtk-4.0/settings.ini"
if ! /usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0"); from gi.repository import Gtk
Gtk.init(); assert not Gtk.Settings.get_default().props.gtk_enable_animations' 2>/dev/null; then
  echo "GTK's animations are still on (settings.ini in $XDG_CONFIG_HOME was not read)"
  echo "0 passed, 1 failed"
  exit 1
fi
# The session's own chatter (D-Bus, AT-SPI, the X server going away) goes to a log, so that the
# scenario results end the output.
status=0
dbus-run-session -- /usr/bin/python3 -B Tests/UI/scenarios.py "$bin/roster-app" "$shots" "$@" \
  2>"$shots/session.log" | tee "$shots/results.txt" || status=$?
kill "$xvfb" 2>/dev/null || true
wait "$xvfb" 2>/dev/null || true
trap - EXIT
if ! grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$shots/results.txt"; then
  echo "The scenarios did not run to the end; see $shots/session.log"
  echo "0 passed, 1 failed"
  exit 1
fi
exit $status
