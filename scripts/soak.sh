#!/usr/bin/env bash
# The long reliability run: kills and concurrent writers, hostile files, then every fuzz
# target. Bounded: stops by itself.
#   scripts/soak.sh [SOAK_SECONDS [FUZZ_SECONDS]]   defaults: 600 s per soak phase, 600 s per
#                                                   fuzz target (about 85 minutes in all)
# Environment: SOAK_WORKERS (default 4), SOAK_ROUNDS (default 1000), SOAK_SEED,
# PARTITION_SOAK_SECONDS (writers per partition scenario, default a fifth of SOAK_SECONDS);
# ROSTER_CRASH_POINTS (simulated power cuts under synchronous = FULL, default 100000; a fifth
# as many under NORMAL), ROSTER_CRASH_SEED, ROSTER_COMMIT_SAMPLES (default 1000).
# Prints the figures docs/reliability.md quotes; exit status 0 when everything held.
set -uo pipefail
cd "$(dirname "$0")/.."
soak_seconds=${1:-600}
fuzz_seconds=${2:-600}
status=0
log=.build/soak
mkdir -p "$log"

swift build --product roster || exit 1

echo "== soak: ${soak_seconds}s of killed writers, ${soak_seconds}s of concurrent writers"
python3 Tests/Reliability/soak.py --seconds "$soak_seconds" --rounds "${SOAK_ROUNDS:-1000}" \
  --workers "${SOAK_WORKERS:-4}" --actions 25 ${SOAK_SEED:+--seed "$SOAK_SEED"} \
  2>&1 | tee "$log/soak.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== sharing: ${soak_seconds}s of writers colliding on one list, followed by roster watch"
python3 Tests/Sharing/multiwriter.py --seconds "$soak_seconds" --writers "${SOAK_WORKERS:-4}" \
  ${SOAK_SEED:+--seed "$SOAK_SEED"} 2>&1 | tee "$log/multiwriter.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== sharing on PostgreSQL: ${soak_seconds}s of writers per fault, followed by roster watch"
python3 Tests/Sharing/pgfaults.py --seconds "$soak_seconds" --writers "${SOAK_WORKERS:-4}" \
  ${SOAK_SEED:+--seed "$SOAK_SEED"} 2>&1 | tee "$log/pgfaults.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

partition_seconds=${PARTITION_SOAK_SECONDS:-$((soak_seconds / 5))}
echo "== offline replicas: ${partition_seconds}s of writers per partition scenario"
python3 Tests/Sharing/partition.py --checkin --seconds "$partition_seconds" --converge 300 --genuine-prune \
  ${SOAK_SEED:+--seed "$SOAK_SEED"} 2>&1 | tee "$log/partition.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

crash_points=${ROSTER_CRASH_POINTS:-100000}
echo "== power cuts: ${crash_points} crash points under FULL, and what NORMAL would lose"
ROSTER_CRASH_POINTS=$crash_points ROSTER_COMMIT_SAMPLES=${ROSTER_COMMIT_SAMPLES:-1000} \
  swift test --filter 'PowerCutTests|CommitCostTests' 2>&1 \
  | grep -E "^(power cuts|commit cost)|passed|failed|error" | tee "$log/power-cuts.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== hostile files and resource faults"
python3 Tests/Reliability/hostile.py 2>&1 | tee "$log/hostile.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

if [ "$fuzz_seconds" -gt 0 ]; then
  echo "== fuzzing each target for ${fuzz_seconds}s"
  bash Fuzz/run.sh "$fuzz_seconds" 2>&1 | grep -E "^fuzz:" | tee "$log/fuzz.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi

echo "== soak: $([ $status -eq 0 ] && echo ok || echo FAILED) (logs in $log)"
exit $status
