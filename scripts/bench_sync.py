#!/usr/bin/env python3
"""Syncing a Tiny Tiny RSS account, Lectern beside a bare reference client (the floor), against
a real tt-rss on loopback (Tests/SyncTests/Fixtures/ttrss_harness.py; run as root). Prints one
JSON line per figure, each with the CPU model: machines of one kind differ, so only the
same-run ratios carry over. Setup and progress go to stderr.

  bench_sync.py LECTERN_BENCH

- the server answers two requests side by side (php -S with two workers, as tt-rss behind php-fpm
  or Apache answers several): the floor makes its calls one at a time, Lectern up to two at once
  (pages asked for ahead; in a later sync, the subscriptions beside the categories and the counts
  beside the first page);
- setup: 100 RSS feeds of 100 items (10,000 articles, the last 20 days, ~1 KB of HTML each),
  subscribed through the API and fetched by tt-rss itself (update.php for half, the API's
  updateFeed for the other half at the same time); then 2,000 marked read and 200 starred;
- first sync: one untimed floor run to warm the server, then `lectern-bench sync` into a fresh
  library and the floor's same calls, 5 rounds (a fresh library each round), who goes first
  alternating. Target 10 s;
- incremental sync: 50 new articles (appended to a feed file, fetched by tt-rss's updateFeed)
  and 50 state changes (25 read, 25 starred) on the server, then `lectern-bench sync` again with
  the last first sync's library and the floor's since_id pull; 7 rounds. Then 50 new articles
  alone (nothing changed elsewhere: no id lists), 7 rounds. Target 0.5 s. Before each round the
  floor runs once untimed: tt-rss's first answers after a change are slower (its caches), and
  whoever went first paid for that; then both, who goes first alternating;
- each figure: the medians of the rounds, and `ratio`, the median of the rounds' own ratios (the
  server's speed drifts by a third between rounds on this machine, 9 to 13.7 s for one first
  sync: a ratio of medians taken from different rounds carried that drift);
- correct: Lectern's articles, new articles and state changes, and the library's article,
  unread and starred counts against the server's;
- the window's reads while the sync writes: after the timed rounds of the first sync (two syncs,
  their reads pooled) and of the incremental sync, one more sync of Lectern's alone in which `lectern-bench sync` times a list
  page and the unread counts every 16 ms on the library's read connection (p99, longest, and that
  sync's own time). The timed rounds go without those reads: the floor has no window, and a
  window reading 60 times a second for a whole first sync spent a third of Lectern's CPU on it
  (perf), which the window, reading when told of a change, does not.
Both figures are mostly tt-rss's own time (the floor's): its getHeadlines costs ~1 ms an article
in PHP, with or without content, so the whole unread id list (8,000 ids, 40 calls) would be ~10 s;
the first sync does without the lists, and a later one reads only the unread ids of the feeds whose
counts moved (getCounters) and the starred ids. The whole takes ~4 minutes on 2 cores.

The floor is this file run as `--floor API USER PASSWORD SINCE_ID FEEDS` in a child process: python's
urllib with one User-Agent, making the calls Lectern makes (TinyTinyRSSSync.swift) with the same
pagination (not getLabels: the bench's user has no label, which getCounters already shows), parsing each answer's JSON and keeping only the ids; it times login to logout as
Lectern does and reports its own peak RSS.
"""
import html, json, os, resource, sqlite3, statistics, subprocess, sys, tempfile, threading, time
import urllib.request
from email.utils import formatdate

# Rounds of each sync (LECTERN_BENCH_SYNC_ROUNDS=FIRST,INCREMENTAL overrides; INCREMENTAL for the
# new-only rounds too): a first-sync round costs ~10 s of the server's time twice over, an
# incremental one ~2 s with its changes.
FIRST_ROUNDS, INCREMENTAL_ROUNDS = (int(n) for n in os.environ.get("LECTERN_BENCH_SYNC_ROUNDS", "5,7").split(","))
FEEDS = 100
ITEMS = 100
ARTICLES = FEEDS * ITEMS
READ, STARRED = 2000, 200
NEW, STATE = 50, 50
FIRST_TARGET, INCREMENTAL_TARGET = 10, 0.5
PAGE = 200                  # TinyTinyRSSClient.pageSize, tt-rss's own cap
WEB_WORKERS = 2             # tt-rss answers two requests side by side, as behind php-fpm or Apache
WINDOW_SYNCS = 2            # first syncs timed with the window's reads, their reads pooled (~300 each)
WINDOW_DAYS = 30            # SyncOptions.windowDays
HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "Tests", "SyncTests", "Fixtures", "ttrss_harness.py")
WORDS = ("feed reader article sync server client paragraph library history window morning evening "
         "river garden music letter station harbour market winter summer bridge lantern").split()


