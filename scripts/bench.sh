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

# Machines of one kind have different CPUs: absolute figures do not carry over, ratios do.
CPU=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
echo "== Machine: ${CPU:-unknown CPU}, $(nproc) cores"
printf '{"bench":"machine","cpu":"%s","cores":%s}\n' "${CPU:-unknown}" "$(nproc)" >> "$OUT/results.jsonl"

if [ -f "$SHARED/bench/gen_synthetic.py" ]; then
  [ -f "$OUT/rss2-10k.xml" ] || python3 "$SHARED/bench/gen_synthetic.py" --items 10000 --seed 42 --out "$OUT"
  echo "== Feed parsing (Lectern, median of 7, fresh process per file)"
  "$BENCH" parse --runs 7 "$OUT/rss2-10k.xml" "$OUT/atom-10k.xml" | tee -a "$OUT/results.jsonl"
  if [ ! -x "$OUT/peers/bin/python" ]; then
    python3 -m venv "$OUT/peers"
    "$OUT/peers/bin/pip" install -q -r "$SHARED/bench/requirements.lock"
  fi
  echo "== Feed parsing (peers)"
  "$OUT/peers/bin/python" "$SHARED/bench/bench_peers.py" --reps 3 -o "$OUT/peers-raw.jsonl" "$OUT/rss2-10k.xml" "$OUT/atom-10k.xml" \
    | tee -a "$OUT/results.jsonl"
  echo "== Same-run ratios against fastfeedparser (target 1.2x), alternating Lectern and the peer:"
  echo "   the parse in process, and the whole --inspect-feed process against fastfeedparser parsing and dumping JSON"
  python3 scripts/bench_ratios.py "$BENCH" .build/release/lectern "$OUT/peers/bin/python" "$SHARED/bench/bench_peers.py" \
    "$OUT/rss2-10k.xml" "$OUT/atom-10k.xml" | tee -a "$OUT/results.jsonl"
else
  echo "== Feed parsing skipped: $SHARED/bench is absent (it ships beside the project on team machines)"
fi

PAGES="$SHARED/corpus/readability/pages"
if [ -f "$SHARED/bench/extraction_peers.py" ] && [ -d "$PAGES" ]; then
  if [ ! -x "$OUT/xpeers/bin/python" ]; then
    python3 -m venv "$OUT/xpeers"
    # The lock pins every package; without --no-deps Debian's pip resolver gives up on it.
    "$OUT/xpeers/bin/pip" install -q --no-deps -r "$SHARED/bench/requirements-extraction.lock"
  fi
  echo "== Full articles, a line per set (Readability's 130 pages, CleanEval, CleanPortalEval, Dragnet, WCXB):"
  echo "   F1, precision, recall, pages refused and why, median ms a page in process (3 alternating rounds),"
  echo "   peak memory growth over the page's size; Lectern beside trafilatura and readability-lxml"
  python3 scripts/bench_extraction.py "$BENCH" .build/release/lectern "$OUT/xpeers/bin/python" "$SHARED" \
    | tee -a "$OUT/results.jsonl"
else
  echo "== Full-article extraction skipped: $PAGES is absent (it ships beside the project on team machines)"
fi

echo "== Library: search latency on 100k articles; opening the 50k-article All view"
LECTERN_BENCH_KEEP=1 "$BENCH" library --articles 100000 --view 50000 2> "$OUT/library.log" | tee -a "$OUT/results.jsonl"
KEPT=$(sed -n 's/^kept //p' "$OUT/library.log" | tail -1)
if [ -n "$KEPT" ] && [ -f "$KEPT/search.sqlite" ]; then
  echo "== GNOME Shell's search of the same 100k articles over D-Bus, typed a letter at a time (target: 50 ms);"
  echo "   the library's own search above, in process, is the floor"
  scripts/headless.sh /usr/bin/python3 scripts/bench_shell_search.py .build/release/lectern "$KEPT/search.sqlite" \
    2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
fi

echo "== Refresh 500 feeds from a loopback server: Lectern, then newsboat on the same URLs"
coproc SERVER { exec python3 Tests/LibraryTests/Fixtures/server.py; }
read -r PORT <&"${SERVER[0]}"
"$BENCH" library-refresh --base "http://127.0.0.1:$PORT" --feeds 500 | tee -a "$OUT/results.jsonl"
if command -v newsboat >/dev/null; then
  for i in $(seq 0 499); do echo "http://127.0.0.1:$PORT/bench/$i.xml"; done > "$OUT/newsboat-urls"
  rm -rf "$OUT/newsboat-home"; mkdir -p "$OUT/newsboat-home"
  for run in first all-304; do
    HOME="$OUT/newsboat-home" python3 scripts/timed.py "newsboat-reload-$run" -- \
      newsboat -u "$OUT/newsboat-urls" -c "$OUT/newsboat-home/cache.db" -x reload | tee -a "$OUT/results.jsonl"
  done
fi
kill "$SERVER_PID" 2>/dev/null || true

