#!/usr/bin/env python3
"""Syncing a FreshRSS account (the Google Reader API), Lectern beside a bare reference client (the
floor), against the real FreshRSS 1.25 of ../shared/servers/freshrss on loopback
(Tests/SyncTests/Fixtures/freshrss_harness.py). One JSON line per figure, each with the CPU
model: only the same-run ratios carry over. Setup and progress go to stderr.

  bench_sync_freshrss.py LECTERN_BENCH

- setup: 100 RSS feeds of 100 items (10,000 articles, ~1 KB of HTML each) on a loopback site,
  subscribed through the API (quickadd fetches each at once); then 2,000 marked read and 200 starred;
- first sync (after one untimed floor run, to warm the server): `lectern-bench sync --kind greader`
  into a fresh library and the floor's same calls, 3 rounds, who goes first alternating;
- incremental, 7 rounds: 50 new articles (appended to feed files, fetched by FreshRSS) and 50 state
  changes (25 read, 25 starred) on the server; Lectern syncs the last first sync's library, the
  floor makes the same calls (fetching contents only for the ids a copy of that library, taken
  before the round, did not hold), once untimed first to warm FreshRSS for both, then both, who
  goes first alternating;
- each figure: the medians of the rounds, and `ratio`, the median of the rounds' own ratios (the
  server's speed drifts from round to round, by a tenth or more: a round's two runs are next to
  each other, the medians of all rounds are not). `LECTERN_BENCH_FRESHRSS_ROUNDS=FIRST,INCREMENTAL`
  sets the rounds;
- correct: the library's article, unread and starred counts against the server's;
- the window's reads while the sync writes: after the timed rounds of each, more syncs of
  Lectern's alone with a list page and the unread counts timed every 16 ms (the p99 of their
  reads pooled, and the syncs' median time): four first syncs (one of ~0.5 s makes ~25 reads,
  whose p99 is its longest), one incremental; the timed rounds go without them, as in bench_sync.py.

The floor is this file run as `--floor API USER PASSWORD SINCE LIBRARY`: python's urllib making the
calls Lectern makes (GoogleReaderSync.swift) with the same paging, parsing each answer's JSON; it
times sign-in to the last answer and reports its own peak RSS. FreshRSS is served by PHP's built-in
server, one request at a time: Lectern's second call in flight (`overlapped`) waits at the server
while the first is answered, and is taken up the moment it is; the floor's calls go one by one.
"""
import json, os, resource, sqlite3, statistics, subprocess, sys, tempfile, time
import urllib.parse, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "SyncTests", "Fixtures"))
from bench_ratios import cpu_model  # noqa: E402
from bench_sync import WORDS, library_counts, lectern, log, paired, window_figures  # noqa: E402

FRESHRSS = os.path.join(HERE, "..", "..", "shared", "servers", "freshrss", "freshrss.sh")
FIRST_ROUNDS, INCREMENTAL_ROUNDS = (int(n) for n in os.environ.get("LECTERN_BENCH_FRESHRSS_ROUNDS", "3,7").split(","))
FEEDS, ITEMS = 100, 100
ARTICLES = FEEDS * ITEMS
READ, STARRED, NEW, STATE = 2000, 200, 50, 50
WINDOW_DAYS = 30          # SyncOptions.windowDays
WINDOW_SYNCS = 4          # first syncs timed with the window's reads, their reads pooled
CONTENTS_CHUNK = 150      # GoogleReaderSync: stream/items/contents, 150 ids a call
READING_LIST = "user/-/state/com.google/reading-list"
READ_TAG, STARRED_TAG = "user/-/state/com.google/read", "user/-/state/com.google/starred"


# ------------------------------------------------------------------------------- the floor