def log(message):
    print(f"bench_sync: {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------- the floor

def floor(api, user, password, since, lists):
    """One sync's calls, as Lectern makes them; prints one JSON line (seconds, peak RSS)."""
    url = api + "api/"
    agent = "lectern-bench-floor/1"
    sid = None

    def call(op, **parameters):
        body = dict(parameters, op=op)
        if sid:
            body["sid"] = sid
        try:
            return api_call(url, body, agent, timeout=60)
        except RuntimeError as error:
            raise SystemExit(f"floor: {error}")

    def headlines(query, skip, content):
        return call("getHeadlines", **query, limit=PAGE, skip=skip, show_content=content, show_excerpt=False)

    def ids(query):
        found = []
        while True:
            rows = headlines(query, len(found), False)
            found += [int(row["id"]) for row in rows]
            if len(rows) < PAGE:
                return found

    def cpu():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    calls = {}
    cpu_start = cpu()
    start = time.perf_counter()
    mark = start

    def phase(name):
        nonlocal mark
        now = time.perf_counter()
        calls[name] = round(now - mark, 3)
        mark = now

    sid = call("login", user=user, password=password)["session_id"]
    call("getCategories", include_empty=True)
    feeds = call("getFeeds", cat_id=-3)
    phase("login_feeds")
    seen = set()
    window = time.time() - WINDOW_DAYS * 86400
    queries = [{"feed_id": -4, "view_mode": "all_articles", "order_by": "date_reverse" if since else "feed_dates",
                "since_id": since}]
    if not since:
        queries.append({"feed_id": -1, "view_mode": "all_articles"})
    for index, query in enumerate(queries):
        skip = 0
        while True:
            rows = headlines(query, skip, True)
            seen.update(int(row["id"]) for row in rows)
            skip += len(rows)
            reached = not since and index == 0 and any(int(row.get("updated") or 0) < window for row in rows)
            if len(rows) < PAGE or reached:
                break
    phase("headlines")
    # Lectern compares the server's counts with what it expects; the first sync has every state
    # with its articles; in this bench's incremental sync the counts show the changes made on the
    # server in a few feeds, and Lectern reads those feeds' unread ids and the starred ids.
    call("getCounters", output_mode="f")
    unread, starred = [], []
    if lists:
        # The feeds whose counts moved (the bench knows which its changes touched), then the
        # starred ids, as Lectern reads them.
        for feed in lists:
            unread += ids({"feed_id": feed, "view_mode": "unread"})
        starred = ids({"feed_id": -1, "view_mode": "all_articles"})
        missing = [i for i in starred if i not in seen]
        for first in range(0, len(missing), PAGE):
            call("getArticle", article_id=",".join(map(str, missing[first:first + PAGE])))
    phase("state_ids")
    call("logout")
    seconds = time.perf_counter() - start
    cpu_seconds = cpu() - cpu_start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"tool": "floor", "seconds": round(seconds, 3), "cpu_s": round(cpu_seconds, 3),
                      "peak_rss_mb": round(peak, 1),
                      "feeds": len(feeds), "articles": len(seen), "unread": len(unread), "starred": len(starred),
                      "phases_s": calls}))


# ------------------------------------------------------------------------------- the server

