#!/usr/bin/env bash
# make bench: Lectern's speed and memory beside peer tools, in one invocation.
# Results are printed and the raw JSON lines kept in bench-out/results.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
SHARED="${SHARED:-../shared}"
OUT=bench-out
mkdir -p "$OUT"
: > "$OUT/results.jsonl"

"$SWIFT" build -c release --product lectern-bench
"$SWIFT" build -c release --product lectern
BENCH=.build/release/lectern-bench

if [ -f "$SHARED/bench/gen_synthetic.py" ]; then
  [ -f "$OUT/rss2-10k.xml" ] || python3 "$SHARED/bench/gen_synthetic.py" --items 10000 --seed 42 --out "$OUT"
  echo "== Feed parsing (Lectern, median of 7, fresh process per file)"
  "$BENCH" parse --runs 7 "$OUT/rss2-10k.xml" "$OUT/atom-10k.xml" | tee -a "$OUT/results.jsonl"
  if [ ! -x "$OUT/peers/bin/python" ]; then
    python3 -m venv "$OUT/peers"
    "$OUT/peers/bin/pip" install -q -r "$SHARED/bench/requirements.lock"
  fi
  echo "== Feed parsing (peers)"
  "$OUT/peers/bin/python" "$SHARED/bench/bench_peers.py" --reps 3 "$OUT/rss2-10k.xml" "$OUT/atom-10k.xml" \
    | tee -a "$OUT/results.jsonl"
else
  echo "== Feed parsing skipped: $SHARED/bench is absent (it ships beside the project on team machines)"
fi

echo "== Start-up: lectern --screenshot (launch to first painted frame, saved, quit), headless"
echo "   with a session bus, then with none (start-up must not wait on D-Bus)"
scripts/headless.sh python3 scripts/measure_startup.py .build/release/lectern 7 | tee -a "$OUT/results.jsonl"
scripts/headless.sh env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR=/nonexistent \
  python3 scripts/measure_startup.py .build/release/lectern 7 | tee -a "$OUT/results.jsonl"
