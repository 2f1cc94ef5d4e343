#!/usr/bin/env bash
# Runs every test: `swift test`, the documentation build, a short fuzz of every libFuzzer
# target, the end-to-end UI scenarios in a headless X server, and in CI the installed Debian
# package. Ends with one line, `N passed, N failed`, over all of them, after one line per
# failed item (`failed: swift test: NAME`, `failed: pgfaults: crash`…), so that the last lines
# of a long run's output say what failed.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp -d)
passed=0
failed=0
# The failed items, one line each, printed just before the closing line.
failures=()
failure() { failures+=("failed: $*"); }

# Swift Testing and XCTest. Swift Testing's count comes from its closing "Test run with N
# tests" line (per-test result lines can go missing from a long parallel run's log: a CI run
# printed 374 of 432), less the failed tests; the per-test lines are the fallback.
swift test --skip-build 2>&1 | tee "$log/swift-test.txt"
status=${PIPESTATUS[0]}
bad=$(grep -E '^✘ Test .* failed' "$log/swift-test.txt" | grep -cv '^✘ Test run with')
total=$(sed -nE 's/^.* Test run with ([0-9]+) tests? in .*/\1/p' "$log/swift-test.txt" | tail -1)
if [ -n "$total" ]; then
  ok=$((total > bad ? total - bad : 0))
else
  ok=$(grep -E '^✔ Test .* passed' "$log/swift-test.txt" | grep -cv '^✔ Test run with')
fi
xok=$(grep -cE "^Test Case '.*' passed" "$log/swift-test.txt")
xbad=$(grep -cE "^Test Case '.*' failed" "$log/swift-test.txt")
passed=$((passed + ok + xok))
failed=$((failed + bad + xbad))
if [ "$status" -ne 0 ] && [ $((bad + xbad)) -eq 0 ]; then failed=$((failed + 1)); fi
# Each failed test by name, with where its first issue was recorded (Swift Testing names a test
# by its function, not its suite); XCTest names suite and test itself.
while IFS= read -r name; do
  where=$(grep -F "✘ Test $name recorded an issue at " "$log/swift-test.txt" | head -1 \
    | sed -nE 's/^.* recorded an issue at ([^: ]+:[0-9]+):.*/\1/p')
  failure "swift test: $name${where:+ at $where}"
done < <(sed -nE 's/^✘ Test (.*) failed after .*/\1/p' "$log/swift-test.txt" | grep -v '^run with')
while IFS= read -r name; do
  failure "swift test: $name"
done < <(sed -nE "s/^Test Case '(.*)' failed .*/\1/p" "$log/swift-test.txt")
if [ "$status" -ne 0 ] && [ $((bad + xbad)) -eq 0 ]; then
  failure "swift test: exit status $status, no failed test named (a crash or a build error?)"
fi

# The documentation catalogs of RosterKit and RosterBackend, through docc with warnings as
# errors: a doc comment's link to a renamed symbol fails (scripts/docs.sh).
if bash scripts/docs.sh --check; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  failure docs
fi

# Fuzzing, bounded: each target for FUZZ_SECONDS (10 s by default).
for target in $(bash Fuzz/run.sh --list); do
  if bash Fuzz/run.sh "${FUZZ_SECONDS:-10}" "$target"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failure "fuzz: $target"
  fi
done

# The app in a real window, driven through AT-SPI and xdotool.
if [ -x Tests/UI/run.sh ]; then
  Tests/UI/run.sh 2>&1 | tee "$log/ui.txt"
  status=${PIPESTATUS[0]}
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log/ui.txt" | tail -1)
  if [ -n "$summary" ]; then
    passed=$((passed + $(echo "$summary" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$summary" | cut -d' ' -f3)))
  fi
  if [ "$status" -ne 0 ] && [ -z "$summary" ]; then failed=$((failed + 1)); fi
  # Each failed scenario; a failure counted without one (the app did not build, the scenarios
  # did not run to the end) by the run's own last message.
  named=0
  while IFS= read -r name; do
    failure "ui: $name"
    named=$((named + 1))
  done < <(sed -nE 's/^FAIL ([^ :]+).*/\1/p' "$log/ui.txt")
  counted=$(echo "$summary" | cut -s -d' ' -f3)
  if [ -z "$summary" ] && [ "$status" -ne 0 ]; then counted=1; fi
  if [ "${counted:-0}" -gt "$named" ]; then
    last=$(grep -vE '^[0-9]+ passed, [0-9]+ failed' "$log/ui.txt" | tail -1 | cut -c1-160)
    failure "ui: the run itself, exit status $status${last:+: $last}"
  fi
fi

# Writers and `roster watch` on a throwaway PostgreSQL cluster, without and under faults
# (Tests/Sharing/pgfaults.py): one result per scenario; a cluster that cannot start fails.
python3 Tests/Sharing/pgfaults.py --seconds "${PG_FAULT_SECONDS:-8}" 2>&1 | tee "$log/pgfaults.txt"
status=${PIPESTATUS[0]}
ok=$(grep -c '^pgfaults: ok' "$log/pgfaults.txt")
bad=$(grep -c '^pgfaults: FAILED' "$log/pgfaults.txt")
passed=$((passed + ok))
failed=$((failed + bad))
if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then failed=$((failed + 1)); fi
while IFS= read -r name; do
  failure "pgfaults: $name"
done < <(sed -nE 's/^pgfaults: FAILED (.*)/\1/p' "$log/pgfaults.txt" | cut -c1-160)
if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then
  failure "pgfaults: exit status $status, no scenario named"
fi

# Offline replicas under partitions, kills, restarts, a revoked team and a pruned log
# (Tests/Sharing/partition.py, issue 23), briefly: one result per scenario, counted like pgfaults.
python3 Tests/Sharing/partition.py --checkin --seconds "${PARTITION_SECONDS:-3}" 2>&1 | tee "$log/partition.txt"
status=${PIPESTATUS[0]}
ok=$(grep -c '^partition: ok' "$log/partition.txt")
bad=$(grep -c '^partition: FAILED' "$log/partition.txt")
passed=$((passed + ok))
failed=$((failed + bad))
if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then failed=$((failed + 1)); fi
while IFS= read -r name; do
  failure "partition: $name"
done < <(sed -nE 's/^partition: FAILED (.*)/\1/p' "$log/partition.txt" | cut -c1-160)
if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then
  failure "partition: exit status $status, no scenario named"
fi

# The installed package, in CI (root, a throwaway machine) or when asked: ROSTER_TEST_PACKAGE=1.
if [ "${CI:-}" = true ] || [ "${ROSTER_TEST_PACKAGE:-}" = 1 ]; then
  bash scripts/package-test.sh 2>&1 | tee "$log/package.txt"
  passed=$((passed + $(grep -c '^package: ok' "$log/package.txt")))
  failed=$((failed + $(grep -c '^package: FAILED' "$log/package.txt")))
  while IFS= read -r name; do
    failure "package: $name"
  done < <(sed -nE 's/^package: FAILED:? ?(.*)/\1/p' "$log/package.txt")
fi

[ ${#failures[@]} -eq 0 ] || printf '%s\n' "${failures[@]}"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
