"""make check-package's report and the few helpers every part of it uses (scripts/check-package.py)."""
import contextlib
import pathlib
import subprocess
import time


class Stop(Exception):
    """A check failed that the rest of a root's checks depend on."""


class Report:
    """The run's lines (ok / FAIL with evidence), its failures, notes and each phase's time."""

    def __init__(self):
        self.failures, self.notes, self.phases = [], [], []
        self.depth = 0
        self.started = time.monotonic()

    def check(self, where, what, passed, evidence=""):
        line = f"[{where}] {what}" + (f": {evidence}" if evidence else "")
        print(f"{'  ' * self.depth}{'ok  ' if passed else 'FAIL'} {line}", flush=True)
        if not passed:
            self.failures.append(line)
        return passed

    def require(self, where, what, passed, evidence=""):
        if not self.check(where, what, passed, evidence):
            raise Stop(f"[{where}] {what}")

    def note(self, where, text, keep=False):
        """A fact worth seeing beside the checks; KEEP repeats it in the summary."""
        print(f"{'  ' * self.depth}  .. [{where}] {text}", flush=True)
        if keep:
            self.notes.append(f"[{where}] {text}")

    @contextlib.contextmanager
    def phase(self, name):
        print(f"{'  ' * self.depth}== {name}", flush=True)
        entry = [name, self.depth, 0.0]
        self.phases.append(entry)
        self.depth += 1
        started = time.monotonic()
        try:
            yield
        finally:
            entry[2] = time.monotonic() - started
            self.depth -= 1

    def summary(self):
        print("\n== Summary")
        for name, depth, seconds in self.phases:
            print(f"  {'  ' * depth}{name:<{56 - 2 * depth}} {minutes(seconds)}")
        print(f"  {'total':<56} {minutes(time.monotonic() - self.started)}")
        for note in self.notes:
            print(f"  note: {note}")
        if self.failures:
            print(f"\n{len(self.failures)} check(s) FAILED:")
            for failure in self.failures:
                print(f"  FAIL {failure}")
            return 1
        print("\nEvery check passed.")
        return 0


def minutes(seconds):
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def run(command, cwd=None, log=None):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace")
    if log:
        pathlib.Path(log).write_text(f"$ {' '.join(map(str, command))}\n{result.stdout}{result.stderr}")
    return result


def tail(text, lines=6):
    """The last LINES lines of TEXT on one line, for evidence."""
    return " | ".join(line.strip() for line in text.strip().splitlines()[-lines:])


def deb_field(deb, field):
    return run(["dpkg-deb", "--field", str(deb), field]).stdout.strip()


def upstream(version):
    """The version without its Debian revision: what `lectern --version` prints."""
    return version.rsplit("-", 1)[0]


def version_holds(version, relation, wanted):
    operators = {">=": "ge", "<=": "le", ">>": "gt", "<<": "lt", "=": "eq"}
    return subprocess.run(["dpkg", "--compare-versions", version, operators[relation], wanted]).returncode == 0
