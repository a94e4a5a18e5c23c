#!/usr/bin/env python3
"""A real Tiny Tiny RSS server on loopback for Lectern's sync tests (python3 stdlib only, run as root).

Needs Debian's tt-rss, PHP 8.2 and PostgreSQL 15 as scripts/install-ttrss.sh installs them (with
Tests/SyncTests/Fixtures/ttrss/config.php as /etc/tt-rss/config.php, which reads TTRSS_* variables).

Each run gets a fresh directory (under /dev/shm when it is a tmpfs, else the temp dir;
TTRSS_HARNESS_TMPDIR overrides) and starts, all on loopback:
  - a private PostgreSQL cluster (trust auth, fsync off) on 127.0.0.1:<free port>, with the tt-rss
    schema and the API user tester/secret (ENABLE_API_ACCESS=true), copied from a template cluster
    that the first run makes and keeps beside the run directories (lectern-ttrss-template-KEY, ~40 MB;
    remade when PostgreSQL, the schema or TEMPLATE_VERSION change; TTRSS_HARNESS_NO_TEMPLATE=1 skips
    it): about 0.2 s to ready with it, 1-3 s without;
  - tt-rss itself, `php -S 127.0.0.1:<free port> -t /usr/share/tt-rss/www` as www-data, with
    ttrss/router.php serving the instance's fetched feed icons at /feed-icons/<id>.ico. It answers
    one request at a time; TTRSS_HARNESS_WEB_WORKERS=N makes it N worker processes answering side
    by side (PHP_CLI_SERVER_WORKERS), as tt-rss behind php-fpm or Apache does (the benches). The
    server and its workers are a process group of their own, stopped together; should the harness
    be killed outright, the kernel stops the server but not its workers;
  - a feed server on port 80 (tt-rss fetches from ports 80 and 443 only) serving feeds_dir, on
    127.0.0.1 or, when that is taken, another 127.0.0.x. Files are sent as they are on disk at each
    request, without Last-Modified, and conditional requests are answered in full.

When ready it prints one JSON line on stdout:
  {"api": "http://127.0.0.1:PORT/", "user": "tester", "password": "secret",
   "feeds_dir": "/abs/path", "feed_base": "http://[::ffff:127.0.0.1]/"}
The JSON API is POST <api>api/ with a JSON body. A feed written to feeds_dir/NAME is subscribed as
feed_base + NAME: tt-rss refuses hosts that look local (localhost, 127.*, ::1), and the bracketed
IPv4-mapped address passes its checks while curl still connects to loopback.

Then it reads one command a line on stdin (blank lines are skipped) and answers one line on stdout,
"ok" or "error: REASON" unless said otherwise:
  update          fetch every feed now: php update.php --feeds as www-data (feeds marked due first)
  api off|on      set the user's ENABLE_API_ACCESS preference (login then answers API_DISABLED)
  web stop|start  stop, or start again on the same port, only the tt-rss server (PostgreSQL and
                  the feed server keep running); both are no-ops when already in that state
  sql STATEMENT   run one SQL statement in tt-rss's database; the answer is the first column of the
                  rows it returns, joined by "," (an empty line for none; NULL is empty; newlines
                  in values are sent as \\n), or "error: ..."
  hits PATH       how many requests the feed server has had for PATH (e.g. /feed.xml)
  ping            ok
  quit            ok, then stop everything as at end of input
On end of input (the test process went away), quit, SIGTERM, SIGINT or SIGHUP it stops every
process it started, by PID (PostgreSQL with pg_ctl stop -m fast), and removes the run directory.
If the harness itself is killed, the kernel ends its children (setpriv --pdeathsig).

Diagnostics go to stderr only; a failure at start is one line there and a non-zero exit.
Set TTRSS_HARNESS_KEEP=1 to keep the run directory (logs in RUN/log) after the end, and
TTRSS_HARNESS_VERBOSE=1 to log the feed server's requests.
"""
import errno
import functools
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