echo "== Podcasts: Lectern's player beside a bare GStreamer playbin (Python), the same files in the same run:"
echo "   open to playing, local and loopback (median of 5); CPU while playing 10 s (target: under 5% of a core)"
echo "   and paused 5 s (no wake-ups of Lectern's own); an hour-long episode three times, as fast as it decodes"
MEDIA="$OUT/media"
mkdir -p "$MEDIA"
tone() {  # tone SECONDS FILE: a 22.05 kHz mono tone as 64 kbit/s MP3
  [ -f "$2" ] || gst-launch-1.0 -q audiotestsrc num-buffers=$(( $1 * 22050 / 1024 )) samplesperbuffer=1024 \
    ! audio/x-raw,rate=22050,channels=1 ! audioconvert ! lamemp3enc target=bitrate bitrate=64 cbr=true ! filesink location="$2"
}
tone 60 "$MEDIA/minute.mp3"
tone 3600 "$MEDIA/hour.mp3"
coproc MEDIA_SERVER { exec python3 Tests/Servers/media_server.py "$MEDIA"; }
read -r MEDIA_PORT <&"${MEDIA_SERVER[0]}"
PLAYBACK=(--uri "file://$PWD/$MEDIA/minute.mp3" --uri "http://127.0.0.1:$MEDIA_PORT/files/minute.mp3"
          --hour "http://127.0.0.1:$MEDIA_PORT/files/hour.mp3")
scripts/headless.sh "$BENCH" playback "${PLAYBACK[@]}" 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
scripts/headless.sh /usr/bin/python3 scripts/bench_playback_peer.py "${PLAYBACK[@]}" 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
echo "   the hour-long episode eight times with one malloc arena: what stays is what leaks (target: ~0 MB)"
MALLOC_ARENA_MAX=1 LECTERN_BENCH_HOUR_RUNS=8 "$BENCH" playback --runs 1 "${PLAYBACK[@]}" 2>/dev/null | grep playback-hour \
  | tee -a "$OUT/results.jsonl"
kill "$MEDIA_SERVER_PID" 2>/dev/null || true

echo "== Left running: resident memory of the running window before and after 300 refreshes of 50 loopback"
echo "   feeds (all 304) and 100 theme switches, after a warm-up (flat within 5 MB is the target)"
scripts/headless.sh python3 scripts/soak.py .build/release/lectern --feeds 50 --refreshes 300 --theme-switches 100 \
  2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
if command -v gnome-keyring-daemon >/dev/null; then
  echo "== 200 refreshes that each sync a Google Reader API account too (loopback server, private keyring)"
  scripts/headless.sh python3 scripts/soak.py .build/release/lectern --feeds 20 --refreshes 200 --theme-switches 0 --sync \
    2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
fi
echo "== The same refreshes with lectern --background (no window; target: under half the window's memory)"
scripts/headless.sh python3 scripts/soak.py .build/release/lectern --feeds 50 --refreshes 300 --background \
  2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"

if [ ! -f /usr/share/tt-rss/www/index.php ]; then
  echo "== Sync skipped: Tiny Tiny RSS is not installed (scripts/install-ttrss.sh installs it)"
elif [ "$(id -u)" -ne 0 ]; then
  echo "== Sync skipped: the tt-rss harness runs as root"
else
  echo "== Sync: a 10k-article Tiny Tiny RSS account on loopback (two requests answered side by side, as behind"
  echo "   php-fpm), first sync (5 alternating rounds) and later ones; Lectern, up to two calls at once, beside a"
  echo "   bare Python client making the same calls one by one (the floor: tt-rss's own time)"
  python3 scripts/bench_sync.py "$BENCH" | tee -a "$OUT/results.jsonl"
fi
echo "== Sync: a 10k-article FreshRSS account (../shared/servers/freshrss on PHP's built-in server), first sync"
echo "   (3 alternating rounds) and one with 100 changes; Lectern beside a bare Python client making the same calls"
python3 scripts/bench_sync_freshrss.py "$BENCH" | tee -a "$OUT/results.jsonl"

