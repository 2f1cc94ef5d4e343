#!/usr/bin/env bash
# Roster's end-to-end tests in a real window, headless: Xvfb + a private D-Bus session, the
# AT-SPI scenarios in scenarios.py, screenshots of each. Usage: Tests/UI/run.sh [SCENARIO...]
# Prints the screenshots folder, and `N passed, N failed` last; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --product roster-app >/dev/null 2>&1 || swift build --product roster-app
swift build --product roster >/dev/null 2>&1 || true
bin="$(swift build --show-bin-path)"
export PATH="$bin:$PATH"

shots="${ROSTER_UI_SHOTS:-$(mktemp -d /tmp/roster-ui-shots.XXXXXX)}"
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

export DISPLAY=":$display" GSK_RENDERER=cairo NO_AT_BRIDGE=0
unset GTK_A11Y
status=0
dbus-run-session -- /usr/bin/python3 Tests/UI/scenarios.py "$bin/roster-app" "$shots" "$@" \
  2> >(grep -v -e "dbus-daemon" -e "SpiRegistry" >&2) || status=$?
exit $status
