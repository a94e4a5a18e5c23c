#!/usr/bin/env python3
"""Writes po/lectern.pot, the template of every text Lectern shows (`make pot`).

Sources, in this order:
- Swift: each `tr("…")`, `tr(context: "…", "…")` and `tr("…", plural: "…", count: …)` in
  Sources/; a `// Translators:` comment on the lines just above becomes the translators' note;
- the built-in themes' light and dark descriptions (Themes/*.json);
- the desktop file and the AppStream metainfo (data/*.in), through xgettext.

Locations are written as file names only, so moving code does not make the template stale.
`--check` compares the template with the sources instead and exits 1 when it is out of date.
"""
import json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POT = os.path.join(ROOT, "po", "lectern.pot")
DATA_TEMPLATES = ["data/dev.lectern.Lectern.desktop.in", "data/dev.lectern.Lectern.metainfo.xml.in"]

CALL = re.compile(r"(?<![\w.])tr\(")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


class SourceError(Exception):
    pass


def read_literal(text, i, where):
    """The Swift string literal starting at text[i] (after spaces), and the index after it."""
    while text[i] in " \t\n":
        i += 1
    if text.startswith('"""', i) or text[i] != '"':
        raise SourceError(f"{where}: tr( must be given a one-line string literal")
    i += 1
    out = []
    while text[i] != '"':
        c = text[i]
        if c == "\n":
            raise SourceError(f"{where}: unterminated string literal")
        if c == "\\":
            e = text[i + 1]
            if e == "(":
                raise SourceError(f"{where}: interpolation in a translatable text; use a {{name}} placeholder")
            if e == "u":
                end = text.index("}", i)
                out.append(chr(int(text[i + 3:end], 16)))
                i = end + 1
                continue
            out.append(ESCAPES[e])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out), i + 1


def skip(text, i, token):
    while text[i] in " \t\n":
        i += 1
    if text.startswith(token, i):
        return i + len(token), True
    return i, False


def translator_note(lines, line_index):
    note = []
    j = line_index - 1
    while j >= 0 and lines[j].strip().startswith("//"):
        note.insert(0, lines[j].strip()[2:].strip())
        j -= 1
    joined = " ".join(note)
    k = joined.find("Translators:")
    return joined[k:] if k >= 0 else None


def swift_messages():
    found = []
    sources = os.path.join(ROOT, "Sources")
    for folder, _, files in sorted(os.walk(sources)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT)
            text = open(path, encoding="utf-8").read()
            lines = text.split("\n")
            for match in CALL.finditer(text):
                line = text.count("\n", 0, match.start())
                if lines[line].lstrip().startswith("//") or "func tr(" in lines[line]:
                    continue
                where = f"{rel}:{line + 1}"
                i = match.end()
                context = plural = None
                i, labelled = skip(text, i, "context:")
                if labelled:
                    context, i = read_literal(text, i, where)
                    i, comma = skip(text, i, ",")
                    if not comma:
                        raise SourceError(f"{where}: expected a text after the context")
                message, i = read_literal(text, i, where)
                i, comma = skip(text, i, ",")
                if comma:
                    i, labelled = skip(text, i, "plural:")
                    if labelled:
                        plural, i = read_literal(text, i, where)
                found.append(dict(context=context, id=message, plural=plural, where=rel,
                                  note=translator_note(lines, line)))
    return found


def theme_messages():
    found = []
    folder = os.path.join(ROOT, "Themes")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        theme = json.load(open(os.path.join(folder, name), encoding="utf-8"))
        for variant in ("light", "dark"):
            text = (theme.get(variant) or {}).get("description")
            if text:
                found.append(dict(context=None, id=text, plural=None, where=f"Themes/{name}",
                                  note=f"Translators: the {variant} look of the built-in theme “{theme.get('name')}”."))
    return found


def quote(text):
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    return f'"{body}"'


HEADER = '''# The texts of Lectern, a feed reader.
# This file is distributed under the same license as the Lectern package.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: lectern\\n"
"Report-Msgid-Bugs-To: \\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@li.org>\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
'''


def entries_text(messages):
    merged = {}
    for m in messages:
        key = (m["context"], m["id"])
        if key in merged:
            entry = merged[key]
            if m["where"] not in entry["wheres"]:
                entry["wheres"].append(m["where"])
            if m["note"] and m["note"] not in entry["notes"]:
                entry["notes"].append(m["note"])
            if m["plural"] and entry["plural"] and m["plural"] != entry["plural"]:
                raise SourceError(f"{m['where']}: “{m['id']}” has two different plurals")
            entry["plural"] = entry["plural"] or m["plural"]
        else:
            merged[key] = dict(m, wheres=[m["where"]], notes=[m["note"]] if m["note"] else [])
    out = []
    for entry in merged.values():
        lines = [f"#. {note}" for note in entry["notes"]]
        lines.append("#: " + " ".join(entry["wheres"]))
        if entry["context"] is not None:
            lines.append(f"msgctxt {quote(entry['context'])}")
        lines.append(f"msgid {quote(entry['id'])}")
        if entry["plural"] is not None:
            lines.append(f"msgid_plural {quote(entry['plural'])}")
            lines.append('msgstr[0] ""')
            lines.append('msgstr[1] ""')
        else:
            lines.append('msgstr ""')
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def data_template(workdir, path):
    """The texts of a desktop file or the metainfo, as xgettext reads them."""
    target = os.path.join(workdir, os.path.basename(path) + ".pot")
    subprocess.run(["xgettext", "--from-code=UTF-8", "--add-location=file", "--no-wrap",
                    "--keyword=Name", "--keyword=GenericName", "--keyword=Comment", "--keyword=Keywords",
                    "-o", target, path], cwd=ROOT, check=True, env=dict(os.environ, LC_ALL="C.UTF-8"))
    return target


def template():
    with tempfile.TemporaryDirectory() as workdir:
        swift = os.path.join(workdir, "swift.pot")
        with open(swift, "w", encoding="utf-8") as out:
            out.write(HEADER + "\n" + entries_text(swift_messages() + theme_messages()))
        parts = [swift] + [data_template(workdir, path) for path in DATA_TEMPLATES]
        merged = subprocess.run(["msgcat", "--use-first", "--no-wrap", "--add-location=file"] + parts,
                                check=True, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C.UTF-8"))
        return merged.stdout


def main():
    try:
        text = template()
    except SourceError as error:
        print(f"pot: {error}", file=sys.stderr)
        return 1
    if "--check" in sys.argv:
        current = open(POT, encoding="utf-8").read() if os.path.exists(POT) else ""
        if current != text:
            print("po/lectern.pot is out of date with the sources: run `make pot`, then update the .po files "
                  "(`make po`)", file=sys.stderr)
            return 1
        return 0
    with open(POT, "w", encoding="utf-8") as out:
        out.write(text)
    print(f"wrote {os.path.relpath(POT)}: {text.count('msgid ') - 1} texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
