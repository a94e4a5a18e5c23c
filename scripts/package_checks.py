"""make check-package's checks in one Debian root (scripts/check-package.py): the repository
trusted as a user would, lectern installed from it with every dependency from Debian, used by a
normal user, its AppStream catalog, a reader's library and theme, tampered repositories refused,
the upgrade to N+1 and the purge."""
import configparser
import gzip
import hashlib
import json
import os
import pathlib
import re
import shutil
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree

import png_pixels
from package_report import tail, upstream, version_holds

ROOT = pathlib.Path(__file__).resolve().parent.parent
APP_ID = "dev.lectern.Lectern"
USER = "reader"
SAMPLE_FEED = "/usr/share/lectern/data/samples/reading-room.rss"
# A headless desktop session, as scripts/screenshot.sh starts one.
DESKTOP_ENV = {"GDK_DEBUG": "gl-disable", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none"}
SWIFT_LIBRARY = re.compile(r"(libswift\w*|lib_?Foundation\w*|libdispatch|libBlocksRuntime)\.so")
SWIFT_PROGRAM = re.compile(r"(swift|swiftc|swift-frontend)$")
SWIFT_PATHS = ["/opt/swift", "/usr/lib/swift", "/usr/libexec/swift", "/usr/share/swift"]

# A reader's visit, under Xvfb and a session bus: Lectern opened with the theme $1, the next
# article opened (which marks it read) through the app's D-Bus actions, then quit.
READING_SESSION = r"""#!/bin/sh
set -u
action() {
  gdbus call --session --dest dev.lectern.Lectern --object-path /dev/lectern/Lectern \
    --method org.gtk.Actions.Activate "$1" [] {} >/dev/null
}
read_articles() {
  sqlite3 "$HOME/.local/share/lectern/library.sqlite" 'SELECT count(*) FROM articles WHERE read = 1'
}
lectern --theme "$1" & app=$!
tries=0
until gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner dev.lectern.Lectern 2>/dev/null | grep -q true; do
  tries=$((tries + 1))
  if [ $tries -gt 200 ]; then echo "Lectern never took its bus name" >&2; kill $app; exit 1; fi
  sleep 0.1
done
sleep 2
action next-article
tries=0
until [ "$(read_articles)" -gt 0 ]; do
  tries=$((tries + 1))
  if [ $tries -gt 100 ]; then echo "no article was marked read" >&2; break; fi
  sleep 0.1
done
action quit
wait $app
"""


# -- 4. One root ------------------------------------------------------------------------------

class RootChecks:
    """The checks in one fresh root; the steps in the order check_root runs them."""

    def __init__(self, report, root, site, repos, versions, stranger, logs):
        self.report, self.root, self.site, self.repos, self.versions = report, root, site, repos, versions
        self.stranger = stranger  # the fingerprint of the key apt must not trust
        self.where, self.logs = root.suite, logs
        self.url = f"{site.url}/apt"
        self.commands = 0
        self.before_upgrade = {}  # the reader's library and settings

    # Running things

    def sh(self, argv, name, user=False, env=None, timeout=900):
        """argv in the root, as root or (USER) as the test user in C.UTF-8; its output is
        written to the log folder."""
        self.commands += 1
        if user:
            env = {"LANG": "C.UTF-8", **(env or {})}
        result = self.root.run(argv, user=USER if user else None, env=env, timeout=timeout)
        (self.logs / f"{self.where}-{self.commands:02d}-{name}.log").write_text(
            f"$ {' '.join(argv)}\nexit {result.returncode}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
        return result

    def as_user(self, argv, name, env=None, timeout=900):
        return self.sh(argv, name, user=True, env=env, timeout=timeout)

    def desktop(self, argv, name, timeout=300):
        """argv as the test user, in a session bus and an X server of its own."""
        command = ["dbus-run-session", "--", "xvfb-run", "-a", "-n", str(free_display()),
                   "-s", "-screen 0 1280x800x24", *argv]
        return self.as_user(command, name, env=DESKTOP_ENV, timeout=timeout)

    def ok(self, what, passed, evidence=""):
        return self.report.check(self.where, what, passed, evidence)

    def must(self, what, passed, evidence=""):
        self.report.require(self.where, what, passed, evidence)

    def apt(self, arguments, name, trouble_expected=False):
        """apt-get ARGUMENTS. What apt warns of is shown, and repeated in the summary unless
        the check provokes it."""
        result = self.sh(["apt-get", *arguments], name)
        for line in (result.stdout + result.stderr).splitlines():
            if re.match(r"^(W|E|N): ", line):
                self.report.note(self.where, f"apt-get {arguments[0]}: {line.strip()}", keep=not trouble_expected)
        return result

    def status(self):
        result = self.sh(["dpkg-query", "-W", "-f=${Status} ${Version}", "lectern"], "dpkg-query")
        return result.stdout.strip() if result.returncode == 0 else None

    def policy(self):
        """lectern's installed and candidate versions, as apt-cache policy gives them."""
        policy = self.sh(["apt-cache", "policy", "lectern"], "apt-cache-policy").stdout
        found = dict(re.findall(r"^\s+(Installed|Candidate): (\S+)", policy, re.M))
        return found.get("Installed"), found.get("Candidate")

    def inside(self, path):
        """The root's path for a host path inside it."""
        return "/" + str(path.relative_to(self.root.path))

    # Set-up

    def prepare(self):
        result = self.sh(["useradd", "--create-home", "--shell", "/bin/bash", USER], "useradd")
        self.must(f"a normal user {USER}, HOME /home/{USER}", result.returncode == 0, tail(result.stderr))
        # German, the Debian way: uncommented in /etc/locale.gen, then locale-gen.
        result = self.sh(["sh", "-c", "sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen "
                          "&& locale-gen && locale -a"], "locale-gen")
        self.ok("de_DE.UTF-8 generated by locale-gen", result.returncode == 0 and "de_DE.utf8" in result.stdout,
                tail(result.stdout + result.stderr, 2))

    def trust_repository(self):
        """What lectern.sources tells a user: the key into /etc/apt/keyrings/, lectern.sources
        into /etc/apt/sources.list.d/, both downloaded from the repository (with apt's own
        downloader: a minimal root has no curl), then apt-get update."""
        existed = self.root.file("/etc/apt/keyrings").is_dir()
        self.report.note(self.where, "/etc/apt/keyrings " + ("exists (the apt package ships it)" if existed
                                                             else "is missing: created"), keep=True)
        if not existed:
            self.sh(["install", "-d", "-m", "0755", "/etc/apt/keyrings"], "keyrings")
        for name, folder in (("lectern-archive-keyring.gpg", "/etc/apt/keyrings"),
                             ("lectern.sources", "/etc/apt/sources.list.d")):
            result = self.sh(["sh", "-c", f"/usr/lib/apt/apt-helper download-file {self.url}/{name} /tmp/{name} "
                              f"&& install -m 0644 /tmp/{name} {folder}/{name}"], f"fetch-{name}")
            self.must(f"{name} downloaded from the repository into {folder}/", result.returncode == 0,
                      tail(result.stdout + result.stderr, 2))
        result = self.apt(["update"], "apt-update")
        ours = [line for line in (result.stdout + result.stderr).splitlines()
                if self.site.url in line and re.match(r"^(W|E):", line)]
        self.must("apt-get update reads the repository, no error or warning about it",
                  result.returncode == 0 and not ours,
                  f"exit {result.returncode}" + (f"; {ours}" if ours else ""))

    # Installation

    def install(self):
        self.download_sizes()
        uris = self.apt(["install", "--print-uris", "-qq", "lectern"], "print-uris")
        downloads = [urllib.parse.unquote(uri) for uri in re.findall(r"^'([^']+)'", uris.stdout, re.M)]
        ours = [uri for uri in downloads if uri.startswith(self.site.url)]
        elsewhere = [uri for uri in downloads if not uri.startswith((self.site.url, "http://deb.debian.org/"))]
        self.must("apt fetches lectern alone from the repository, everything else from deb.debian.org",
                  uris.returncode == 0 and not elsewhere and len(ours) == 1
                  and ours[0].endswith(f"/lectern_{self.versions[0]}_amd64.deb"),
                  f"{len(downloads) - len(ours)} packages from deb.debian.org, "
                  f"{[uri.rsplit('/', 1)[-1] for uri in ours]} from {self.site.url}"
                  + (f"; from elsewhere: {elsewhere}" if elsewhere else ""))
        before = set(self.root.installed())
        started = time.monotonic()
        result = self.apt(["install", "-y", "lectern"], "apt-install")
        self.must("apt-get install -y lectern", result.returncode == 0,
                  f"{time.monotonic() - started:.0f} s" if result.returncode == 0
                  else f"exit {result.returncode}: {tail(result.stdout + result.stderr)}")
        self.must("lectern N is installed", self.status() == f"install ok installed {self.versions[0]}", self.status())
        installed = self.root.installed()
        self.report.note(self.where, f"{len(set(installed) - before)} packages came with lectern (Recommends included)")
        self.relations(installed)
        self.no_swift()

    def download_sizes(self):
        """How much `apt install lectern` brings, with and without its Recommends."""
        for what, options in (("Depends alone", ["--no-install-recommends"]), ("Depends and Recommends", [])):
            listing = self.sh(["apt-get", "install", "--print-uris", "-qq", *options, "lectern"], "print-uris-size")
            sizes = [int(size) for size in re.findall(r"^'[^']+' \S+ (\d+) ", listing.stdout, re.M)]
            self.report.note(self.where, f"apt-get install lectern with {what}: {len(sizes)} packages, "
                                         f"{sum(sizes) / 1e6:.0f} MB to download", keep=True)

    def relations(self, installed):
        """Which installed package satisfies each of lectern's Depends (so: how the one .deb built
        on Debian 12 fits this release), and which of its Recommends were installed."""
        fields = installed["lectern"]
        unmet = []
        for clause in split_relations(fields.get("Depends", "")):
            satisfier = satisfy(clause, installed)
            if satisfier is None:
                unmet.append(clause)
            else:
                self.report.note(self.where, f"Depends {clause}  <-  {satisfier}", keep=" (Provides " in satisfier)
        self.ok("every Depends of lectern is satisfied by an installed package", not unmet,
                f"unmet: {unmet}" if unmet else "")
        recommended = [f"{clause} <- {(satisfy(clause, installed) or 'not installed').split(' ')[0]}"
                       for clause in split_relations(fields.get("Recommends", ""))]
        self.report.note(self.where, "Recommends: " + "; ".join(recommended), keep=True)

    def no_swift(self):
        ldd = self.sh(["ldd", "/usr/bin/lectern"], "ldd")
        lines = [line.strip() for line in ldd.stdout.splitlines()]
        missing = [line for line in lines if "not found" in line]
        swift = [line for line in lines if SWIFT_LIBRARY.search(line)]
        self.ok("ldd /usr/bin/lectern: every library found, none of Swift's",
                ldd.returncode == 0 and not missing and not swift,
                f"{len(lines)} libraries" + (f"; not found: {missing}" if missing else "")
                + (f"; Swift's: {swift}" if swift else ""))
        found = [path for path in SWIFT_PATHS if self.root.file(path).exists()]
        for folder, _, files in os.walk(self.root.path):
            found += [self.inside(pathlib.Path(folder, name)) for name in files
                      if SWIFT_LIBRARY.match(name) or SWIFT_PROGRAM.match(name)]
        self.ok("no Swift toolchain or runtime anywhere in the root", not found,
                ", ".join(found) or f"no {', '.join(SWIFT_PATHS)}; no file swift, swiftc, "
                                    "libswift*, libFoundation*, libdispatch or libBlocksRuntime")

    # Use

    def use(self):
        result = self.as_user(["lectern", "--version"], "version")
        expected = f"Lectern {upstream(self.versions[0])}"
        self.ok("lectern --version", result.returncode == 0 and result.stdout.strip() == expected,
                f"{result.stdout.strip()!r} (expected {expected!r})")
        self.inspect_feed()
        self.list_themes()
        self.german_help()
        self.welcome_page()

    def inspect_feed(self):
        channel = ElementTree.parse(self.root.file(SAMPLE_FEED)).getroot().find("channel")
        items = [(item.findtext("guid"), item.findtext("title")) for item in channel.findall("item")]
        result = self.as_user(["lectern", "--inspect-feed", SAMPLE_FEED], "inspect-feed")
        try:
            feed = json.loads(result.stdout)
            entries = [(entry["id"], entry["title"]) for entry in feed["entries"]]
            passed = (result.returncode == 0 and feed["format"] == "rss20" and feed["title"] == channel.findtext("title")
                      and entries == items and not feed["warnings"])
            evidence = (f"format {feed['format']}, title {feed['title']!r}, "
                        f"entries {[title for _, title in entries]}, warnings {feed['warnings']}")
        except (ValueError, KeyError, TypeError) as error:
            passed, evidence = False, f"no feed JSON ({error}): {tail(result.stdout + result.stderr, 3)}"
        self.ok(f"lectern --inspect-feed {SAMPLE_FEED}: the file's title and items (guid, title)", passed, evidence)

    def list_themes(self):
        expected = sorted(json.loads(path.read_text())["name"] for path in (ROOT / "Themes").glob("*.json"))
        result = self.as_user(["lectern", "--list-themes"], "list-themes")
        listed = sorted(re.findall(r"^(\S.*) \(built-in\)$", result.stdout, re.M))
        self.ok("lectern --list-themes: every theme of Themes/*.json, built-in",
                result.returncode == 0 and listed == expected,
                ", ".join(listed) + ("" if listed == expected else f" (expected {', '.join(expected)})"))

    def german_help(self):
        expected = ["Aufruf:", po_translation(ROOT / "po/de.po", "Print the version and exit")]
        result = self.as_user(["lectern", "--help"], "help-de", env={"LANG": "de_DE.UTF-8"})
        found = [text for text in expected if text in result.stdout]
        self.ok("LANG=de_DE.UTF-8 lectern --help: GLib's German and Lectern's own (po/de.po)",
                result.returncode == 0 and found == expected and "Print the version" not in result.stdout,
                f"found {found} of {expected}")

    def welcome_page(self):
        """--screenshot of an empty library: the welcome page in Paper's light variant. Its
        background fills most of the window, the header bar has Paper's secondary background,
        and the welcome page's primary button (Add Feed…) Paper's primary button colour."""
        paper = {name: value["light"].upper() for name, value in
                 json.loads((ROOT / "Themes/paper.json").read_text())["tokens"]["color"].items()}
        result = self.desktop(["lectern", "--screenshot", "/tmp/welcome.png"], "screenshot")
        png = self.root.file("/tmp/welcome.png")
        if not self.ok("lectern --screenshot writes a PNG (Xvfb, dbus-run-session)",
                       result.returncode == 0 and png.is_file(),
                       tail(result.stdout, 1) if png.is_file() else f"exit {result.returncode}: {tail(result.stderr)}"):
            return
        kept = self.logs / f"{self.where}-welcome.png"
        shutil.copyfile(png, kept)
        width, height, counts = png_pixels.colour_counts(kept)
        pixels = width * height
        top, top_count = counts.most_common(1)[0]
        self.ok("the window's dominant colour is Paper's light bg_primary",
                top == paper["bg_primary"] and top_count > pixels / 2,
                f"{top} on {top_count / pixels:.1%} of {width}×{height} (bg_primary is {paper['bg_primary']})")
        share = counts[paper["bg_secondary"]] / pixels
        self.ok("the header bar is Paper's light bg_secondary", share > 0.02, f"{paper['bg_secondary']} on {share:.1%}")
        button = counts[paper["button_primary_bg"]]
        self.ok("the welcome page's primary button is Paper's light button_primary_bg", button >= 1500,
                f"{paper['button_primary_bg']} on {button} pixels (the button is about 3000)")

    # AppStream

    def appstream(self):
        """The repository's catalog as a software centre's system gets it: fetched by apt
        (with apt-config-icons' icon tarballs), read by appstreamcli."""
        lists = self.root.file("/var/lib/apt/lists")
        prefix = self.url.split("://", 1)[1].replace("/", "_") + "_dists_stable_main_dep11_"
        components = lists / f"{prefix}Components-amd64.yml.gz"
        catalog = gzip.decompress(components.read_bytes()).decode() if components.is_file() else ""
        self.ok("apt's lists hold the repository's DEP-11 catalog, with Lectern", f"ID: {APP_ID}" in catalog,
                components.name if components.is_file() else f"no {components.name} in /var/lib/apt/lists")
        icons = sorted(path.name[len(prefix):] for path in lists.glob(f"{prefix}icons-*"))
        self.ok("apt's lists hold the repository's 64×64 icon tarball", "icons-64x64.tar.gz" in icons,
                ", ".join(icons) or "none (apt fetches an index target only when Release lists its uncompressed "
                                    "name, main/dep11/icons-64x64.tar)")
        refresh = self.sh(["appstreamcli", "refresh-cache", "--force"], "appstream-refresh")
        complaints = [line.strip() for line in (refresh.stdout + refresh.stderr).splitlines() if "WARNING" in line]
        self.ok("appstreamcli refresh-cache --force reads the catalogs without a warning",
                refresh.returncode == 0 and not complaints,
                "; ".join(complaints) or tail(refresh.stdout, 1))
        get = self.sh(["appstreamcli", "get", APP_ID], "appstream-get")
        self.ok(f"appstreamcli get {APP_ID} names the package", get.returncode == 0 and "Package: lectern" in get.stdout,
                tail(get.stdout + get.stderr, 3) if get.returncode else "Package: lectern")
        component = catalog_component(self.sh(["appstreamcli", "dump", APP_ID], "appstream-dump").stdout)
        if not self.ok("appstreamcli dump gives Lectern's entry", component is not None):
            return
        media = f"{self.url}/media/"
        shots = [image.text for image in component.iter("image")]
        self.ok("its screenshots are under the repository's /media/",
                bool(shots) and all(shot.startswith(media) and shot.count("://") == 1 for shot in shots),
                f"{len(shots)}, the first {shots[0] if shots else None}")
        remote = [icon.text for icon in component.iter("icon") if icon.get("type") == "remote"]
        self.ok("its remote icons, if any, are under /media/ (once)",
                all(icon.startswith(media) and icon.count("://") == 1 for icon in remote), ", ".join(remote) or "none")
        cached = [icon.text for icon in component.iter("icon")
                  if icon.get("type") == "cached" and icon.get("width") == "64"]
        files = [self.inside(path) for base in ("/var/lib/swcatalog/icons", "/var/lib/app-info/icons")
                 for name in cached for path in self.root.file(base).glob(f"*/64x64/{name}")]
        self.ok("it has a cached 64×64 icon, unpacked from the repository's tarball", bool(files),
                ", ".join(files) or f"no cached icon; its icons: {[icon.get('type') for icon in component.iter('icon')]}")
        self.compose()

    def compose(self):
        """appstreamcli compose over the installed files (dpkg -L lectern, copied into a tree),
        as a distribution's catalog builder sees them; --no-net, since only Debian is reachable."""
        script = ("rm -rf /tmp/installed /tmp/composed && mkdir /tmp/installed && dpkg-query -L lectern | "
                  "while read -r path; do [ -d \"$path\" ] || cp -a --parents \"$path\" /tmp/installed; done && "
                  "appstreamcli compose --no-net --origin=installed --result-root=/tmp/composed /tmp/installed")
        result = self.sh(["sh", "-c", script], "appstream-compose")
        xml = self.root.file("/tmp/composed/usr/share/swcatalog/xml/installed.xml.gz")
        if not self.ok("appstreamcli compose over the installed files", result.returncode == 0 and xml.is_file(),
                       tail(result.stdout + result.stderr, 1)):
            return
        component = ElementTree.fromstring(gzip.decompress(xml.read_bytes())).find(f"component[id='{APP_ID}']")
        icon = self.root.file(f"/tmp/composed/usr/share/swcatalog/icons/installed/64x64/{APP_ID}.png")
        shots = [] if component is None else [image.text for image in component.iter("image")]
        metainfo = ElementTree.parse(self.root.file(f"/usr/share/metainfo/{APP_ID}.metainfo.xml")).getroot()
        expected = [image.text.strip() for image in metainfo.iter("image")]
        self.ok("the composed catalog has Lectern with a 64×64 icon and the metainfo's screenshots",
                component is not None and icon.is_file() and shots == expected,
                f"icon {self.inside(icon) if icon.is_file() else 'missing'}, {len(shots)} of {len(expected)} screenshots")

    # A reader's library and settings

    def reader_state(self):
        feed = f"{self.site.url}/feeds/reading-room.rss"
        result = self.as_user(["lectern", "--batch", "--add-feed", feed], "add-feed")
        self.must("lectern --batch --add-feed subscribes to a feed over HTTP", result.returncode == 0,
                  tail(result.stdout + result.stderr, 2))
        result = self.as_user(["lectern", "--batch", "--refresh"], "refresh")
        self.ok("lectern --batch --refresh", result.returncode == 0, tail(result.stdout + result.stderr, 1))
        script = self.root.file("/tmp/reading-session.sh")
        script.write_text(READING_SESSION)
        script.chmod(0o755)
        result = self.desktop(["/tmp/reading-session.sh", "Midnight"], "reading-session", timeout=120)
        self.ok("lectern --theme Midnight opens the window; next-article and quit over D-Bus", result.returncode == 0,
                f"exit {result.returncode}" + (f": {tail(result.stderr, 3)}" if result.returncode else ""))
        feeds, articles = self.library()
        read = [guid for guid, flag in articles if flag == "1"]
        self.must("the library has the subscription, its two articles, one of them read",
                  feeds == [feed] and len(articles) == 2 and len(read) == 1,
                  f"feeds {feeds}, articles (guid, read) {articles}")
        theme = settings_theme(self.root.file(f"/home/{USER}/.config/lectern/settings.ini"))
        self.must("settings.ini remembers the theme", theme == "Midnight", f"[appearance] theme={theme}")
        self.before_upgrade = {"feeds": feeds, "articles": articles,
                               "settings": self.digests(f"/home/{USER}/.config/lectern")}

    def library(self):
        """(feed URLs, [(article guid, read)]) from the reader's library.sqlite."""
        database = f"/home/{USER}/.local/share/lectern/library.sqlite"
        feeds = self.sh(["sqlite3", database, "SELECT url FROM feeds ORDER BY id"], "sqlite-feeds")
        articles = self.sh(["sqlite3", database, "SELECT guid, read FROM articles ORDER BY guid"], "sqlite-articles")
        return feeds.stdout.split(), [tuple(line.split("|")) for line in articles.stdout.split()]

    def digests(self, *folders):
        """{path: sha256} of every file under FOLDERS (paths inside the root)."""
        return {self.inside(path): hashlib.sha256(path.read_bytes()).hexdigest()
                for folder in folders for path in sorted(self.root.file(folder).rglob("*")) if path.is_file()}

    # Tampered repositories

    def tampering(self):
        """Both tampered copies served at the repository's address while N is installed: apt
        must not take N+1 from either."""
        self.site.serve(self.repos["tampered-packages"])
        result = self.apt(["update"], "apt-update-tampered-packages", trouble_expected=True)
        said = re.findall(r"^E: .*(?:Hash Sum mismatch|unexpected size).*$", result.stdout + result.stderr, re.M)
        self.ok("Packages changed by one byte: apt-get update fails on its hash in Release",
                result.returncode != 0 and any(self.site.url in line for line in said),
                f"exit {result.returncode}: {said[0] if said else tail(result.stdout + result.stderr, 3)}")
        self.unchanged("after the tampered Packages")

        self.site.serve(self.repos["stranger-signed"])
        # apt names the key it lacks: gpgv (Debian 12) NO_PUBKEY <long key ID>, sqv (Debian 13)
        # "Missing key <fingerprint>". Holding index files from before, apt only warns, keeps
        # them and exits 0; meeting the repository for the first time, it fails.
        unknown = re.compile(rf"NO_PUBKEY {self.stranger[-16:]}|Missing key {self.stranger}")
        result = self.apt(["update"], "apt-update-stranger-signed", trouble_expected=True)
        said = [line.strip() for line in (result.stdout + result.stderr).splitlines()
                if line.startswith(("W:", "E:")) and unknown.search(line)]
        self.ok("Release signed by another key: apt-get update rejects it, keeping the previous index",
                any("The repository is not updated and the previous index files will be used" in line for line in said),
                f"exit {result.returncode}: {said[0] if said else tail(result.stdout + result.stderr, 3)}")
        self.unchanged("after the stranger's signature")

        first = ["-o", "Dir::State::Lists=/tmp/first-contact/lists", "-o", "Dir::Etc::SourceList=/dev/null",
                 "-o", "Dir::Etc::SourceParts=/tmp/first-contact/sources.list.d"]
        self.sh(["sh", "-c", "mkdir -p /tmp/first-contact/lists/partial /tmp/first-contact/sources.list.d "
                 "&& cp /etc/apt/sources.list.d/lectern.sources /tmp/first-contact/sources.list.d/"], "first-contact")
        result = self.apt(["update", *first], "apt-update-stranger-first-contact", trouble_expected=True)
        output = result.stdout + result.stderr
        kept = sorted(path.name for path in self.root.file("/tmp/first-contact/lists").iterdir()
                      if path.is_file() and path.name != "lock")
        policy = self.sh(["apt-cache", "-o", "Dir::Cache::pkgcache=", "-o", "Dir::Cache::srcpkgcache=", *first,
                          "policy", "lectern"], "apt-cache-policy-first-contact")
        offered = [line.strip() for line in policy.stdout.splitlines() if self.site.url in line]
        refused = [line.strip() for line in output.splitlines() if "is not signed" in line]
        self.ok("the stranger-signed repository met for the first time: apt-get update fails, keeps and offers nothing",
                result.returncode == 100 and bool(refused) and bool(unknown.search(output)) and not kept and not offered,
                f"exit {result.returncode}, {refused[0] if refused else 'no “is not signed”'}; index files kept: "
                f"{kept or 'none'}; versions offered: {offered or 'none'}")

    def unchanged(self, when):
        installed, candidate = self.policy()
        upgrade = self.sh(["apt-get", "-s", "upgrade"], "apt-simulate-upgrade")
        offered = re.findall(r"^Inst lectern .*$", upgrade.stdout, re.M)
        self.ok(f"{when}: lectern stays N, N+1 is not offered",
                installed == candidate == self.versions[0] and not offered,
                f"installed {installed}, candidate {candidate}" + (f", offered: {offered}" if offered else ""))

    # The upgrade

    def upgrade(self):
        self.site.serve(self.repos["n+1"])
        result = self.apt(["update"], "apt-update-n+1")
        self.must("apt-get update with N+1 in the repository", result.returncode == 0, f"exit {result.returncode}")
        self.ok("apt offers N+1", self.policy() == (self.versions[0], self.versions[1]),
                "installed %s, candidate %s" % self.policy())
        result = self.apt(["upgrade", "-y"], "apt-upgrade")
        self.must("apt-get upgrade -y installs N+1",
                  result.returncode == 0 and self.status() == f"install ok installed {self.versions[1]}",
                  f"exit {result.returncode}, {self.status()}")
        result = self.as_user(["lectern", "--version"], "version-n+1")
        expected = f"Lectern {upstream(self.versions[1])}"
        self.ok("lectern --version after the upgrade", result.stdout.strip() == expected,
                f"{result.stdout.strip()!r} (expected {expected!r})")
        feeds, articles = self.library()
        before = self.before_upgrade
        self.ok("the library kept its subscription, articles and read state",
                (feeds, articles) == (before["feeds"], before["articles"]),
                f"feeds {feeds}, articles (guid, read) {articles}")
        self.ok("settings.ini is unchanged to the byte, theme included",
                self.digests(f"/home/{USER}/.config/lectern") == before["settings"],
                f"theme={settings_theme(self.root.file(f'/home/{USER}/.config/lectern/settings.ini'))}")
        result = self.as_user(["lectern", "--batch", "--export-opml", "/tmp/subscriptions.opml"], "export-opml")
        opml = self.root.file("/tmp/subscriptions.opml")
        self.ok("N+1 reads the library: --batch --export-opml has the subscription",
                result.returncode == 0 and opml.is_file() and before["feeds"][0] in opml.read_text(),
                f"exit {result.returncode}")

    # The purge

    def purge(self):
        paths = [path for path in self.sh(["dpkg-query", "-L", "lectern"], "dpkg-L").stdout.splitlines()
                 if path.startswith("/") and path != "/."]
        files = [path for path in paths if not self.root.file(path).is_dir()]
        folders = [path for path in paths if path not in files]
        users = (f"/home/{USER}/.local/share/lectern", f"/home/{USER}/.config/lectern")
        theirs = self.digests(*users)
        result = self.apt(["purge", "-y", "lectern"], "apt-purge")
        self.must("apt-get purge -y lectern", result.returncode == 0, f"exit {result.returncode}")
        left = [path for path in files if os.path.lexists(self.root.file(path))]
        self.ok("none of the files lectern installed is left", not left,
                f"{len(files)} files gone" + (f"; left: {left[:5]}" if left else ""))
        gone = [path for path in ("/usr/share/lectern", "/usr/share/doc/lectern", "/usr/bin/lectern")
                if not os.path.lexists(self.root.file(path))]
        self.ok("/usr/share/lectern, /usr/share/doc/lectern and /usr/bin/lectern are gone", len(gone) == 3,
                ", ".join(gone))
        remaining = [path for path in folders if self.root.file(path).is_dir()]
        owners = self.sh(["dpkg-query", "-S", *remaining], "dpkg-S").stdout if remaining else ""
        owned = set(re.findall(r"^.+?: (/.*)$", owners, re.M))
        orphans = [path for path in remaining if path not in owned]
        self.ok("each folder left belongs to another package", not orphans,
                f"{len(remaining)} of {len(folders)} folders remain"
                + (f"; owned by nobody: {orphans}" if orphans else ""))
        query = self.sh(["dpkg-query", "-W", "lectern"], "dpkg-query-W")
        info = [path.name for path in self.root.file("/var/lib/dpkg/info").glob("lectern.*")]
        self.ok("dpkg knows nothing of lectern", query.returncode != 0 and not info,
                tail(query.stderr, 1) + (f"; {info}" if info else ""))
        self.ok("the reader's library and settings are untouched (same files, same bytes)",
                self.digests(*users) == theirs,
                f"{len(theirs)} files: {', '.join(sorted(theirs))}")


def split_relations(text):
    return [clause.strip() for clause in text.split(",") if clause.strip()]


def satisfy(clause, installed):
    """Which of the INSTALLED packages satisfies CLAUSE ("a (>= 1) | b"), as evidence, or None."""
    for alternative in clause.split("|"):
        name, relation, wanted = re.match(r"\s*([^\s(]+)(?:\s*\((\S+)\s+([^)]+)\))?", alternative).groups()
        for package, fields in installed.items():
            if package == name and (not relation or version_holds(fields["Version"], relation, wanted)):
                return f"{package} {fields['Version']}"
            for provided in split_relations(fields.get("Provides", "")):
                virtual, version = re.match(r"([^\s(]+)(?:\s*\(=\s*([^)]+)\))?", provided).groups()
                if virtual == name and (not relation or (version and version_holds(version, relation, wanted))):
                    return f"{package} {fields['Version']} (Provides {provided})"
    return None


def po_translation(po, msgid):
    text = po.read_text(encoding="utf-8")
    return re.search(rf'^msgid "{re.escape(msgid)}"\nmsgstr "(.+)"$', text, re.M).group(1)


def settings_theme(path):
    settings = configparser.ConfigParser(interpolation=None, strict=False)
    settings.read(path)
    return settings.get("appearance", "theme", fallback=None)


def catalog_component(dump):
    """The <component> of APP_ID in `appstreamcli dump`'s output, or None."""
    try:
        tree = ElementTree.fromstring("<dump>" + re.sub(r"<\?xml[^>]*\?>", "", dump) + "</dump>")
    except ElementTree.ParseError:
        return None
    return next((component for component in tree.iter("component") if component.findtext("id") == APP_ID), None)


def free_display():
    """An X display number no X server on this machine uses: the roots share the host's network,
    where X servers have their abstract sockets, so one in a root could clash with one outside."""
    taken = {int(number) for number in re.findall(r"/tmp/\.X11-unix/X(\d+)", pathlib.Path("/proc/net/unix").read_text())}
    taken |= {int(lock.name[2:-5]) for lock in pathlib.Path("/tmp").glob(".X*-lock") if lock.name[2:-5].isdigit()}
    return next(number for number in range(90, 1000) if number not in taken)