if [ -n "$KEPT" ] && [ -f "$KEPT/view.sqlite" ]; then
  echo "== Start-up with a 50k-article library (launch to first painted frame, saved, quit)"
  rm -rf "$OUT/ui-home"; mkdir -p "$OUT/ui-home/d/lectern"
  cp "$KEPT/view.sqlite" "$OUT/ui-home/d/lectern/library.sqlite"
  LECTERN_BENCH_DATA="$OUT/ui-home/d" scripts/headless.sh python3 scripts/measure_startup.py .build/release/lectern 7 \
    | sed 's/startup-screenshot/startup-50k-library/' | tee -a "$OUT/results.jsonl"
  echo "== Theme switch with the 50k-article list on screen (30 switches), on Wayland (headless Weston) and X11 (Xvfb):"
  echo "   same fonts; font lists that come to the same installed face; a real font size change"
  for display in scripts/headless-wayland.sh scripts/headless.sh; do
    for pair in Paper,Sepia Paper,Midnight "Paper,High Contrast"; do
      XDG_DATA_HOME="$OUT/ui-home/d" XDG_CONFIG_HOME="$OUT/ui-home/c" LECTERN_BENCH_THEMES="$pair" LECTERN_BENCH_THEME_SWITCHES=30 \
        "$display" .build/release/lectern 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
    done
  done
  echo "== The same switches with an article open in the reader"
  for display in scripts/headless-wayland.sh scripts/headless.sh; do
    for pair in Paper,Sepia "Paper,High Contrast"; do
      XDG_DATA_HOME="$OUT/ui-home/d" XDG_CONFIG_HOME="$OUT/ui-home/c" LECTERN_BENCH_THEMES="$pair" LECTERN_BENCH_THEME_SWITCHES=30 \
        LECTERN_BENCH_READING=1 "$display" .build/release/lectern 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
    done
  done
  echo "== One colour of Paper changed and changed back as the theme editor does (30 edits): the accent, and the main"
  echo "   background behind everything; without and with an article open (target: frame work <= 8 ms)"
  for display in scripts/headless-wayland.sh scripts/headless.sh; do
    for token in accent bg_primary; do
      for reading in 0 1; do
        XDG_DATA_HOME="$OUT/ui-home/d" XDG_CONFIG_HOME="$OUT/ui-home/c" LECTERN_BENCH_THEMES=Paper,Sepia LECTERN_BENCH_EDIT_TOKEN="$token" \
          LECTERN_BENCH_THEME_SWITCHES=30 LECTERN_BENCH_READING="$reading" "$display" .build/release/lectern 2>/dev/null \
          | grep '^{' | tee -a "$OUT/results.jsonl"
      done
    done
  done
  echo "== Scrolling the 50k-article list: a page per frame (a fling) and 60 px per frame (a wheel), 300 frames"
  for display in scripts/headless-wayland.sh scripts/headless.sh; do
    for step in page 60; do
      XDG_DATA_HOME="$OUT/ui-home/d" XDG_CONFIG_HOME="$OUT/ui-home/c" LECTERN_BENCH_SCROLL_FRAMES=300 \
        LECTERN_BENCH_SCROLL_STEP="$step" "$display" .build/release/lectern 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
    done
  done
  echo "== Resizing the window as a drag of its edge would, 1200 -> 360 -> 1200 px, 16 px a frame, 400 frames, across"
  echo "   both breakpoints each way (three, two, one pane), an article open (target: frame work <= 8 ms); alternating"
  echo "   with its peer, a bare GTK window (a header bar, nothing in it) resized the same way: GTK's own part of a frame"
  for display in scripts/headless-wayland.sh scripts/headless.sh; do
    for _ in 1 2; do
      XDG_DATA_HOME="$OUT/ui-home/d" XDG_CONFIG_HOME="$OUT/ui-home/c" LECTERN_BENCH_RESIZE_FRAMES=400 \
        "$display" .build/release/lectern 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
      "$display" /usr/bin/python3 scripts/bench_resize_peer.py 400 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
    done
  done
  echo "   Beside it, this machine's floor for Wayland without a GPU: GTK draws each new size into a new shared-memory"
  echo "   buffer, and the first write to each of its pages is a page fault (the widest window's buffer, touched once)"
  python3 scripts/bench_fresh_buffer.py | tee -a "$OUT/results.jsonl"
  echo "== Resident memory after walking through 10 000 rows of the 50k All view"
  XDG_DATA_HOME="$OUT/ui-home/d" XDG_CONFIG_HOME="$OUT/ui-home/c" LECTERN_BENCH_SCROLL_ROWS=10000 \
    scripts/headless.sh .build/release/lectern 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"
  rm -rf "$KEPT"
fi

echo "== Window on screen and memory 2 s later, empty library: Lectern beside Liferea and Feeds"
cat > "$OUT/window-startup.sh" <<'INNER'
python3 scripts/measure_window_startup.py lectern Lectern 5 -- .build/release/lectern
command -v liferea >/dev/null && python3 scripts/measure_window_startup.py liferea Liferea 3 -- liferea
command -v gfeeds >/dev/null && python3 scripts/measure_window_startup.py feeds Feeds 3 -- gfeeds
INNER
scripts/headless.sh bash "$OUT/window-startup.sh" 2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"

echo "== The packaged binary (make deb: Swift's runtime linked in, stripped, relro + bindnow) beside the dynamic"
echo "   release build: bytes on disk, and launch to the first frame, alternating (packaged must not be slower)"
make deb >/dev/null
rm -rf "$OUT/deb-root" && dpkg-deb -x .build/deb/lectern_"$(python3 scripts/changelog.py version)"-1_amd64.deb "$OUT/deb-root"
scripts/headless.sh python3 scripts/bench_static.py "$OUT/deb-root/usr/bin/lectern" .build/release/lectern 9 \
  2>/dev/null | grep '^{' | tee -a "$OUT/results.jsonl"

echo "== Start-up: lectern --screenshot (launch to first painted frame, saved, quit), headless"
echo "   with a session bus, then with none (start-up must not wait on D-Bus)"
scripts/headless.sh python3 scripts/measure_startup.py .build/release/lectern 7 | tee -a "$OUT/results.jsonl"
scripts/headless.sh env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR=/nonexistent \
  python3 scripts/measure_startup.py .build/release/lectern 7 | tee -a "$OUT/results.jsonl"
