"""What every page of the built book transfers before the reader does anything, and what dominates it.

    python3 dev.py book                          (builds book/_build/html)
    .venv/bin/python benchmarks/page_weight.py [--book book/_build/html] [--page PATTERN ...]

Each page is opened in headless chromium, in a fresh context (nothing cached), in Lighthouse's phone window (412 x 823)
and desktop window (1350 x 940), from a local server that gzips text and WebAssembly as static hosts do
(book/lite/lite_browser.py, driven by tests/helpers/lite_driver.py); every request until the network is quiet is
counted, with its headers and its body as sent. For each page: bytes and requests before any interaction, the three
biggest requests with their share, and what the reader's first move adds: for a chapter, scrolling through every chart
(plotly.js loads with the first chart that comes near); for the play page, pressing Start (the table's Python). Requests
to any other host are aborted.
Targets (issue 40): a chapter at most 1 MB before a chart scrolls into view; the play page at most 1 MB until the
reader starts the table (tests/built_book/test_book_build.py checks both on every page).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "book" / "lite"), str(ROOT / "tests" / "helpers")]
import lite_browser  # noqa: E402  (book/lite is not a package: the gzip server)
import lite_driver as lb  # noqa: E402  (the browser tests' JupyterLite driver)
from browser_page import ROOT as TABLE, START, START_BUTTON  # noqa: E402

TARGET = 1_000_000  # bytes before any interaction
FIRST_CHOICE = f"{TABLE} [data-part=choices] button:enabled"


def book_pages(book: Path) -> list[str]:
    """Every page of the book (the root page, the chapters, the search and index pages), not the live site."""
    return sorted(str(page.relative_to(book)) for page in book.rglob("*.html")
                  if page.relative_to(book).parts[0] not in ("_static", "_sources", "lite"))


def scroll_through(page) -> None:
    """A reader's first move on a page: to each chart in turn (each drawn), or the table's Start (its first deal)."""
    if page.locator(START_BUTTON).count():
        page.locator(START_BUTTON).click()
        page.locator(FIRST_CHOICE).first.wait_for(timeout=START)
    charts = page.locator("div.deerbook-plotly")
    for index in range(charts.count()):
        charts.nth(index).scroll_into_view_if_needed()
        charts.nth(index).locator(".main-svg").first.wait_for(state="attached", timeout=START)


def kilobytes(n: int) -> str:
    return f"{n / 1000:,.0f} KB"


def summary(requests: list[tuple[str, int]], origin: str) -> tuple[int, str]:
    """The total and the three biggest requests with their share of it."""
    total = sum(n for _, n in requests)
    biggest = sorted(requests, key=lambda r: -r[1])[:3]
    return total, ", ".join(f"{url.removeprefix(origin).split('?')[0]} {kilobytes(n)} ({n / total:.0%})"
                            for url, n in biggest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--page", action="append", help="only pages whose path contains this (repeatable)")
    args = parser.parse_args()
    if not (args.book / "index.html").exists():
        raise SystemExit(f"no built book in {args.book}: run `python3 dev.py book` first")
    from playwright.sync_api import sync_playwright

    pages = [page for page in book_pages(args.book) if not args.page or any(part in page for part in args.page)]
    print("| page | window | before any interaction | requests | most of it | after the first move |")
    print("|---|---|---|---|---|---|")
    over = []
    with lite_browser.serve(args.book) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(lite_browser.CHROMIUM),
                                             args=lite_browser.CHROMIUM_ARGS)
        for page in pages:
            for window, size in lb.WINDOWS.items():
                requests = lb.page_transfer(browser, f"{server}/{page}", size)
                total, most = summary(requests, server)
                moved = lb.page_transfer(browser, f"{server}/{page}", size, scroll_through)
                print(f"| {page} | {window} | {kilobytes(total)} | {len(requests)} | {most} | "
                      f"{kilobytes(sum(n for _, n in moved))} in {len(moved)} |", flush=True)
                outside = [url for url, _ in requests + moved if not url.startswith(server + "/")]
                assert not outside, f"{page}: requests for other hosts: {outside[:3]}"
                if total > TARGET:
                    over.append(f"{page} ({window}): {kilobytes(total)}")
        browser.close()
    print(f"\nTarget: at most {kilobytes(TARGET)} before any interaction: "
          + ("met by every page" if not over else "NOT met by " + "; ".join(over)))


if __name__ == "__main__":
    main()
