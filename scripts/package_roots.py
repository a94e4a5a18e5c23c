"""Clean Debian roots for `make check-package`: built once with mmdebstrap, cached as tarballs,
and unpacked afresh for each run.

  cached_tarball(suite, log)    ${XDG_CACHE_HOME:-~/.cache}/lectern/package-roots/<suite>-<recipe>.tar,
                                built when missing or older than MAX_AGE
  Root(suite, tarball) as root  a fresh copy in a temporary folder, deleted on leaving the block
  root.run(argv, user=…)        argv inside it, with chroot
  root.file(path)               the host's path of a path inside it
  root.installed()              its dpkg status, by package

Every command runs in a mount namespace of its own (unshare --mount --propagation private), in
which /proc, /sys, /dev, /dev/pts and /dev/shm are mounted into the root; the kernel drops
those mounts when the namespace's last process ends, so no mount outlives a command, whatever
happens to it or to this script. The host's /dev is bound read-only (udev's postinst in a root
would chown the host's /dev/kvm), with a devpts and a /dev/shm of the root's own. The root
shares the host's network, so it reaches deb.debian.org and servers on 127.0.0.1.
"""
import contextlib
import hashlib
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time

MIRROR = "http://deb.debian.org/debian"
SECURITY = "http://deb.debian.org/debian-security"
MAX_AGE = 7 * 24 * 3600
# Variant apt: the Essential packages and apt, nothing of priority required or important, so
# every library Lectern needs has to come through its Depends. The test tools come with it:
# useradd (passwd), an X server and D-Bus session for the window, locales for German, sqlite3 to
# read the library, gdbus to drive the app, appstreamcli with its compose plugin, and the apt
# configuration that fetches the catalog's icons, as a software centre's system has.
VARIANT = "apt"
TOOLS = ["passwd", "xvfb", "xauth", "dbus", "locales", "sqlite3", "libglib2.0-bin",
         "appstream", "appstream-compose", "apt-config-icons"]
SUITES = {"bookworm": "Debian 12", "trixie": "Debian 13"}
ROOT_ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root", "LANG": "C.UTF-8",
            "DEBIAN_FRONTEND": "noninteractive"}

MOUNT_AND_CHROOT = r"""
set -e
root=$1; shift
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
mount -o remount,bind,ro "$root/dev"
mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts "$root/dev/pts"
mount --bind "$root/dev/pts/ptmx" "$root/dev/ptmx"
mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
exec chroot "$root" "$@"
"""


def sources(suite):
    """What an installed Debian has in its sources: the release, its stable updates and the
    security archive. The package is built on an up-to-date Debian 12, so it is tested with the
    libraries a user of each release has, not those of the release's first day."""
    return [f"deb {MIRROR} {suite} main", f"deb {MIRROR} {suite}-updates main",
            f"deb {SECURITY} {suite}-security main"]


def mmdebstrap_command(suite, out):
    return ["mmdebstrap", f"--variant={VARIANT}", f"--include={','.join(TOOLS)}", suite, str(out), *sources(suite)]


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return pathlib.Path(base) / "lectern" / "package-roots"


def cached_tarball(suite, log):
    """The suite's root as a tarball, built with mmdebstrap when there is none younger than
    MAX_AGE for the current recipe (a changed TOOLS list or mirror makes a new one).
    Returns (path, built): built is False when the cache was used."""
    recipe = hashlib.sha256(" ".join(mmdebstrap_command(suite, "OUT")).encode()).hexdigest()[:12]
    folder = cache_dir()
    tarball = folder / f"{suite}-{recipe}.tar"
    if tarball.is_file() and time.time() - tarball.stat().st_mtime < MAX_AGE:
        return tarball, False
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / f".{suite}-{recipe}.partial.tar"
    with open(log, "w") as out:
        result = subprocess.run(mmdebstrap_command(suite, partial), stdout=out, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"mmdebstrap {suite} failed ({result.returncode}); see {log}")
    os.replace(partial, tarball)
    for old in folder.glob(f"{suite}-*.tar"):
        if old != tarball:
            old.unlink()
    return tarball, True


class Root:
    """A fresh root of SUITE from its tarball, alive inside a `with` block."""

    def __init__(self, suite, tarball):
        self.suite, self.tarball = suite, tarball
        self.path = None

    def __enter__(self):
        self.path = pathlib.Path(tempfile.mkdtemp(prefix=f"lectern-{self.suite}-"))
        subprocess.run(["tar", "-C", str(self.path), "--numeric-owner", "-xpf", str(self.tarball)], check=True)
        shutil.copyfile("/etc/resolv.conf", self.path / "etc/resolv.conf")
        return self

    def __exit__(self, *exc):
        self.stop_leftovers()
        # The mounts live in the commands' namespaces; should one ever show here, deleting the
        # root would delete the host's /dev with it.
        with open("/proc/self/mountinfo") as mountinfo:
            mounted = [line.split()[4] for line in mountinfo if line.split()[4].startswith(f"{self.path}/")]
        if mounted:
            raise RuntimeError(f"not deleting {self.path}: mounted in it: {mounted}")
        shutil.rmtree(self.path)

    def file(self, inside):
        """The host's path of a path inside the root."""
        return self.path / str(inside).lstrip("/")

    def run(self, argv, user=None, env=None, timeout=900, input=None):
        """argv in the root, as root or as USER (with that user's HOME and a clean environment
        plus ENV). Returns the CompletedProcess, stdout and stderr as text."""
        if user:
            prefix = ["setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups", "--reset-env", "env"]
            inner = prefix + [f"{key}={value}" for key, value in (env or {}).items()] + list(argv)
            environment = dict(ROOT_ENV)
        else:
            inner, environment = list(argv), {**ROOT_ENV, **(env or {})}
        command = ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", MOUNT_AND_CHROOT,
                   "mount-and-chroot", str(self.path), *inner]
        try:
            return subprocess.run(command, env=environment, capture_output=True, text=True, errors="replace",
                                  timeout=timeout, input=input)
        finally:
            self.stop_leftovers()

    def stop_leftovers(self):
        """Ends what a command left running in the root (a D-Bus service, a keyring daemon), by
        PID: the processes whose root directory is this root; SIGTERM, then SIGKILL after 2 s."""
        for attempt in range(50):
            pids = self.processes()
            if not pids:
                return
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM if attempt < 20 else signal.SIGKILL)
            time.sleep(0.1)

    def processes(self):
        found = []
        for entry in pathlib.Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):  # gone meanwhile
                    if os.readlink(entry / "root") == str(self.path):
                        found.append(int(entry.name))
        return found

    def installed(self):
        """The root's dpkg status: {package: {field: value}} for what is installed."""
        packages = {}
        for paragraph in self.file("/var/lib/dpkg/status").read_text().split("\n\n"):
            fields, key = {}, None
            for line in paragraph.splitlines():
                if line[:1] in (" ", "\t") and key:
                    fields[key] += "\n" + line
                elif ":" in line:
                    key, value = line.split(":", 1)
                    fields[key] = value.strip()
            if fields.get("Status", "").endswith(" installed"):
                packages[fields["Package"]] = fields
        return packages
