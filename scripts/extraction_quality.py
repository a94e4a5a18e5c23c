#!/usr/bin/env python3
"""Lectern's full-article extraction on every shared set, scored per set with the shared scorer's
own metric (../shared/bench/extraction_score.py, imported, so the figures are the same), and the
pages it refuses counted by their verdict ("no article found: …").

  extraction_quality.py LECTERN SHARED_DIR [--sets a,b] [--jobs 2] [--out DIR]

One JSON line per set: pages, F1, precision, recall, good (share of pages with F1 >= 0.9),
refused and refusals by verdict, failed (pages answered neither with an article nor with "no
article found": a crash or a hang) and mojibake (pages whose text holds "Ã©", "â€", U+FFFD or
a C1 control where the page's own text does not — read as UTF-8 when it is valid UTF-8, else Windows-1252,
its entities decoded and C1 controls read as Windows-1252: some pages hold mojibake in their bytes
already). --out DIR keeps, per set, each page's scores (DIR/SET.jsonl)
and text (DIR/SET/PAGE.txt), to see where a change helps or hurts.
"""
import argparse, concurrent.futures, html, importlib.util, json, os, re, subprocess

SETS = {"readability": "corpus/readability/pages", "cleaneval": "corpus/extraction/cleaneval/pages",
        "cleanportaleval": "corpus/extraction/cleanportaleval/pages", "dragnet": "corpus/extraction/dragnet/pages",
        "wcxb-dev": "corpus/extraction/wcxb-dev/pages"}


def scorer(shared):
    spec = importlib.util.spec_from_file_location("extraction_score", os.path.join(shared, "bench", "extraction_score.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MOJIBAKE = ("Ã©", "â€", "\ufffd") + tuple(chr(code) for code in range(0x80, 0xA0))   # and C1 controls
C1_AS_WINDOWS_1252 = {code: bytes([code]).decode("cp1252", "ignore") or None for code in range(0x80, 0xA0)}


def extract(lectern, folder, score):
    try:
        result = subprocess.run([lectern, "--extract-article", os.path.join(folder, "source.html"), "--base-url", score.PAGE_URL],
                                capture_output=True, timeout=60, env=dict(os.environ, DISPLAY=""))
    except subprocess.TimeoutExpired:
        return "", "failed: no answer in 60 s"
    text = score.predicted_text(result.stdout.decode("utf-8", "replace")) if result.returncode == 0 else ""
    verdict = None
    if result.returncode not in (0, 1):
        return "", f"failed: exit {result.returncode}"
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        last = message[-1] if message else f"exit {result.returncode}"
        verdict = re.sub(r"\d+(\.\d+)?", "N", last[last.find("no article found"):] if "no article found" in last else last)
    return text, verdict


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lectern")
    parser.add_argument("shared")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out")
    args = parser.parse_args()
    score = scorer(args.shared)
    for name in args.sets.split(","):
        pages_dir = os.path.join(args.shared, SETS[name])
        if not os.path.isdir(pages_dir):
            print(json.dumps({"set": name, "absent": pages_dir}), flush=True)
            continue
        pages = sorted(p for p in os.listdir(pages_dir) if os.path.isfile(os.path.join(pages_dir, p, "source.html")))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            outputs = list(pool.map(lambda page: extract(args.lectern, os.path.join(pages_dir, page), score), pages))
        rows, verdicts, details, mojibake = [], {}, [], []
        for page, (text, verdict) in zip(pages, outputs):
            with open(os.path.join(pages_dir, page, "expected.html"), encoding="utf-8", errors="replace") as f:
                expected = score.html_text(f.read())
            row = score.overlap(expected, text)
            if any(mark in text for mark in MOJIBAKE):
                with open(os.path.join(pages_dir, page, "source.html"), "rb") as f:
                    source = f.read()
                try:
                    own = source.decode("utf-8")
                except UnicodeDecodeError:
                    own = source.decode("cp1252", "replace")
                # C1 controls read as Windows-1252, as Lectern reads them (HTML does so for &#128;-&#159;).
                own = html.unescape(own).translate(C1_AS_WINDOWS_1252)
                if any(mark in text and mark not in own for mark in MOJIBAKE):
                    mojibake.append(page)
            rows.append(row)
            precision, recall, f1 = score.prf(*row)
            details.append({"page": page, "precision": round(precision, 4), "recall": round(recall, 4),
                            "f1": round(f1, 4), "verdict": verdict})
            if verdict:
                verdicts[verdict] = verdicts.get(verdict, 0) + 1
            if args.out:
                os.makedirs(os.path.join(args.out, name), exist_ok=True)
                with open(os.path.join(args.out, name, page + ".txt"), "w") as f:
                    f.write(text)
        if args.out:
            with open(os.path.join(args.out, name + ".jsonl"), "w") as f:
                f.writelines(json.dumps(d) + "\n" for d in details)
        precision, recall, f1, good = score.summarize(rows)
        failed = {verdict: count for verdict, count in verdicts.items() if verdict.startswith("failed")}
        print(json.dumps({"set": name, "pages": len(pages), "f1": round(f1, 3), "precision": round(precision, 3),
                          "recall": round(recall, 3), "good": round(good, 2),
                          "refused": sum(verdicts.values()) - sum(failed.values()), "verdicts": verdicts,
                          "failed": sum(failed.values()), "mojibake": mojibake}), flush=True)


if __name__ == "__main__":
    main()