WWW = "/usr/share/tt-rss/www"
SCHEMA = "/usr/share/tt-rss/schema/ttrss_schema_pgsql.sql"
CONFIG = "/etc/tt-rss/config.php"
PGBIN = "/usr/lib/postgresql/15/bin"
PHP = "/usr/bin/php"
# php -S's router: the instance's feed icons at /feed-icons/, everything else to tt-rss.
ROUTER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ttrss", "router.php")
PSQL = "/usr/bin/psql"
INSTALL_HINT = "run scripts/install-ttrss.sh"
USER = "tester"
PASSWORD = "secret"
DB_USER = "ttrss"
DB_NAME = "ttrss"
RUN_PREFIX = "lectern-ttrss-"
TEMPLATE_PREFIX = "lectern-ttrss-template-"
TEMPLATE_VERSION = "2"                   # change to rebuild every cached template
WEB_WORKERS = max(1, int(os.environ.get("TTRSS_HARNESS_WEB_WORKERS") or 1))
# The API user, with every preference at its default as tt-rss's first login would make them, and
# API access on (login reads ENABLE_API_ACCESS before it initialises anything).
USERS_SQL = """
INSERT INTO ttrss_users (login, pwd_hash, salt, access_level, created)
  VALUES ('{user}', '{pwd_hash}', '{salt}', 0, NOW());
INSERT INTO ttrss_user_prefs (owner_uid, pref_name, profile, value)
  SELECT u.id, p.pref_name, NULL, CASE WHEN p.pref_name = 'ENABLE_API_ACCESS' THEN 'true' ELSE p.def_value END
  FROM ttrss_users u, ttrss_prefs p WHERE u.login = '{user}';
"""
PATH_ENV = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PG_ENV = {"PATH": PATH_ENV, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

SETPRIV = "/usr/bin/setpriv"


def log(message):
    print(f"ttrss_harness: {message}", file=sys.stderr, flush=True)


class StartError(Exception):
    pass


class CommandError(Exception):
    pass


def as_user(user, death_signal="TERM"):
    """The command prefix that runs a program as user (no supplementary groups); setpriv execs it,
    so the child's PID is the program's. The kernel sends it death_signal if the harness dies
    (set after the user switch, which would clear it)."""
    return [SETPRIV, f"--reuid={user}", f"--regid={user}", "--clear-groups", "--pdeathsig", death_signal, "--"]


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(host, port):
    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False


def world_traversable(path):
    path = os.path.abspath(path)
    while True:
        try:
            if not os.stat(path).st_mode & 0o001:
                return False
        except OSError:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


class FeedHandler(SimpleHTTPRequestHandler):
    """Files of feeds_dir as they are now: no Last-Modified, no 304s, no directory listings."""
    protocol_version = "HTTP/1.0"

    def _count(self):
        path = self.path.split("?", 1)[0]
        with self.server.hits_lock:
            self.server.hits[path] = self.server.hits.get(path, 0) + 1

    def do_GET(self):
        self._count()
        for name in ("If-Modified-Since", "If-None-Match"):
            del self.headers[name]
        super().do_GET()

    def do_HEAD(self):
        self._count()
        for name in ("If-Modified-Since", "If-None-Match"):
            del self.headers[name]
        super().do_HEAD()

    def list_directory(self, path):
        self.send_error(404, "Not found")
        return None

    def guess_type(self, path):
        lower = str(path).lower()
        if lower.endswith((".xml", ".rss", ".atom", ".rdf")):
            return "application/xml"
        return super().guess_type(path)

    def send_header(self, keyword, value):
        if keyword.lower() == "last-modified":
            return
        super().send_header(keyword, value)

    def log_message(self, format, *args):
        if os.environ.get("TTRSS_HARNESS_VERBOSE"):
            log("feed server: " + (format % args))


class FeedServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, feeds_dir):
        self.feeds_dir = feeds_dir
        self.hits = {}
        self.hits_lock = threading.Lock()
        super().__init__(address, functools.partial(FeedHandler, directory=feeds_dir))


