#!/usr/bin/env python3
"""make apt-repo: Lectern's apt repository, written into a folder a web server serves as it is.

  scripts/apt-repo.py DIR KEY URL DEB...

DIR gains pool/main/l/lectern/<each DEB> (versions already in the pool stay, so apt sees an
upgrade), and dists/stable/ is written anew from the whole pool:

  main/binary-amd64/Packages{,.gz,.xz}      apt-ftparchive's index of the pool
  main/dep11/Components-amd64.yml{,.gz}     the AppStream catalog of the newest DEB, made by
  main/dep11/icons-{48x48,64x64,128x128}.tar*     appstreamcli compose, with its screenshots
                                            (data/screenshots/) served from DIR/media/
  Release, InRelease, Release.gpg           the hashes of all the above, signed with KEY

and, at DIR's top, what a user drops into /etc/apt/: the public key as
lectern-archive-keyring.gpg (for /etc/apt/keyrings/) and lectern.sources (deb822, Signed-By
that keyring, URIs URL). KEY is a fingerprint in the caller's GNUPGHOME; nothing secret is
written into DIR. docs/packaging.md says how the repository is laid out and why.
"""
import argparse
import gzip
import io
import lzma
import pathlib
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ElementTree

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUITE, COMPONENT, ARCHITECTURE = "stable", "main", "amd64"
APP_ID = "dev.lectern.Lectern"
KEYRING = "lectern-archive-keyring.gpg"
ICON_SIZES = ("48x48", "64x64", "128x128")


def run(command, **options):
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if result.returncode != 0:
        sys.exit(f"apt-repo: {command[0]} failed ({result.returncode}):\n{result.stderr.strip()}")
    return result.stdout


def write_compressed(path, data):
    path.write_bytes(data)
    with gzip.GzipFile(path.with_name(path.name + ".gz"), "wb", compresslevel=9, mtime=0) as out:
        out.write(data)
    path.with_name(path.name + ".xz").write_bytes(lzma.compress(data))


def package_field(deb, field):
    return run(["dpkg-deb", "--field", str(deb), field]).strip()


def png_size(path):
    header = path.read_bytes()[:24]
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"apt-repo: {path} is not a PNG file")
    return struct.unpack(">II", header[16:24])


def catalog(deb, dep11, media, url):
    """The AppStream catalog of DEB (appstreamcli compose over its files), as DEP-11 YAML."""
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        run(["dpkg-deb", "--extract", str(deb), str(scratch / "root")])
        out = scratch / "out"
        run(["appstreamcli", "compose", "--no-net", "--origin=lectern", f"--result-root={out}",
             f"--media-dir={media}", f"--media-baseurl={url}/media", str(scratch / "root")])
        with gzip.open(out / "usr/share/swcatalog/xml/lectern.xml.gz") as compressed:
            tree = ElementTree.parse(compressed)
        component = tree.getroot().find(f"component[id='{APP_ID}']")
        if component is None:
            sys.exit(f"apt-repo: appstreamcli compose found no {APP_ID} in {deb.name}")
        # Software centres install a component by its package, which compose cannot know.
        ElementTree.SubElement(component, "pkgname").text = package_field(deb, "Package")
        serve_screenshots(component, media)
        xml = scratch / "catalog.xml"
        tree.write(xml, encoding="utf-8", xml_declaration=True)
        yml = dep11 / f"Components-{ARCHITECTURE}.yml"
        run(["appstreamcli", "convert", "--format=yaml", str(xml), str(yml)])
        write_compressed(yml, dep11_fixed(yml.read_text(encoding="utf-8"), url).encode())
        # apt asks for icons-SIZE.tar (its MetaKey) and fetches it only when Release names the
        # uncompressed file; the compressed ones are what it downloads.
        for size in ICON_SIZES:
            icons = out / "usr/share/swcatalog/icons/lectern" / size
            packed = io.BytesIO()
            with tarfile.open(fileobj=packed, mode="w") as tar:
                for icon in sorted(icons.iterdir()):
                    tar.add(icon, arcname=icon.name)
            write_compressed(dep11 / f"icons-{size}.tar", packed.getvalue())


def dep11_fixed(text, url):
    """What `appstreamcli convert` leaves out or doubles: the header's Origin (without which
    appstream shows no cached icon), and remote icon URLs written absolute although the header's
    MediaBaseUrl already leads them."""
    header = "---\nFile: DEP-11\n"
    if not text.startswith(header):
        sys.exit("apt-repo: appstreamcli convert wrote no DEP-11 header")
    text = header + "Origin: lectern\n" + text[len(header):]
    return text.replace(f"- url: {url}/media/", "- url: ")


