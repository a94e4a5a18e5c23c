"""The apt repositories `make check-package` serves, and the loopback server that serves them.

  Keys(folder)                    two throwaway OpenPGP keys in a GnuPG home of their own:
                                  `signing` (the repository's) and `stranger` (an attacker's)
  publish(repo, keys, url, debs)  scripts/apt-repo.py: DEBS added to REPO, signed by `signing`
  copy(src, dst)                  a repository copied as new files
  tamper_packages(src, dst, version)  a copy whose Packages differs in one byte
  resign(src, dst, keys)          a copy whose Release is signed by `stranger`
  Site(folder, log)               python's http.server on 127.0.0.1 (a free port), serving FOLDER;
                                  FOLDER/apt is a link serve() points at one repository at a time
"""
import gzip
import lzma
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
RELEASE = pathlib.Path("dists/stable")
PACKAGES = RELEASE / "main/binary-amd64/Packages"


class Keys:
    """Two throwaway signing keys, made without a passphrase in FOLDER (a temporary GnuPG home,
    never in the source tree); close() stops its gpg-agent."""

    def __init__(self, folder):
        self.home = pathlib.Path(folder)
        self.home.mkdir(mode=0o700)
        self.signing = self.generate("Lectern check-package archive key <archive@check-package.invalid>")
        self.stranger = self.generate("Someone else <stranger@check-package.invalid>")

    def gpg(self, *arguments, cwd=None):
        result = subprocess.run(["gpg", "--batch", "--homedir", str(self.home), *arguments],
                                capture_output=True, text=True, cwd=cwd)
        if result.returncode != 0:
            raise RuntimeError(f"gpg {' '.join(arguments)} failed: {result.stderr.strip()}")
        return result.stdout

    def generate(self, uid):
        self.gpg("--passphrase", "", "--quick-gen-key", uid, "ed25519", "sign", "1d")
        listing = self.gpg("--with-colons", "--list-keys", uid)
        return next(line.split(":")[9] for line in listing.splitlines() if line.startswith("fpr:"))

    def sign_release(self, dists, key):
        """InRelease and Release.gpg for DISTS/Release, signed by KEY."""
        for name in ("InRelease", "Release.gpg"):
            (dists / name).unlink(missing_ok=True)
        self.gpg("--yes", "--local-user", key, "--clearsign", "--output", "InRelease", "Release", cwd=dists)
        self.gpg("--yes", "--local-user", key, "--armor", "--detach-sign", "--output", "Release.gpg", "Release",
                 cwd=dists)

    def close(self):
        subprocess.run(["gpgconf", "--homedir", str(self.home), "--kill", "gpg-agent"], capture_output=True)


def publish(repo, keys, url, debs):
    """scripts/apt-repo.py REPO: DEBS added to its pool, its indexes signed by the signing key."""
    result = subprocess.run([sys.executable, str(ROOT / "scripts/apt-repo.py"), f"--gpg-option=--homedir={keys.home}",
                             str(repo), keys.signing, url, *map(str, debs)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"apt-repo.py {repo.name} failed:\n{result.stderr.strip()}")
    return result.stdout.strip()


def copy(src, dst):
    shutil.copytree(src, dst, copy_function=shutil.copyfile)


def tamper_packages(src, dst, version):
    """DST: a copy of SRC in which one hex digit of VERSION's SHA256 in Packages is changed, as if
    its .deb had been swapped, and Packages.gz/.xz made again from it; Release, InRelease and
    Release.gpg stay as signed. Returns the changed line."""
    copy(src, dst)
    packages = dst / PACKAGES
    text = packages.read_text()
    stanza = next(s for s in text.split("\n\n") if re.search(rf"^Version: {re.escape(version)}$", s, re.M))
    digest = re.search(r"^SHA256: ([0-9a-f]+)$", stanza, re.M).group(1)
    changed = ("1" if digest[0] == "0" else "0") + digest[1:]
    tampered = text.replace(stanza, stanza.replace(f"SHA256: {digest}", f"SHA256: {changed}"))
    data = tampered.encode()
    packages.write_bytes(data)
    packages.with_name("Packages.gz").write_bytes(gzip.compress(data, mtime=0))
    packages.with_name("Packages.xz").write_bytes(lzma.compress(data))
    return f"SHA256: {changed}"


def resign(src, dst, keys):
    """DST: a copy of SRC whose Release is signed (InRelease, Release.gpg) by the stranger's key."""
    copy(src, dst)
    keys.sign_release(dst / RELEASE, keys.stranger)


class Site:
    """An HTTP server on 127.0.0.1 serving FOLDER, started by PID and stopped by it."""

    def __init__(self, folder, log):
        self.folder = pathlib.Path(folder)
        self.log = open(log, "w")
        self.process = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1",
                                         "--directory", str(self.folder), "0"],
                                        stdout=subprocess.PIPE, stderr=self.log, text=True)
        banner = self.process.stdout.readline()
        match = re.search(r"port (\d+)", banner)
        if not match:
            self.close()
            raise RuntimeError(f"http.server did not start: {banner!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}"
        self.served_at = 0

    def serve(self, repo):
        """From now on, URL/apt is REPO (the link is replaced in one step), its files dated a
        whole second after the last repository served, as a changed mirror's are: apt asks for
        InRelease If-Modified-Since the Last-Modified it saw, which counts whole seconds, and
        repositories made within one second would be answered 304 Not Modified."""
        self.served_at = max(self.served_at + 1, int(time.time()))
        for path in pathlib.Path(repo).rglob("*"):
            if path.is_file() and not path.is_symlink():
                os.utime(path, (self.served_at, self.served_at))
        link = self.folder / "apt"
        staged = self.folder / ".apt-next"
        staged.unlink(missing_ok=True)
        staged.symlink_to(pathlib.Path(repo).resolve())
        os.replace(staged, link)

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