class Harness:
    def __init__(self):
        self.run_dir = None
        self.postgres = None
        self.web = None
        self.feed_server = None
        self.feed_thread = None
        self.pg_port = None
        self.pg_dir = None
        self.web_port = None
        self.feed_host = None
        self.env = None
        self.logs = {}

    # ----------------------------------------------------------------- start

    def preflight(self):
        if os.geteuid() != 0:
            raise StartError("must run as root (tt-rss runs as www-data, PostgreSQL as postgres)")
        for path in (f"{WWW}/index.php", f"{WWW}/update.php", SCHEMA):
            if not os.path.exists(path):
                raise StartError(f"tt-rss is not installed ({path} is missing): {INSTALL_HINT}")
        for path in (PHP, PSQL, SETPRIV, f"{PGBIN}/initdb", f"{PGBIN}/postgres", f"{PGBIN}/pg_ctl"):
            if not os.access(path, os.X_OK):
                raise StartError(f"{path} is missing (PHP or PostgreSQL 15 is not installed): {INSTALL_HINT}")
        try:
            with open(CONFIG, encoding="utf-8", errors="replace") as f:
                if "TTRSS_BASE" not in f.read():
                    raise StartError(f"{CONFIG} is not Lectern's env-driven config: {INSTALL_HINT}")
        except OSError:
            raise StartError(f"{CONFIG} is missing: {INSTALL_HINT}") from None

    def clean_stale_runs(self, base):
        """Run directories (and half-made templates) of harnesses that were killed outright; their
        children died with them."""
        try:
            names = os.listdir(base)
        except OSError:
            return
        for name in names:
            path = os.path.join(base, name)
            if not name.startswith(RUN_PREFIX) or not os.path.isdir(path):
                continue
            try:
                if name.startswith(TEMPLATE_PREFIX):
                    if ".building-" not in name:
                        continue             # a finished template: kept for the next runs
                    pid = int(name.rsplit("-", 1)[1])
                else:
                    with open(os.path.join(path, "harness.pid")) as f:
                        pid = int(f.read().strip())
                os.kill(pid, 0)
                continue                     # its harness is alive
            except ProcessLookupError:
                pass
            except (OSError, ValueError):
                continue                     # not ours to judge
            try:
                with open(os.path.join(path, "pg", "postmaster.pid")) as f:
                    os.kill(int(f.readline().strip()), 0)
                continue                     # a postmaster still runs there: leave it be
            except (OSError, ValueError):
                pass
            shutil.rmtree(path, ignore_errors=True)

    @staticmethod
    def base_dir():
        """Where run directories go: TTRSS_HARNESS_TMPDIR, else /dev/shm when it is a roomy tmpfs
        (a PostgreSQL cluster is a thousand small files: copying one takes ~0.1 s there and ~2 s
        on this machine's disk), else the temp dir. www-data and postgres must reach it."""
        chosen = os.environ.get("TTRSS_HARNESS_TMPDIR")
        if chosen:
            return chosen
        try:
            shm = os.statvfs("/dev/shm")
            if (shm.f_bavail * shm.f_frsize > 1 << 30 and os.access("/dev/shm", os.W_OK | os.X_OK)
                    and world_traversable("/dev/shm")):
                return "/dev/shm"
        except OSError:
            pass
        base = tempfile.gettempdir()
        return base if world_traversable(base) else "/tmp"

    def make_run_dir(self):
        base = self.base_dir()
        self.clean_stale_runs(base)
        self.run_dir = tempfile.mkdtemp(prefix=RUN_PREFIX, dir=base)
        os.chmod(self.run_dir, 0o755)
        with open(os.path.join(self.run_dir, "harness.pid"), "w") as f:
            f.write(f"{os.getpid()}\n")
        for sub in ("pg", "log", "feeds", "lock", "feed-icons",
                    "cache", "cache/images", "cache/upload", "cache/export", "cache/feeds", "cache/js"):
            os.makedirs(os.path.join(self.run_dir, sub), exist_ok=True)
        www_uid, www_gid = self.ids("www-data")
        pg_uid, pg_gid = self.ids("postgres")
        for sub in ("lock", "feed-icons", "cache", "cache/images", "cache/upload", "cache/export", "cache/js"):
            os.chown(os.path.join(self.run_dir, sub), www_uid, www_gid)
        # cache/feeds stays root's: tt-rss then never serves a feed from its 30-second cache.
        os.chmod(os.path.join(self.run_dir, "cache/feeds"), 0o755)
        os.chown(os.path.join(self.run_dir, "pg"), pg_uid, pg_gid)
        os.chmod(os.path.join(self.run_dir, "pg"), 0o700)
        os.chmod(os.path.join(self.run_dir, "feeds"), 0o755)

    @staticmethod
    def ids(user):
        import pwd
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            raise StartError(f"there is no user {user}: {INSTALL_HINT}") from None
        return entry.pw_uid, entry.pw_gid

    def log_file(self, name):
        handle = self.logs.get(name)
        if handle is None or handle.closed:
            handle = open(os.path.join(self.run_dir, "log", f"{name}.log"), "ab", buffering=0)
            self.logs[name] = handle
        return handle

    def log_tail(self, name, lines=3):
        try:
            with open(os.path.join(self.run_dir, "log", f"{name}.log"), "rb") as f:
                text = f.read()[-4000:].decode("utf-8", "replace")
        except OSError:
            return ""
        tail = [line.strip() for line in text.splitlines() if line.strip()][-lines:]
        return " | ".join(tail)

    def initdb(self, pgdir):
        initdb = subprocess.run(
            as_user("postgres") + [f"{PGBIN}/initdb", "-D", pgdir, "-U", DB_USER, "-A", "trust", "-E", "UTF8",
                                   "--locale=C.UTF-8", "--wal-segsize=1", "--no-sync", "--no-instructions"],
            env=PG_ENV, cwd="/", stdin=subprocess.DEVNULL, stdout=self.log_file("initdb"),
            stderr=subprocess.STDOUT)
        if initdb.returncode != 0:
            raise StartError(f"initdb failed ({initdb.returncode}): {self.log_tail('initdb')}")

    def start_postgres(self, pgdir):
        for attempt in range(3):
            self.pg_port = free_port()
            self.postgres = subprocess.Popen(
                as_user("postgres", "QUIT") + [
                    f"{PGBIN}/postgres", "-D", pgdir, "-p", str(self.pg_port), "-k", "",
                    "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off", "-c", "shared_buffers=16MB", "-c", "max_connections=30",
                    "-c", "min_wal_size=2MB", "-c", "max_wal_size=64MB",
                    "-c", "logging_collector=off", "-c", "log_min_messages=warning"],
                env=PG_ENV, cwd="/", stdin=subprocess.DEVNULL, stdout=self.log_file("postgres"),
                stderr=subprocess.STDOUT)
            if self.wait_postgres_ready(pgdir):
                self.pg_dir = pgdir
                return
            self.postgres.wait()
            self.postgres = None
            log(f"PostgreSQL did not start on port {self.pg_port} (attempt {attempt + 1}): {self.log_tail('postgres', 2)}")
        raise StartError(f"PostgreSQL did not start: {self.log_tail('postgres')}")

    def template_key(self):
        digest = hashlib.sha256(TEMPLATE_VERSION.encode())
        digest.update(USERS_SQL.encode())
        for path in (f"{PGBIN}/postgres", SCHEMA):
            info = os.stat(path)
            digest.update(f"{path}:{info.st_size}:{info.st_mtime_ns}".encode())
        with open(SCHEMA, "rb") as f:
            digest.update(f.read())
        return digest.hexdigest()[:16]

    def ensure_template(self, base):
        """A stopped cluster with the schema and the user loaded, made once per machine (per
        PostgreSQL build, schema and harness version) and copied for each run: initdb and the
        schema take most of a cold start."""
        name = TEMPLATE_PREFIX + self.template_key()
        template = os.path.join(base, name)
        if os.path.exists(os.path.join(template, "lectern-template-complete")):
            return template
        began = time.monotonic()
        for other in os.listdir(base):               # templates of other versions
            if other.startswith(TEMPLATE_PREFIX) and other != name and ".building-" not in other:
                shutil.rmtree(os.path.join(base, other), ignore_errors=True)
        building = f"{template}.building-{os.getpid()}"
        shutil.rmtree(building, ignore_errors=True)
        os.mkdir(building, 0o700)
        os.chown(building, *self.ids("postgres"))
        try:
            self.initdb(building)
            self.start_postgres(building)
            self.load_database()
            self.stop_postgres()
            with open(os.path.join(building, "lectern-template-complete"), "w") as f:
                f.write("complete\n")
            try:
                os.rename(building, template)
            except OSError:                          # another harness made it first
                if not os.path.exists(os.path.join(template, "lectern-template-complete")):
                    raise
        finally:
            self.stop_postgres()
            shutil.rmtree(building, ignore_errors=True)
        log(f"made the PostgreSQL template {template} in {time.monotonic() - began:.2f}s")
        return template

    def make_database(self):
        pgdir = os.path.join(self.run_dir, "pg")
        if os.environ.get("TTRSS_HARNESS_NO_TEMPLATE") == "1":
            self.initdb(pgdir)
            self.start_postgres(pgdir)
            self.load_database()
            return
        template = self.ensure_template(os.path.dirname(self.run_dir))
        copy = subprocess.run(["cp", "-a", "--", f"{template}/.", pgdir], capture_output=True)
        if copy.returncode != 0:
            raise StartError(f"copying the PostgreSQL template failed: {copy.stderr.decode(errors='replace').strip()}")
        os.remove(os.path.join(pgdir, "lectern-template-complete"))
        self.start_postgres(pgdir)

    def wait_postgres_ready(self, pgdir, timeout=20):
        deadline = time.monotonic() + timeout
        pidfile = os.path.join(pgdir, "postmaster.pid")
        while time.monotonic() < deadline:
            if self.postgres.poll() is not None:
                return False
            try:
                with open(pidfile) as f:
                    lines = f.read().splitlines()
                if len(lines) >= 8 and lines[7].strip() == "ready":
                    return True
            except OSError:
                pass
            time.sleep(0.02)
        self.postgres.kill()
        return False

    def psql(self, args, database=DB_NAME, input_text=None, timeout=60):
        env = {"PATH": PATH_ENV, "LANG": "C.UTF-8", "PGOPTIONS": "-c client_min_messages=warning",
               "PGCONNECT_TIMEOUT": "5"}
        return subprocess.run(
            [PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(self.pg_port),
             "-U", DB_USER, "-d", database, *args],
            env=env, input=input_text, capture_output=True, timeout=timeout)

    def load_database(self):
        result = self.psql(["-c", f"CREATE DATABASE {DB_NAME}"], database="postgres")
        if result.returncode != 0:
            raise StartError(f"CREATE DATABASE failed: {result.stderr.decode(errors='replace').strip()}")
        salt = secrets.token_hex(16)
        pwd_hash = "MODE2:" + hashlib.sha256((salt + PASSWORD).encode("utf-8")).hexdigest()
        users = USERS_SQL.format(user=USER, pwd_hash=pwd_hash, salt=salt)
        result = self.psql(["-f", SCHEMA, "-f", "-"], input_text=users.encode())
        if result.returncode != 0:
            raise StartError(f"loading the tt-rss schema failed: {result.stderr.decode(errors='replace').strip()}")

    def start_feed_server(self):
        feeds_dir = os.path.join(self.run_dir, "feeds")
        hosts = ["127.0.0.1"] + [f"127.0.0.{n}" for n in range(2, 40)]
        last_error = None
        for host in hosts:
            try:
                self.feed_server = FeedServer((host, 80), feeds_dir)
            except OSError as error:
                last_error = error
                if error.errno in (errno.EADDRINUSE, errno.EADDRNOTAVAIL):
                    continue
                raise StartError(f"cannot serve feeds on {host}:80: {error}") from None
            self.feed_host = host
            if host != "127.0.0.1":
                log(f"127.0.0.1:80 is taken: feeds are served on {host}:80")
            self.feed_thread = threading.Thread(target=self.feed_server.serve_forever,
                                                kwargs={"poll_interval": 0.1}, daemon=True)
            self.feed_thread.start()
            return
        raise StartError(f"port 80 is taken on every address tried for the feed server: {last_error}")

    def web_env(self):
        return {
            "PATH": PATH_ENV, "LANG": "C.UTF-8", "HOME": self.run_dir,
            "TTRSS_BASE": self.run_dir,
            "TTRSS_DB_HOST": "127.0.0.1", "TTRSS_DB_PORT": str(self.pg_port),
            "TTRSS_DB_USER": DB_USER, "TTRSS_DB_NAME": DB_NAME, "TTRSS_DB_PASS": "",
            "TTRSS_SELF_URL_PATH": f"http://127.0.0.1:{self.web_port}/",
        } | ({"PHP_CLI_SERVER_WORKERS": str(WEB_WORKERS)} if WEB_WORKERS > 1 else {})

    def spawn_web(self):
        # A copy in the run folder, which www-data can read wherever the checkout is.
        router = os.path.join(self.run_dir, "router.php")
        if not os.path.exists(router):
            shutil.copyfile(ROUTER, router)
            os.chmod(router, 0o644)
        # Its own process group: php -S's workers are its children, and go with it (stop_web).
        self.web = subprocess.Popen(
            as_user("www-data") + [PHP, "-S", f"127.0.0.1:{self.web_port}", "-t", WWW, router],
            env=self.web_env(), cwd=WWW, stdin=subprocess.DEVNULL, stdout=self.log_file("web"),
            stderr=subprocess.STDOUT, process_group=0)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.web.poll() is not None:
                self.web = None
                return False
            if port_open("127.0.0.1", self.web_port):
                return True
            time.sleep(0.02)
        self.stop_web()
        return False

    def start_web(self):
        for attempt in range(3):
            self.web_port = free_port()
            if self.spawn_web():
                return
            log(f"php -S did not start on port {self.web_port} (attempt {attempt + 1}): {self.log_tail('web', 2)}")
        raise StartError(f"the tt-rss server (php -S) did not start: {self.log_tail('web')}")

    def start(self):
        began = time.monotonic()
        self.preflight()
        self.make_run_dir()
        self.start_feed_server()
        self.make_database()
        self.start_web()
        log(f"ready in {time.monotonic() - began:.2f}s: run dir {self.run_dir}, PostgreSQL 127.0.0.1:{self.pg_port}, "
            f"tt-rss 127.0.0.1:{self.web_port}, feeds {self.feed_host}:80")
        return {
            "api": f"http://127.0.0.1:{self.web_port}/",
            "user": USER,
            "password": PASSWORD,
            "feeds_dir": os.path.join(self.run_dir, "feeds"),
            "feed_base": f"http://[::ffff:{self.feed_host}]/",
        }

    # ------------------------------------------------------------------ stop

    def stop_web(self):
        web, self.web = self.web, None
        if web is None or web.poll() is not None:
            return
        # The group whose id is the server's PID: the server and its workers, which outlive it.
        os.killpg(web.pid, signal.SIGTERM)
        try:
            web.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(web.pid, signal.SIGKILL)
            web.wait()
        if WEB_WORKERS > 1:
            try:
                os.killpg(web.pid, signal.SIGKILL)  # a worker still winding down
            except ProcessLookupError:
                pass

    def stop_postgres(self):
        postgres, self.postgres = self.postgres, None
        if postgres is None or postgres.poll() is not None:
            return
        try:
            subprocess.run(as_user("postgres") + [f"{PGBIN}/pg_ctl", "-D", self.pg_dir,
                                                  "-m", "fast", "-w", "-t", "10", "-s", "stop"],
                           env=PG_ENV, cwd="/",
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=self.log_file("postgres"), timeout=20)
        except (OSError, subprocess.SubprocessError) as error:
            log(f"pg_ctl stop failed: {error}")
        try:
            postgres.wait(timeout=10)
        except subprocess.TimeoutExpired:
            postgres.send_signal(signal.SIGQUIT)          # immediate shutdown: ends its backends too
            try:
                postgres.wait(timeout=5)
            except subprocess.TimeoutExpired:
                postgres.kill()
                postgres.wait()

    def stop(self):
        self.stop_web()
        if self.feed_server is not None:
            self.feed_server.shutdown()
            self.feed_server.server_close()
            self.feed_server = None
        self.stop_postgres()
        for handle in self.logs.values():
            handle.close()
        if self.run_dir and os.environ.get("TTRSS_HARNESS_KEEP") != "1":
            shutil.rmtree(self.run_dir, ignore_errors=True)
        elif self.run_dir:
            log(f"kept {self.run_dir}")

    # -------------------------------------------------------------- commands

    def sql_rows(self, statement):
        result = self.psql(["-A", "-t", "-F", "\x1f", "-R", "\x1e", "-c", statement])
        if result.returncode != 0:
            message = result.stderr.decode("utf-8", "replace").strip().splitlines()
            raise CommandError(message[0] if message else f"psql exited {result.returncode}")
        text = result.stdout.decode("utf-8", "replace")
        if text.endswith("\n"):
            text = text[:-1]
        if text == "":
            return []
        return [record.split("\x1f")[0] for record in text.split("\x1e")]

    def command_update(self):
        self.sql_rows("UPDATE ttrss_feeds SET last_updated = NULL, last_update_started = NULL")
        handle = self.log_file("update")
        try:
            result = subprocess.run(
                as_user("www-data") + [PHP, "update.php", "--feeds", "--quiet"],
                env=self.web_env(), cwd=WWW, stdin=subprocess.DEVNULL, stdout=handle, stderr=handle,
                timeout=300)
        except subprocess.TimeoutExpired:
            raise CommandError("update.php took more than 300 s") from None
        if result.returncode != 0:
            raise CommandError(f"update.php exited {result.returncode}: {self.log_tail('update', 1)}")

    def command_api(self, argument):
        if argument not in ("on", "off"):
            raise CommandError("usage: api on|off")
        value = "true" if argument == "on" else "false"
        rows = self.sql_rows(
            f"UPDATE ttrss_user_prefs SET value = '{value}' WHERE pref_name = 'ENABLE_API_ACCESS' "
            f"AND owner_uid = (SELECT id FROM ttrss_users WHERE login = '{USER}') RETURNING owner_uid")
        if not rows:
            raise CommandError("the user has no ENABLE_API_ACCESS preference")

    def command_web(self, argument):
        if argument == "stop":
            self.stop_web()
        elif argument == "start":
            if self.web is not None and self.web.poll() is None:
                return
            if not self.spawn_web():
                raise CommandError(f"php -S did not start again on port {self.web_port}: {self.log_tail('web', 1)}")
        else:
            raise CommandError("usage: web stop|start")

    def handle(self, line):
        """One command line -> one answer line (without the newline)."""
        verb, _, argument = line.strip().partition(" ")
        argument = argument.strip()
        try:
            if verb == "update":
                self.command_update()
            elif verb == "api":
                self.command_api(argument)
            elif verb == "web":
                self.command_web(argument)
            elif verb == "sql":
                if not argument:
                    raise CommandError("usage: sql STATEMENT")
                return ",".join(value.replace("\r", "\\r").replace("\n", "\\n") for value in self.sql_rows(argument))
            elif verb == "hits":
                with self.feed_server.hits_lock:
                    return str(self.feed_server.hits.get(argument, 0))
            elif verb in ("ping", "quit"):
                pass
            else:
                raise CommandError(f"unknown command: {verb or '(empty line)'}")
            return "ok"
        except CommandError as error:
            return f"error: {error}".replace("\n", " ")
        except (OSError, subprocess.SubprocessError) as error:
            return f"error: {error}".replace("\n", " ")


class Stop(BaseException):
    pass


def on_signal(signum, frame):
    raise Stop(signal.Signals(signum).name)


def main():
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, on_signal)
    harness = Harness()
    status = 0
    try:
        ready = harness.start()
        print(json.dumps(ready), flush=True)
        for line in sys.stdin:
            if not line.strip():
                continue
            answer = harness.handle(line)
            print(answer, flush=True)
            if line.strip() == "quit":
                break
    except StartError as error:
        log(f"cannot start: {error}")
        status = 1
    except Stop as reason:
        log(f"{reason}: stopping")
    except BrokenPipeError:
        log("stdout closed: stopping")
    except Exception as error:  # anything unexpected: still clean up, and say why
        log(f"failed: {type(error).__name__}: {error}")
        status = 1
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
        harness.stop()
    sys.exit(status)


if __name__ == "__main__":
    main()