def floor(api, user, password, since, library):
    """One sync's calls, as Lectern makes them; prints one JSON line (seconds, peak RSS)."""
    held = set()
    if library:
        with sqlite3.connect(library) as db:
            held = {row[0] for row in db.execute("SELECT guid FROM articles")}
    start = time.perf_counter()
    form = urllib.parse.urlencode({"Email": user, "Passwd": password}).encode()
    answer = urllib.request.urlopen(api + "/accounts/ClientLogin", data=form, timeout=60).read().decode()
    auth = next(line[5:] for line in answer.splitlines() if line.startswith("Auth="))
    headers = {"Authorization": "GoogleLogin auth=" + auth}

    def get(method, query=()):
        url = f"{api}/reader/api/0/{method}?" + urllib.parse.urlencode(list(query) + [("output", "json")])
        return urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60).read()

    def ids(query):
        found, continuation = [], None
        while True:
            page = json.loads(get("stream/items/ids", query + [("n", "10000")] + ([("c", continuation)] if continuation else [])))
            found += [str(int(ref["id"])) for ref in page.get("itemRefs") or []]
            continuation = page.get("continuation")
            if not continuation or not page.get("itemRefs"):
                return found

    json.loads(get("subscription/list"))
    json.loads(get("tag/list"))
    ids([("s", READING_LIST), ("xt", READ_TAG)])
    starred = ids([("s", STARRED_TAG)])
    window = time.time() - WINDOW_DAYS * 86400
    recent = ids([("s", READING_LIST), ("ot", str(int(max(window, since - 86400 if since else window))))])
    wanted = list(dict.fromkeys(recent + starred))
    missing = [i for i in wanted if i not in held]
    token = get("token").decode().strip() if missing else ""
    fetched = 0
    for first in range(0, len(missing), CONTENTS_CHUNK):
        chunk = missing[first:first + CONTENTS_CHUNK]
        body = urllib.parse.urlencode([("i", f"tag:google.com,2005:reader/item/{int(i) & 0xFFFFFFFFFFFFFFFF:016x}") for i in chunk]
                                      + [("T", token)]).encode()
        request = urllib.request.Request(f"{api}/reader/api/0/stream/items/contents?output=json", data=body, headers=headers)
        fetched += len(json.loads(urllib.request.urlopen(request, timeout=60).read()).get("items", []))
    seconds = time.perf_counter() - start
    print(json.dumps({"tool": "floor", "seconds": round(seconds, 3), "articles": fetched,
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))


def run_floor(ready, since, library):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--floor", ready["api"], ready["user"], ready["password"],
                          str(since), library or ""], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"the floor client failed: {out.stderr.strip()[-400:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------------------- the server

def feed_xml(ready, number, items):
    body = "".join(f"<item><guid>f{number}-{i}</guid><title>Article {i} of feed {number}</title>"
                   f"<link>{ready['feed_base']}f{number}/{i}</link><description>&lt;p&gt;"
                   + " ".join(WORDS[(i * 7 + k) % len(WORDS)] for k in range(150)) + "&lt;/p&gt;</description></item>"
                   for i in range(items))
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {number}</title><link>{ready["feed_base"]}</link>{body}</channel></rss>'


def populate(harness, ready):
    """100 feeds of 100 items subscribed through the API; 2,000 read and 200 starred."""
    form = urllib.parse.urlencode({"Email": ready["user"], "Passwd": ready["password"]}).encode()
    answer = urllib.request.urlopen(ready["api"] + "/accounts/ClientLogin", data=form).read().decode()
    headers = {"Authorization": "GoogleLogin auth=" + next(l[5:] for l in answer.splitlines() if l.startswith("Auth="))}
    token = urllib.request.urlopen(urllib.request.Request(ready["api"] + "/reader/api/0/token", headers=headers)).read().decode().strip()
    for number in range(FEEDS):
        with open(os.path.join(ready["feeds_dir"], f"f{number}.xml"), "w") as out:
            out.write(feed_xml(ready, number, ITEMS))
        body = urllib.parse.urlencode({"quickadd": f"{ready['feed_base']}f{number}.xml", "T": token}).encode()
        urllib.request.urlopen(urllib.request.Request(ready["api"] + "/reader/api/0/subscription/quickadd?output=json",
                                                      data=body, headers=headers)).read()
    harness.sql(f"UPDATE entry SET is_read = 1 WHERE id IN (SELECT id FROM entry ORDER BY id LIMIT {READ})")
    harness.sql(f"UPDATE entry SET is_favorite = 1 WHERE id IN (SELECT id FROM entry ORDER BY id DESC LIMIT {STARRED})")


