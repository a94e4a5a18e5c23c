#!/usr/bin/env python3
"""CHANGELOG.md, the one place Lectern's version and release notes are written, in the forms
the build needs (the format is described at the top of CHANGELOG.md):

  changelog.py version                       the newest release's version
  changelog.py date                          its date (YYYY-MM-DD)
  changelog.py metainfo IN OUT               IN's <releases/> filled with every release
  changelog.py man IN OUT                    the man page with the version and date in .TH
  changelog.py debian OUT [--revision N]     a Debian changelog (VERSION-N per release)

Sources/version-stamp reads the same first heading for `LecternVersion.string`.
"""
import argparse
import datetime
import email.utils
import html
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADING = re.compile(r"^## (?P<version>[0-9][0-9A-Za-z.+~]*) — (?P<date>\d{4}-\d{2}-\d{2})\s*$")
MAINTAINER = "The Lectern developers <developers@lectern.dev>"


class Release:
    def __init__(self, version, date):
        self.version, self.date = version, date
        self.paragraphs, self.items = [], []


def fail(message):
    sys.exit(f"changelog.py: {message}")


def releases(path=ROOT / "CHANGELOG.md"):
    found, text = [], []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            match = HEADING.match(line)
            if not match:
                fail(f"{path.name}:{number}: a release heading is “## VERSION — YYYY-MM-DD”, not “{line}”")
            found.append(Release(match["version"], datetime.date.fromisoformat(match["date"])))
            text = []
        elif found and line.startswith("- "):
            found[-1].items.append(plain(line[2:]))
        elif found and line.strip():
            text.append(plain(line))
        elif found and text:
            found[-1].paragraphs.append(" ".join(text))
            text = []
    if found and text:
        found[-1].paragraphs.append(" ".join(text))
    if not found:
        fail(f"{path.name} has no release heading")
    for release in found:
        if not release.paragraphs:
            fail(f"{path.name}: release {release.version} has no paragraph of notes")
    return found


def plain(markdown):
    """The Markdown of a note as plain text (code spans and emphasis marks dropped)."""
    return re.sub(r"[`*]", "", markdown.strip())


def metainfo(template, out):
    text = template.read_text(encoding="utf-8")
    if text.count("<releases/>") != 1:
        fail(f"{template} needs exactly one <releases/> to fill")
    blocks = []
    for release in releases():
        body = "".join(f"\n        <p>{html.escape(p, quote=False)}</p>" for p in release.paragraphs)
        if release.items:
            items = "".join(f"\n          <li>{html.escape(i, quote=False)}</li>" for i in release.items)
            body += f"\n        <ul>{items}\n        </ul>"
        blocks.append(f'\n    <release version="{release.version}" date="{release.date}">'
                      f"\n      <description>{body}\n      </description>\n    </release>")
    out.write_text(text.replace("<releases/>", "<releases>" + "".join(blocks) + "\n  </releases>"), encoding="utf-8")


def man(template, out):
    newest = releases()[0]
    text, count = re.subn(r'^\.TH LECTERN 1 .*$', f'.TH LECTERN 1 "{newest.date}" "Lectern {newest.version}" "User Commands"',
                          template.read_text(encoding="utf-8"), count=1, flags=re.M)
    if count != 1:
        fail(f"{template} has no .TH line")
    out.write_text(text, encoding="utf-8")


def debian(out, revision):
    entries = []
    for release in releases():
        moment = datetime.datetime.combine(release.date, datetime.time(12, 0), datetime.timezone.utc)
        notes = [" ".join(release.paragraphs)] + release.items
        lines = "\n".join("  * " + wrap(note, 76, "    ") for note in notes)
        entries.append(f"lectern ({release.version}-{revision}) stable; urgency=medium\n\n{lines}\n\n"
                       f" -- {MAINTAINER}  {email.utils.format_datetime(moment)}\n")
    out.write_text("\n".join(entries), encoding="utf-8")


def wrap(text, width, indent):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return ("\n" + indent).join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("version")
    commands.add_parser("date")
    for name in ("metainfo", "man"):
        command = commands.add_parser(name)
        command.add_argument("template", type=pathlib.Path)
        command.add_argument("out", type=pathlib.Path)
    command = commands.add_parser("debian")
    command.add_argument("out", type=pathlib.Path)
    command.add_argument("--revision", default="1")
    arguments = parser.parse_args()
    if arguments.command == "version":
        print(releases()[0].version)
    elif arguments.command == "date":
        print(releases()[0].date)
    elif arguments.command == "metainfo":
        metainfo(arguments.template, arguments.out)
    elif arguments.command == "man":
        man(arguments.template, arguments.out)
    else:
        debian(arguments.out, arguments.revision)


if __name__ == "__main__":
    main()