def serve_screenshots(component, media):
    """The metainfo names each screenshot by its file on the homepage; the catalog points at
    the same file from data/screenshots/, copied into the repository's media/ instead."""
    for image in component.iter("image"):
        name = image.text.rsplit("/", 1)[-1]
        source = ROOT / "data/screenshots" / name
        if not source.is_file():
            sys.exit(f"apt-repo: the metainfo shows {name}, which is not in data/screenshots/ (make screenshots)")
        target = media / APP_ID / "screenshots" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        image.text = f"{APP_ID}/screenshots/{name}"
        width, height = png_size(source)
        image.set("width", str(width))
        image.set("height", str(height))


# SHA-256 and SHA-512 only: apt has not trusted MD5 or SHA-1 for years.
HASHES = ["-oAPT::FTPArchive::MD5=false", "-oAPT::FTPArchive::SHA1=false", "-oAPT::FTPArchive::SHA512=true"]


def release(dists, key, gnupg_options):
    fields = {"Origin": "Lectern", "Label": "Lectern", "Suite": SUITE, "Codename": SUITE,
              "Architectures": ARCHITECTURE, "Components": COMPONENT,
              "Description": "Lectern, a calm, themeable feed reader for GNOME"}
    options = [f"-oAPT::FTPArchive::Release::{name}={value}" for name, value in fields.items()]
    (dists / "Release").write_text(run(["apt-ftparchive", *HASHES, *options, "release", "."], cwd=dists))
    gpg = ["gpg", "--batch", "--yes", *gnupg_options, "--local-user", key]
    run([*gpg, "--clearsign", "--output", "InRelease", "Release"], cwd=dists)
    run([*gpg, "--armor", "--detach-sign", "--output", "Release.gpg", "Release"], cwd=dists)


def sources(url):
    return (f"# Lectern's apt repository: put this file in /etc/apt/sources.list.d/ and\n"
            f"# {KEYRING} in /etc/apt/keyrings/, then apt update && apt install lectern.\n"
            f"Types: deb\nURIs: {url}\nSuites: {SUITE}\nComponents: {COMPONENT}\n"
            f"Architectures: {ARCHITECTURE}\nSigned-By: /etc/apt/keyrings/{KEYRING}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir", type=pathlib.Path)
    parser.add_argument("key", help="the fingerprint of the signing key, in $GNUPGHOME")
    parser.add_argument("url", help="where DIR will be served (the URIs of lectern.sources)")
    parser.add_argument("debs", type=pathlib.Path, nargs="+")
    parser.add_argument("--gpg-option", action="append", default=[], help="passed to gpg (e.g. --homedir=DIR)")
    arguments = parser.parse_args()
    repo, url = arguments.dir.resolve(), arguments.url.rstrip("/")
    for deb in arguments.debs:
        if not deb.is_file():
            sys.exit(f"apt-repo: {deb} does not exist (make deb)")
    # The key must be there before anything is written.
    public = subprocess.run(["gpg", "--batch", *arguments.gpg_option, "--export", arguments.key], capture_output=True)
    if public.returncode != 0 or not public.stdout:
        sys.exit(f"apt-repo: no public key {arguments.key} in the GnuPG home ($GNUPGHOME)")

    pool = repo / "pool" / COMPONENT / "l" / "lectern"
    pool.mkdir(parents=True, exist_ok=True)
    for deb in arguments.debs:
        shutil.copyfile(deb, pool / deb.name)
    dists = repo / "dists" / SUITE
    shutil.rmtree(dists, ignore_errors=True)
    shutil.rmtree(repo / "media", ignore_errors=True)
    binary = dists / COMPONENT / f"binary-{ARCHITECTURE}"
    dep11 = dists / COMPONENT / "dep11"
    binary.mkdir(parents=True)
    dep11.mkdir(parents=True)
    write_compressed(binary / "Packages", run(["apt-ftparchive", *HASHES, "packages", "pool"], cwd=repo).encode())
    newest = max(arguments.debs, key=lambda deb: DebianVersion(package_field(deb, "Version")))
    catalog(newest, dep11, repo / "media", url)
    release(dists, arguments.key, arguments.gpg_option)
    (repo / KEYRING).write_bytes(public.stdout)
    (repo / "lectern.sources").write_text(sources(url))
    print(f"apt repository in {repo}: {len(list(pool.glob('*.deb')))} package(s), newest "
          f"{package_field(newest, 'Version')}, signed by {arguments.key}")


class DebianVersion:
    """Orders versions as dpkg does (dpkg --compare-versions)."""
    def __init__(self, text):
        self.text = text

    def __lt__(self, other):
        return subprocess.run(["dpkg", "--compare-versions", self.text, "lt", other.text]).returncode == 0


if __name__ == "__main__":
    main()