def change(harness, ready, round_number):
    """50 new articles (two feeds grow by 25, fetched by FreshRSS) and 25 read + 25 starred there."""
    for number in (0, 1):
        with open(os.path.join(ready["feeds_dir"], f"f{number}.xml"), "w") as out:
            out.write(feed_xml(ready, number, ITEMS + (round_number + 1) * NEW // 2))
    harness.sql(f"UPDATE entry SET is_read = 1 WHERE id IN (SELECT id FROM entry WHERE is_read = 0 ORDER BY id DESC LIMIT {STATE // 2})")
    harness.sql(f"UPDATE entry SET is_favorite = 1 WHERE id IN (SELECT id FROM entry WHERE is_favorite = 0 ORDER BY id LIMIT {STATE // 2})")
    harness.actualize()


def server_counts(harness):
    return {"articles": int(harness.sql("SELECT count(*) FROM entry")),
            "unread": int(harness.sql("SELECT count(*) FROM entry WHERE is_read = 0")),
            "starred": int(harness.sql("SELECT count(*) FROM entry WHERE is_favorite = 1"))}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--floor":
        api, user, password, since, library = sys.argv[2:7]
        floor(api, user, password, int(since), library)
        return
    if len(sys.argv) != 2:
        raise SystemExit("usage: bench_sync_freshrss.py LECTERN_BENCH")
    if not os.access(FRESHRSS, os.X_OK):
        log("skipped: the shared FreshRSS (../shared/servers/freshrss beside the package folder) is absent")
        return
    from freshrss_harness import Harness
    bench, cpu = os.path.abspath(sys.argv[1]), cpu_model()

    def emit(name, lecterns, floors, problems, windows, **fields):
        for problem in problems:
            log(f"WRONG {name}: {problem}")
        lectern_s = statistics.median(r["seconds"] for r in lecterns)
        floor_s = statistics.median(r["seconds"] for r in floors)
        print(json.dumps(dict(bench=name, server="FreshRSS 1.25", lectern_s=lectern_s, floor_s=floor_s,
                              ratio=round(statistics.median(r["seconds"] / f["seconds"] for r, f in zip(lecterns, floors)), 2),
                              lectern_rounds_s=[r["seconds"] for r in lecterns],
                              # until every article is also searchable (its search text is indexed after the sync)
                              lectern_searchable_s=round(statistics.median(r["seconds"] + r["index_seconds"] for r in lecterns), 3),
                              floor_rounds_s=[r["seconds"] for r in floors],
                              lectern_process_cpu_s=statistics.median(r["process_cpu_s"] for r in lecterns),
                              lectern_peak_rss_mb=statistics.median(r["peak_rss_mb"] for r in lecterns),
                              floor_peak_rss_mb=statistics.median(r["peak_rss_mb"] for r in floors),
                              **window_figures(windows),
                              correct=not problems, cpu=cpu, **fields)), flush=True)

    began = time.perf_counter()
    harness = Harness(os.path.abspath(FRESHRSS))
    try:
        ready = harness.info()
        populate(harness, ready)
        server = server_counts(harness)
        log(f"server ready in {time.perf_counter() - began:.0f} s: {server}")
        with tempfile.TemporaryDirectory(prefix="lectern-bench-freshrss-") as work:
            lecterns, floors, problems = [], [], []
            run_floor(ready, 0, None)   # untimed: warms FreshRSS for both (whoever went first paid for it)
            for number in range(FIRST_ROUNDS):
                library = os.path.join(work, f"first{number}.sqlite")
                record, floor_record = paired(number, lambda: lectern(bench, ready, library, kind="greader"),
                                              lambda: run_floor(ready, 0, None))
                stored = library_counts(library)
                log(f"first sync round {number + 1}: Lectern {record['seconds']} s, floor {floor_record['seconds']} s; library {stored}")
                lecterns.append(record)
                floors.append(floor_record)
                if stored != server or record["new"] != ARTICLES or floor_record["articles"] != ARTICLES:
                    problems.append(f"round {number + 1}: Lectern {record}, floor {floor_record}, library {stored}, server {server}")
            windows = [lectern(bench, ready, os.path.join(work, f"window{number}.sqlite"), kind="greader", window_reads=True)
                       for number in range(WINDOW_SYNCS)]
            log(f"first syncs with the window's reads: {[w['seconds'] for w in windows]} s, "
                f"reads p99 {window_figures(windows)['window_read_p99_ms']} ms")
            emit("sync-first-freshrss", lecterns, floors, problems, windows, articles=ARTICLES,
                 **{k: server[k] for k in ("unread", "starred")})

            # The floor fetches what the library lacked before the round (a copy of it); both look a
            # day back from now. Its first run each round is not timed: it warms FreshRSS for both
            # (whoever went first paid for that).
            library = os.path.join(work, f"first{FIRST_ROUNDS - 1}.sqlite")
            before = os.path.join(work, "before.sqlite")
            lecterns, floors, problems = [], [], []
            for number in range(INCREMENTAL_ROUNDS):
                change(harness, ready, number)
                server = server_counts(harness)
                source, copy = sqlite3.connect(library), sqlite3.connect(before)
                source.backup(copy)
                source.close()
                copy.close()
                run_floor(ready, int(time.time()), before)
                record, floor_record = paired(number, lambda: lectern(bench, ready, library, kind="greader"),
                                              lambda: run_floor(ready, int(time.time()), before))
                stored = library_counts(library)
                log(f"incremental round {number + 1}: Lectern {record['seconds']} s ({record['new']} new, {record['state_changes']} "
                    f"state changes, {record['peak_rss_mb']} MB), floor {floor_record['seconds']} s; library {stored}")
                lecterns.append(record)
                floors.append(floor_record)
                if stored != server or record["new"] != NEW or record["state_changes"] != STATE or floor_record["articles"] != NEW:
                    problems.append(f"round {number + 1}: Lectern {record}, library {stored}, server {server}")
            change(harness, ready, INCREMENTAL_ROUNDS)
            window = lectern(bench, ready, library, kind="greader", window_reads=True)
            log(f"incremental sync with the window's reads: {window['seconds']} s, reads p99 {window['read_p99_ms']} ms")
            emit("sync-incremental-freshrss", lecterns, floors, problems, [window], changes=NEW + STATE)
    finally:
        harness.stop()
    log(f"done in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