class Harness:
    def __init__(self, log_path):
        self.log = open(log_path, "w")
        self.process = subprocess.Popen([sys.executable, HARNESS], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.log, text=True,
                                        env=os.environ | {"TTRSS_HARNESS_WEB_WORKERS": str(WEB_WORKERS)})
        line = self.process.stdout.readline()
        if not line:
            self.process.wait()
            raise SystemExit(f"bench_sync: the tt-rss harness did not start: {self.tail()}")
        self.ready = json.loads(line)

    def tail(self):
        self.log.flush()
        with open(self.log.name) as f:
            return " | ".join(f.read().strip().splitlines()[-3:])

    def command(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().rstrip("\n")
        if answer.startswith("error:") or not answer and self.process.poll() is not None:
            raise RuntimeError(f"harness: {line[:60]}: {answer or 'gone'} {self.tail()}")
        return answer

    def sql(self, statement):
        return self.command("sql " + " ".join(statement.split()))

    def count(self, where="true"):
        return int(self.sql(f"SELECT count(*) FROM ttrss_user_entries WHERE {where}"))

    def stop(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.terminate()
                self.process.wait()
        self.log.close()


def api_call(url, body, agent="lectern-bench-setup/1", timeout=120):
    """One tt-rss API call; its content, or RuntimeError naming the op and the server's answer."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "User-Agent": agent})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        answer = json.loads(response.read())
    if answer.get("status") != 0:
        raise RuntimeError(f"{body.get('op')}: {answer.get('content')}")
    return answer["content"]


def item_xml(base, feed, number, when):
    words = [WORDS[(feed * 7 + number * 3 + k) % len(WORDS)] for k in range(120)]
    paragraphs = "".join(f"<p>{' '.join(words[k:k + 30])} <em>{feed}.{number}</em> "
                         f"<a href=\"{base}site/{feed}/{number}.html#{k}\">more</a></p>" for k in range(0, 120, 30))
    body = f"<h2>Item {number} of feed {feed}</h2>{paragraphs}"
    return (f"<item><title>Feed {feed} item {number}: {words[0]} {words[1]}</title>"
            f"<link>{base}site/{feed}/{number}.html</link>"
            f"<guid isPermaLink=\"false\">lectern-bench-{feed}-{number}</guid>"
            f"<pubDate>{formatdate(when, usegmt=True)}</pubDate>"
            f"<description>{html.escape(body)}</description></item>\n")


def write_feed(directory, base, feed, items):
    with open(os.path.join(directory, f"feed{feed}.xml"), "w") as f:
        f.write(f"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel>"
                f"<title>Bench feed {feed}</title><link>{base}site/{feed}/</link>"
                f"<description>Feed {feed} of the sync bench</description>\n")
        f.writelines(items)
        f.write("</channel></rss>\n")


def populate(harness):
    ready = harness.ready
    base, directory, url = ready["feed_base"], ready["feeds_dir"], ready["api"] + "api/"
    now = time.time()
    span = 20 * 86400 - 3600
    items = {}
    for feed in range(FEEDS):
        # Interleaved dates, newest first in each file, all within the last 20 days.
        items[feed] = [item_xml(base, feed, number, now - 60 - span * (number * FEEDS + feed) / ARTICLES)
                       for number in range(ITEMS)]
        write_feed(directory, base, feed, items[feed])
    start = time.perf_counter()
    sid = api_call(url, {"op": "login", "user": ready["user"], "password": ready["password"]})["session_id"]
    for feed in range(FEEDS):
        status = api_call(url, {"op": "subscribeToFeed", "sid": sid, "feed_url": f"{base}feed{feed}.xml"})["status"]
        if status.get("code") != 1:
            raise RuntimeError(f"subscribing to feed{feed}.xml: {status}")
    subscribed = time.perf_counter() - start
    # tt-rss stores a feed's items at ~0.6 s a feed of 100 (some 2,400 queries), half in PHP and
    # half in PostgreSQL: two feeds at once use both cores. update.php fetches the first half
    # (the second is disabled for it meanwhile) while the API's updateFeed fetches the second.
    feed_ids = [int(i) for i in harness.sql("SELECT id FROM ttrss_feeds ORDER BY id").split(",")]
    by_api = feed_ids[len(feed_ids) // 2:]
    harness.sql(f"UPDATE ttrss_feeds SET update_interval = -1 WHERE id IN ({','.join(map(str, by_api))})")
    failure = []

    def update_php():
        try:
            harness.command("update")
        except Exception as error:  # reported below, after the other half
            failure.append(error)

    thread = threading.Thread(target=update_php)
    thread.start()
    for feed_id in by_api:
        api_call(url, {"op": "updateFeed", "sid": sid, "feed_id": feed_id})
    thread.join()
    if failure:
        raise failure[0]
    harness.sql("UPDATE ttrss_feeds SET update_interval = 0")
    api_call(url, {"op": "logout", "sid": sid})
    updated = time.perf_counter() - start - subscribed
    harness.sql("VACUUM ANALYZE")          # fresh statistics, as a server that has run for a while has
    count = harness.count()
    log(f"setup: {FEEDS} feeds subscribed in {subscribed:.1f} s, fetched by tt-rss (update.php and updateFeed) "
        f"in {updated:.1f} s: {count} articles")
    if count != ARTICLES:
        raise RuntimeError(f"tt-rss holds {count} articles, not {ARTICLES}")
    ranked = "SELECT int_id FROM (SELECT int_id, row_number() OVER (ORDER BY ref_id) AS n FROM ttrss_user_entries) s"
    harness.sql(f"UPDATE ttrss_user_entries SET unread = false, last_read = NOW() WHERE int_id IN ({ranked} WHERE n % {ARTICLES // READ} = 0)")
    harness.sql(f"UPDATE ttrss_user_entries SET marked = true, last_marked = NOW() WHERE int_id IN ({ranked} WHERE n % {ARTICLES // STARRED} = 1)")
    return items


def change(harness, items, round_number, state=STATE):
    """50 new articles in one feed (fetched by tt-rss) and `state` state changes on older articles;
    returns the newest article id before them and the feeds whose unread articles changed."""
    ready = harness.ready
    before = int(harness.sql("SELECT max(ref_id) FROM ttrss_user_entries"))
    feed = round_number % FEEDS
    now = time.time()
    fresh = [item_xml(ready["feed_base"], feed, ITEMS + round_number * NEW + k, now - k) for k in range(NEW)]
    items[feed] = fresh + items[feed]
    write_feed(ready["feeds_dir"], ready["feed_base"], feed, items[feed])
    start = time.perf_counter()
    feed_id = harness.sql(f"SELECT id FROM ttrss_feeds WHERE feed_url = '{ready['feed_base']}feed{feed}.xml'")
    url = ready["api"] + "api/"
    sid = api_call(url, {"op": "login", "user": ready["user"], "password": ready["password"]})["session_id"]
    api_call(url, {"op": "updateFeed", "sid": sid, "feed_id": int(feed_id)})
    api_call(url, {"op": "logout", "sid": sid})
    fetched = time.perf_counter() - start
    half = state // 2
    read = harness.sql(f"SELECT int_id FROM ttrss_user_entries WHERE unread AND ref_id <= {before} ORDER BY ref_id LIMIT {half}")
    touched = [int(f) for f in harness.sql(f"SELECT DISTINCT feed_id FROM ttrss_user_entries WHERE int_id IN ({read})").split(",")
               if f] if read else []
    if read:
        harness.sql(f"UPDATE ttrss_user_entries SET unread = false, last_read = NOW() WHERE int_id IN ({read})")
    harness.sql(f"UPDATE ttrss_user_entries SET marked = true, last_marked = NOW() WHERE int_id IN "
                f"(SELECT int_id FROM ttrss_user_entries WHERE NOT marked AND ref_id <= {before} "
                f"ORDER BY ref_id DESC LIMIT {state - half})")
    added = int(harness.sql(f"SELECT count(*) FROM ttrss_user_entries WHERE ref_id > {before}"))
    log(f"round {round_number + 1}: {added} new articles (tt-rss fetched them in {fetched:.1f} s), {state} state changes")
    if added != NEW:
        raise RuntimeError(f"tt-rss added {added} articles, not {NEW}")
    return before, touched


# ------------------------------------------------------------------------------- the bench

def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def lectern(bench, ready, library, kind="ttrss", window_reads=False):
    """One `lectern-bench sync` of a `kind` account: its JSON, with the whole process's wall and CPU
    time; with the window's reads timed meanwhile when `window_reads`."""
    cpu_start = children_cpu()
    start = time.perf_counter()
    out = subprocess.run([bench, "sync", "--server", ready["api"], "--user", ready["user"], "--password",
                          ready["password"], "--library", library, "--kind", kind,
                          "--window-reads", "on" if window_reads else "off"],
                         capture_output=True, text=True)
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu_start
    if out.returncode != 0:
        raise RuntimeError(f"lectern-bench sync exited {out.returncode}: {out.stderr.strip()[-400:]}")
    record = json.loads(out.stdout.strip().splitlines()[-1])
    record["process_s"] = round(wall, 3)
    record["process_cpu_s"] = round(cpu, 3)
    return record


def paired(round_number, run_lectern, run_floor):
    """Both syncs of one round (Lectern's record, the floor's), who goes first alternating from
    round to round."""
    if round_number % 2:
        floor_record = run_floor()
        return run_lectern(), floor_record
    record = run_lectern()
    return record, run_floor()


def window_figures(records):
    """The figures of the syncs timed with the window's reads (`lectern(..., window_reads=True)`),
    their reads pooled: a p99 wants a hundred reads or more, and a short sync makes a few dozen."""
    reads = sorted(t for record in records for t in record["reads_ms"])
    return {"window_read_p99_ms": reads[min(len(reads) - 1, len(reads) * 99 // 100)] if reads else 0,
            "window_read_longest_ms": reads[-1] if reads else 0, "window_reads": len(reads),
            "window_syncs": len(records),
            "lectern_with_window_reads_s": statistics.median(record["seconds"] for record in records)}


def run_floor(ready, since, feeds):
    """The floor's sync above `since`, reading the unread ids of `feeds` and the starred ids when
    `feeds` is not empty."""
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--floor", ready["api"], ready["user"],
                          ready["password"], str(since), ",".join(map(str, feeds))], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"the floor client failed: {out.stderr.strip()[-400:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def library_counts(path):
    with sqlite3.connect(path) as db:
        return {"articles": db.execute("SELECT count(*) FROM articles").fetchone()[0],
                "unread": db.execute("SELECT count(*) FROM articles WHERE read = 0").fetchone()[0],
                "starred": db.execute("SELECT count(*) FROM articles WHERE starred = 1").fetchone()[0]}


def server_counts(harness):
    return {"articles": harness.count(), "unread": harness.count("unread"), "starred": harness.count("marked")}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--floor":
        api, user, password, since, lists = sys.argv[2:7]
        floor(api, user, password, int(since), [int(f) for f in lists.split(",") if f])
        return
    if len(sys.argv) != 2:
        raise SystemExit("usage: bench_sync.py LECTERN_BENCH")
    bench = os.path.abspath(sys.argv[1])
    sys.path.insert(0, HERE)
    from bench_ratios import cpu_model
    cpu = cpu_model()

    def emit(record):
        record["cpu"] = cpu
        print(json.dumps(record), flush=True)

    def summary(bench_name, lecterns, floors, problems, fields, windows=None):
        for problem in problems:
            log(f"WRONG {bench_name}: {problem}")
        lectern_s = statistics.median(r["seconds"] for r in lecterns)
        floor_s = statistics.median(r["seconds"] for r in floors)
        ratio = statistics.median(r["seconds"] / f["seconds"] for r, f in zip(lecterns, floors))
        emit(dict({"bench": bench_name, "lectern_s": lectern_s, "floor_s": floor_s, "ratio": round(ratio, 2),
                   "lectern_peak_rss_mb": statistics.median(r["peak_rss_mb"] for r in lecterns),
                   "floor_peak_rss_mb": statistics.median(r["peak_rss_mb"] for r in floors),
                   "lectern_rounds_s": [r["seconds"] for r in lecterns], "floor_rounds_s": [r["seconds"] for r in floors],
                   # until every article is also searchable (its search text is indexed after the sync)
                   "lectern_searchable_s": round(statistics.median(r["seconds"] + r["index_seconds"] for r in lecterns), 3),
                   # CPU of the client itself (Lectern: the whole process); the rest is waiting on tt-rss.
                   "lectern_process_cpu_s": statistics.median(r["process_cpu_s"] for r in lecterns),
                   "floor_cpu_s": statistics.median(r["cpu_s"] for r in floors)},
                  # The window's reads (a list page and the unread counts every 16 ms) while Lectern
                  # wrote, in a sync of its own, and how long that sync took.
                  **(window_figures(windows) if windows else {}), **fields, correct=not problems))

    def describe(record, floor_record, stored):
        return (f"Lectern {record['seconds']} s ({record['process_s']} s the process, {record['process_cpu_s']} s CPU, "
                f"{record['peak_rss_mb']} MB, {record['new']} new, {record['state_changes']} state changes), "
                f"floor {floor_record['seconds']} s ({floor_record['cpu_s']} s CPU, {floor_record['phases_s']}); "
                f"library {stored}")

    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="lectern-bench-sync-") as work:
        harness = Harness(os.path.join(work, "harness.log"))
        try:
            ready = harness.ready
            items = populate(harness)
            server = server_counts(harness)

            # First sync: a fresh library each round, both on the same data. An
            # untimed floor run first warms tt-rss and PostgreSQL (a cold first round took twice as
            # long, for whoever went first).
            run_floor(ready, 0, [])
            lecterns, floors, problems = [], [], []
            for round_number in range(FIRST_ROUNDS):
                library = os.path.join(work, f"first{round_number}.sqlite")
                record, floor_record = paired(round_number, lambda: lectern(bench, ready, library),
                                              lambda: run_floor(ready, 0, []))
                stored = library_counts(library)
                lecterns.append(record)
                floors.append(floor_record)
                log(f"first sync round {round_number + 1}: {describe(record, floor_record, stored)}")
                if record["phase"] != "first" or record["articles"] != ARTICLES or record["new"] != ARTICLES \
                        or stored != server or floor_record["articles"] != ARTICLES:
                    problems.append(f"round {round_number + 1}: Lectern {record}, floor saw {floor_record['articles']}, "
                                    f"library {stored}, server {server}")
            windows = [lectern(bench, ready, os.path.join(work, f"window{number}.sqlite"), window_reads=True)
                       for number in range(WINDOW_SYNCS)]
            log(f"first syncs with the window's reads: {[w['seconds'] for w in windows]} s, "
                f"reads p99 {window_figures(windows)['window_read_p99_ms']} ms")
            summary("sync-first", lecterns, floors, problems,
                    {"articles": ARTICLES, "unread": server["unread"], "starred": server["starred"], "target_s": FIRST_TARGET},
                    windows)

            # Incremental: 100 changes on the server, then the last round's library syncs again; the
            # floor asks for what is above the same since_id (the newest id before the changes).
            library = os.path.join(work, f"first{FIRST_ROUNDS - 1}.sqlite")
            lecterns, floors, problems = [], [], []
            for round_number in range(INCREMENTAL_ROUNDS):
                since, touched = change(harness, items, round_number)
                server = server_counts(harness)
                run_floor(ready, since, touched)   # warms tt-rss for both: whoever went first paid for its caches
                record, floor_record = paired(round_number, lambda: lectern(bench, ready, library),
                                              lambda: run_floor(ready, since, touched))
                stored = library_counts(library)
                lecterns.append(record)
                floors.append(floor_record)
                log(f"incremental round {round_number + 1}: {describe(record, floor_record, stored)}")
                if record["phase"] != "again" or record["new"] != NEW or record["state_changes"] != STATE \
                        or floor_record["articles"] != NEW or stored != server:
                    problems.append(f"round {round_number + 1}: Lectern {record}, floor saw {floor_record['articles']} new, "
                                    f"library {stored}, server {server}")
            change(harness, items, INCREMENTAL_ROUNDS)
            window = lectern(bench, ready, library, window_reads=True)
            log(f"incremental sync with the window's reads: {window['seconds']} s, reads p99 {window['read_p99_ms']} ms")
            summary("sync-incremental", lecterns, floors, problems,
                    {"changes": NEW + STATE, "new": NEW, "state_changes": STATE, "target_s": INCREMENTAL_TARGET}, [window])

            # New articles only: the server's counts show nothing changed elsewhere, so Lectern
            # does without the id lists (the floor too).
            lecterns, floors, problems = [], [], []
            for round_number in range(INCREMENTAL_ROUNDS):
                since, _ = change(harness, items, INCREMENTAL_ROUNDS + 1 + round_number, state=0)
                server = server_counts(harness)
                run_floor(ready, since, [])   # warms tt-rss for both, as above
                record, floor_record = paired(round_number, lambda: lectern(bench, ready, library),
                                              lambda: run_floor(ready, since, []))
                stored = library_counts(library)
                lecterns.append(record)
                floors.append(floor_record)
                log(f"new articles only, round {round_number + 1}: {describe(record, floor_record, stored)}")
                if record["new"] != NEW or record["state_changes"] != 0 or stored != server:
                    problems.append(f"round {round_number + 1}: Lectern {record}, library {stored}, server {server}")
            summary("sync-incremental-new-only", lecterns, floors, problems,
                    {"changes": NEW, "new": NEW, "state_changes": 0, "target_s": INCREMENTAL_TARGET})
        finally:
            harness.stop()
    log(f"done in {time.perf_counter() - began:.0f} s")

if __name__ == "__main__":
    main()
