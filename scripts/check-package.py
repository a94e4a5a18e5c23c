#!/usr/bin/env python3
"""make check-package: Lectern's Debian package installed, used, upgraded, tampered with and
purged in clean Debian 12 and 13 roots, where no Swift toolchain ever was.

  1. packages       N from `make deb`; N+1 from a copy of the tree whose CHANGELOG.md has one
                    more release. LECTERN_PACKAGE_DEBS="N.deb N+1.deb" takes two built ones.
  2. repositories   two throwaway keys; scripts/apt-repo.py writes a repository with N and one
                    with N and N+1, and two tampered copies of the latter are made (a byte of
                    Packages changed; Release signed by a stranger); python's http.server
                    serves one at a time on 127.0.0.1 (package_repos.py)
  3. roots          bookworm and trixie from mmdebstrap, cached as tarballs (package_roots.py)
  4. each root      unpacked afresh: the repository trusted as a user would and `apt-get install
                    lectern`, every dependency from Debian; the program run by a normal user
                    (version, a feed, themes, German, the welcome page drawn in Paper); the
                    AppStream catalog; a reader's library and theme; the tampered repositories
                    refused; the upgrade to N+1 keeping library and settings; the purge leaving
                    only them.

Each check prints one line, ok or FAIL, with the root it ran in and its evidence; the summary
gives each phase's time and what apt and the checks noted. The exit status is 0 only when every
check passed. Every command run in a root has its output in the log folder, kept after a failure.
"""
import datetime
import os
import pathlib
import re
import shutil
import sys
import tempfile
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import package_repos  # noqa: E402 (the helpers beside this script)
import package_roots  # noqa: E402
from package_checks import RootChecks  # noqa: E402
from package_report import Report, Stop, deb_field, run, tail, version_holds  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADING = re.compile(r"^## [0-9][0-9A-Za-z.+~]* — \d{4}-\d{2}-\d{2}\s*$", re.M)


def changelog(query, tree=ROOT):
    return run([sys.executable, "scripts/changelog.py", query], cwd=tree).stdout.strip()


# -- 1. The packages --------------------------------------------------------------------------

def build_packages(report, work, logs):
    """[N.deb, N+1.deb] and their versions."""
    given = os.environ.get("LECTERN_PACKAGE_DEBS", "").split()
    if given:
        report.require("host", "LECTERN_PACKAGE_DEBS names two .deb files (N, then N+1)",
                       len(given) == 2 and all(pathlib.Path(deb).is_file() for deb in given), " ".join(given))
        debs = [pathlib.Path(deb).resolve() for deb in given]
        report.note("host", f"the packages given, not built: {', '.join(deb.name for deb in debs)}", keep=True)
    else:
        debs = [build_current(report, logs), build_next(report, work, logs)]
    versions = [deb_field(deb, "Version") for deb in debs]
    report.require("host", "both packages are lectern, N+1 newer than N",
                   all(deb_field(deb, "Package") == "lectern" for deb in debs)
                   and version_holds(versions[1], ">>", versions[0]),
                   f"N = {versions[0]}, N+1 = {versions[1]}")
    return debs, versions


def build_current(report, logs):
    deb = ROOT / f".build/deb/lectern_{changelog('version')}-1_amd64.deb"
    result = run(["make", "deb"], cwd=ROOT, log=logs / "make-deb-N.log")
    report.require("host", "make deb builds N", result.returncode == 0 and deb.is_file(),
                   deb.name if result.returncode == 0 else f"exit {result.returncode}: {tail(result.stderr)}")
    return deb


def build_next(report, work, logs):
    """N+1: the tree copied without its build output, one release prepended to its CHANGELOG.md,
    and `make deb` in the copy, with a scratch directory of its own. The release is dated
    today, or the day after N when N is dated today (lintian wants the newest entry newer)."""
    tree = work / "next-tree"
    result = run(["rsync", "-a", "--exclude=/.git/", "--exclude=/.build/", "--exclude=/.fuzz/",
                  "--exclude=/debian/lectern/", "--exclude=/debian/.debhelper/", f"{ROOT}/", f"{tree}/"])
    report.require("host", "the tree is copied for N+1", result.returncode == 0, tail(result.stderr))
    current = changelog("version")
    version = f"{current}+1"
    date = max(datetime.date.today(), datetime.date.fromisoformat(changelog("date")) + datetime.timedelta(days=1))
    notes = tree / "CHANGELOG.md"
    text = notes.read_text(encoding="utf-8")
    first = HEADING.search(text).start()
    release = (f"## {version} — {date}\n\n"
               f"A release made by `make check-package` to test upgrades: the same program as {current}.\n\n")
    notes.write_text(text[:first] + release + text[first:], encoding="utf-8")
    report.require("host", "the copy's CHANGELOG.md has N+1 as its newest release", changelog("version", tree) == version,
                   f"## {version} — {date}")
    result = run(["make", "deb"], cwd=tree, log=logs / "make-deb-N+1.log")
    deb = tree / f".build/deb/lectern_{version}-1_amd64.deb"
    report.require("host", "make deb builds N+1 in the copy", result.returncode == 0 and deb.is_file(),
                   deb.name if result.returncode == 0 else f"exit {result.returncode}: {tail(result.stderr)}")
    kept = work / deb.name
    shutil.copyfile(deb, kept)
    shutil.rmtree(tree)
    return kept


