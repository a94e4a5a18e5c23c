#!/usr/bin/env python3
"""Checks every language in po/LINGUAS against po/lectern.pot; exits 1 with a line per problem.

- complete: every text of the template is translated, none is fuzzy, none is left over;
- placeholders: each translation has exactly the template's {names} (msgfmt cannot check
  Lectern's brace placeholders); a plural form may leave out {count}, as languages with a
  form for one often do;
- direction: the "default:LTR" marker says default:RTL in a right-to-left language, and
  default:LTR in any other.
"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RIGHT_TO_LEFT = {"ar", "he", "fa", "ur"}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_]+)\}")


def unquote(text):
    body = text.strip()[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(m.group(1), m.group(1)), body)


def read_po(path):
    """The entries of a .po file: dicts with ctx, id, plural, strs (list), fuzzy, obsolete."""
    entries, entry, field = [], None, None

    def finish():
        if entry is not None and "id" in entry:
            entries.append(entry)

    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].lstrip()
        if not line.strip():
            finish(); entry, field = None, None
            continue
        if entry is None:
            entry = {"ctx": None, "plural": None, "strs": {}, "fuzzy": False, "obsolete": False}
        if obsolete:
            entry["obsolete"] = True
        if line.startswith("#,"):
            entry["fuzzy"] = entry["fuzzy"] or "fuzzy" in line
            continue
        if line.startswith("#"):
            continue
        match = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        if match:
            keyword, index, value = match.group(1), match.group(2), unquote(match.group(3))
            if keyword == "msgctxt":
                field = ("ctx",)
            elif keyword == "msgid":
                field = ("id",)
            elif keyword == "msgid_plural":
                field = ("plural",)
            else:
                field = ("strs", int(index or 0))
            if field[0] == "strs":
                entry["strs"][field[1]] = value
            else:
                entry[field[0]] = value
        elif line.startswith('"') and field:
            value = unquote(line)
            if field[0] == "strs":
                entry["strs"][field[1]] += value
            else:
                entry[field[0]] += value
    finish()
    return [e for e in entries if e["id"] != ""]


def names(text):
    return sorted(set(PLACEHOLDER.findall(text)))


def check(lang, template):
    problems = []
    path = os.path.join(ROOT, "po", f"{lang}.po")
    if not os.path.exists(path):
        return [f"po/{lang}.po: missing"]
    entries = read_po(path)
    live = {(e["ctx"], e["id"]): e for e in entries if not e["obsolete"]}
    for key, source in template.items():
        label = f"po/{lang}.po: “{key[1][:60]}”" + (f" ({key[0]})" if key[0] else "")
        entry = live.get(key)
        if entry is None:
            problems.append(f"{label}: not in the file (run `make po`)")
            continue
        if entry["fuzzy"]:
            problems.append(f"{label}: fuzzy")
        forms = [entry["strs"][i] for i in sorted(entry["strs"])]
        if not forms or any(not form for form in forms):
            problems.append(f"{label}: untranslated")
            continue
        wanted = names(source["id"] + (source["plural"] or ""))
        for form in forms:
            found = names(form)
            extra = set(found) - set(wanted)
            missing = set(wanted) - set(found) - ({"count"} if source["plural"] else set())
            if extra or missing:
                problems.append(f"{label}: placeholders {found} instead of {wanted}")
                break
        if key == ("text direction", "default:LTR"):
            expected = "default:RTL" if lang.split("_")[0] in RIGHT_TO_LEFT else "default:LTR"
            if forms[0] != expected:
                problems.append(f"{label}: should be {expected}")
    for key, entry in live.items():
        if key not in template:
            problems.append(f"po/{lang}.po: “{key[1][:60]}” is no longer in the template (run `make po`)")
    return problems


def main():
    template = {(e["ctx"], e["id"]): e for e in read_po(os.path.join(ROOT, "po", "lectern.pot"))}
    languages = [l.strip() for l in open(os.path.join(ROOT, "po", "LINGUAS")) if l.strip() and not l.startswith("#")]
    wanted = sys.argv[1:] or languages
    problems = []
    for lang in wanted:
        found = check(lang, template)
        problems += found
        print(f"{lang}: {len(template)} texts, {len(found)} problems", file=sys.stderr)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
