"""Lighthouse's scores for every page of the built book, on a desktop and on a phone, from a local server that gzips
as static hosts do.

    python3 dev.py book                         (builds book/_build/html)
    .venv/bin/python benchmarks/lighthouse.py [--book book/_build/html] [--runs 1] [--page PATTERN ...] [--json FILE]

Lighthouse comes from npm, pinned (LIGHTHOUSE: 12.x runs on Node 20; 13 needs Node 22), installed once into the
book's download cache (book/lite/_cache). It drives Debian's chromium (CHROME_PATH=/usr/bin/chromium) headless; its
own background requests are sent to a dead proxy, so nothing leaves the machine while the book's pages load from
127.0.0.1. "desktop" is Lighthouse's desktop preset; "mobile" its default: a phone with simulated throttling
(150 ms round trips, 1.6 Mbps, a CPU four times slower).

For each page: the four category scores (performance, accessibility, best practices, SEO) per form factor, and the
phone's first contentful paint, largest contentful paint, total blocking time and layout shift. Targets (issue 40):
performance at least 90 on a desktop and 75 on a phone, accessibility and SEO 100. Performance scores swing by up to
~18 points on a busy machine (the 2-core machine is shared): the load average is printed beside each page; with
--runs N each page is measured N times and the median kept.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "book" / "lite")]
import lite_browser as lb  # noqa: E402  (book/lite is not a package: the gzip server)

LIGHTHOUSE = "12.8.2"
INSTALL = ROOT / "book" / "lite" / "_cache" / f"lighthouse-{LIGHTHOUSE}"
CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --proxy-server=http://127.0.0.1:9 "
                "--proxy-bypass-list=127.0.0.1")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT",
           "cumulative-layout-shift": "CLS"}
TARGETS = {("performance", "desktop"): 90, ("performance", "mobile"): 75, ("accessibility", "desktop"): 100,
           ("accessibility", "mobile"): 100, ("seo", "desktop"): 100, ("seo", "mobile"): 100}


def lighthouse() -> Path:
    """The lighthouse command, installed from npm once (`npm i -E lighthouse@LIGHTHOUSE`)."""
    command = INSTALL / "node_modules" / ".bin" / "lighthouse"
    if not command.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("benchmarks/lighthouse.py: npm is needed once to install lighthouse")
        INSTALL.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--exact", "--no-audit", "--no-fund", "--loglevel=error",
                        "--prefix", str(INSTALL), f"lighthouse@{LIGHTHOUSE}"], check=True)
    return command


def book_pages(book: Path) -> list[str]:
    """Every page of the book (the root page, the chapters, the search and index pages), not the live site."""
    return sorted(str(page.relative_to(book)) for page in book.rglob("*.html")
                  if page.relative_to(book).parts[0] not in ("_static", "_sources", "lite"))


def audit(command: Path, url: str, form: str) -> dict:
    """One Lighthouse run: {category: score (0-100)} plus the metrics (ms, CLS unitless)."""
    with tempfile.TemporaryDirectory(prefix="deerbook-lighthouse-") as profile:
        result = subprocess.run(
            [str(command), url, "--output=json", "--output-path=stdout", "--quiet",
             f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS} --user-data-dir={profile}",
             *(["--preset=desktop"] if form == "desktop" else [])],
            check=True, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"})
    report = json.loads(result.stdout)
    scores = {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}
    return {**scores, **{short: report["audits"][name]["numericValue"] for name, short in METRICS.items()},
            "failed": sorted(name for name, entry in report["audits"].items()
                             if entry.get("score") is not None and entry["score"] < 1
                             and entry.get("scoreDisplayMode") == "binary"
                             and any(name in [ref["id"] for ref in report["categories"][c]["auditRefs"]
                                              if ref.get("weight")] for c in ("accessibility", "seo")))}


def median_run(command: Path, url: str, form: str, runs: int) -> dict:
    """The median of each figure over `runs` runs (the failed audits of the last run)."""
    results = [audit(command, url, form) for _ in range(runs)]
    numbers = {key: statistics.median(r[key] for r in results) for key in results[0] if key != "failed"}
    return {**numbers, "failed": results[-1]["failed"]}


def row(page: str, load: float, desktop: dict, mobile: dict) -> str:
    """One line of the table."""
    cells = [page, f"{load:.1f}", f"{desktop['performance']:.0f}", f"{mobile['performance']:.0f}",
             *(f"{desktop[c]:.0f}/{mobile[c]:.0f}" for c in CATEGORIES[1:]),
             f"{mobile['FCP'] / 1000:.1f} s", f"{mobile['LCP'] / 1000:.1f} s", f"{mobile['TBT']:.0f} ms",
             f"{mobile['CLS']:.3f}"]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--runs", type=int, default=1, help="runs per page and form factor (the median is kept)")
    parser.add_argument("--page", action="append", help="only pages whose path contains this (repeatable)")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    if not (args.book / "index.html").exists():
        raise SystemExit(f"no built book in {args.book}: run `python3 dev.py book` first")
    command = lighthouse()
    pages = [page for page in book_pages(args.book) if not args.page or any(part in page for part in args.page)]
    print(f"Lighthouse {LIGHTHOUSE}, {len(pages)} pages, {args.runs} run(s) each; the scores desktop/mobile\n")
    print("| page | load | perf. desktop | perf. mobile | accessibility | best practices | SEO | mobile FCP | "
          "mobile LCP | mobile TBT | mobile CLS |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    figures, misses = {}, []
    with lb.serve(args.book) as server:
        for page in pages:
            load = os.getloadavg()[0]
            forms = {form: median_run(command, f"{server}/{page}", form, args.runs) for form in ("desktop", "mobile")}
            figures[page] = {"load": load, **forms}
            print(row(page, load, forms["desktop"], forms["mobile"]), flush=True)
            misses += [f"{page}: {category} {form} {forms[form][category]:.0f} < {target}"
                       for (category, form), target in TARGETS.items() if forms[form][category] < target]
            misses += [f"{page}: {form} fails {', '.join(forms[form]['failed'])}" for form in forms
                       if forms[form]["failed"]]
    print("\nTargets (performance >= 90 desktop, >= 75 mobile; accessibility and SEO 100): "
          + ("all met" if not misses else f"{len(misses)} missed:\n  " + "\n  ".join(misses)))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