# -- 2. The repositories ----------------------------------------------------------------------

def make_repositories(report, work, keys, site, debs, versions):
    """{name: folder}: n (N), n+1 (N added later, as a release is published), and the tampered
    copies of n+1."""
    url = f"{site.url}/apt"
    repos = {name: work / "repos" / name for name in ("n", "n+1", "tampered-packages", "stranger-signed")}
    report.note("host", package_repos.publish(repos["n"], keys, url, debs[:1]))
    package_repos.copy(repos["n"], repos["n+1"])
    report.note("host", package_repos.publish(repos["n+1"], keys, url, debs[1:]))
    listed = re.findall(r"^Version: (.+)$", (repos["n+1"] / package_repos.PACKAGES).read_text(), re.M)
    report.require("host", "the upgrade's repository lists N and N+1 (its pool kept N)",
                   sorted(listed) == sorted(versions), ", ".join(listed))
    changed = package_repos.tamper_packages(repos["n+1"], repos["tampered-packages"], versions[1])
    report.note("host", f"tampered copy: N+1's “{changed}” in Packages (.gz, .xz made again), Release as signed")
    package_repos.resign(repos["n+1"], repos["stranger-signed"], keys)
    report.note("host", f"stranger-signed copy: InRelease and Release.gpg signed by {keys.stranger}")
    return repos


def check_root(report, suite, tarball, site, repos, versions, keys, logs):
    with package_roots.Root(suite, tarball) as root:
        checks = RootChecks(report, root, site, repos, versions, keys.stranger, logs)
        site.serve(repos["n"])
        steps = [("set-up: a user, German", checks.prepare), ("the repository trusted", checks.trust_repository),
                 ("lectern installed", checks.install), ("lectern used", checks.use),
                 ("AppStream", checks.appstream), ("a reader's library and theme", checks.reader_state),
                 ("tampered repositories refused", checks.tampering), ("upgrade to N+1", checks.upgrade),
                 ("purge", checks.purge)]
        for name, step in steps:
            with report.phase(name):
                step()


def main():
    report = Report()
    work = pathlib.Path(tempfile.mkdtemp(prefix="lectern-check-package-"))
    logs = work / "logs"
    logs.mkdir()
    print(f"make check-package: logs in {logs}")
    keys = site = None
    try:
        with report.phase("1. packages N and N+1"):
            debs, versions = build_packages(report, work, logs)
        with report.phase("2. keys and repositories, served on loopback"):
            keys = package_repos.Keys(work / "gnupg")
            report.note("host", f"throwaway keys: signing {keys.signing}, stranger {keys.stranger}")
            folder = work / "site"
            (folder / "feeds").mkdir(parents=True)
            shutil.copyfile(ROOT / "data/samples/reading-room.rss", folder / "feeds/reading-room.rss")
            site = package_repos.Site(folder, logs / "http.log")
            report.note("host", f"http.server (PID {site.process.pid}) serves {folder} at {site.url}")
            repos = make_repositories(report, work, keys, site, debs, versions)
        tarballs = {}
        with report.phase("3. root tarballs"):
            for suite in package_roots.SUITES:
                try:
                    tarballs[suite], built = package_roots.cached_tarball(suite, logs / f"mmdebstrap-{suite}.log")
                    report.note("host", f"{suite}: {'built' if built else 'cached'} {tarballs[suite]}")
                except RuntimeError as error:
                    report.check("host", f"the {suite} root from mmdebstrap", False, str(error))
        for suite, name in package_roots.SUITES.items():
            if suite not in tarballs:
                continue
            with report.phase(f"4. {name} ({suite})"):
                try:
                    check_root(report, suite, tarballs[suite], site, repos, versions, keys, logs)
                except Stop as stop:
                    report.note(suite, f"stopped after the failure above: {stop}")
                except Exception as error:  # a broken step must not hide the other root's results
                    traceback.print_exc()
                    report.check(suite, "the checks ran to the end", False, f"{type(error).__name__}: {error}")
    except Stop as stop:
        report.note("host", f"stopped after the failure above: {stop}")
    except Exception as error:
        traceback.print_exc()
        report.check("host", "the run's preparations", False, f"{type(error).__name__}: {error}")
    finally:
        if site:
            site.close()
        if keys:
            keys.close()
    status = report.summary()
    for entry in work.iterdir():  # the packages, repositories and keys; the logs too if all passed
        if status == 0 or entry != logs:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    if status == 0:
        work.rmdir()
    else:
        print(f"The output of every command is kept in {logs}")
    return status


if __name__ == "__main__":
    sys.exit(main())
