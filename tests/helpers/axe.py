"""axe-core, the accessibility engine of the browsers' own audits, run on a page open in Playwright.

`python3 dev.py test` fetches axe-core from the npm registry once (`npm pack axe-core@AXE_VERSION`) into the
download cache the book build already keeps (book/lite/_cache, git-ignored), so the browser tests run offline.
`violations(page)` injects it into the page and returns what it found, worst first; `blocking` keeps the serious and
critical ones, which fail a test, and `lines` words them for a failure message.
"""
from __future__ import annotations

from pathlib import Path

from npm_cache import CACHE, npm_file

AXE_VERSION = "4.14.1"
AXE_JS = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
BLOCKING = ("critical", "serious")
IMPACTS = ("critical", "serious", "moderate", "minor")
# WCAG 2.1 A and AA, and axe's best practices (landmarks, headings, regions).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def fetch_axe() -> Path:
    """axe.min.js in the cache, fetched from the npm registry once (npm is needed the first time only)."""
    return npm_file("axe-core", AXE_VERSION, "axe.min.js", AXE_JS)


def missing_reason() -> str | None:
    """Why axe cannot run here (None: it can)."""
    return None if AXE_JS.is_file() else f"axe-core is not cached at {AXE_JS}: python3 dev.py test fetches it"


def violations(page, include: str | None = None) -> list[dict]:
    """axe's violations on the page as it is now (only inside the CSS selector `include`, if given), worst first:
    each {"id", "impact", "help", "targets": [selector, ...], "html": first element's HTML}."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async ([include, tags]) => {
            const result = await axe.run(include ? {include: [include]} : document,
                                         {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
            return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.map(n => n.target.join(" ")), html: v.nodes.length ? v.nodes[0].html : ""}));
        }""", [include, TAGS])
    return sorted(found, key=lambda v: IMPACTS.index(v["impact"]) if v["impact"] in IMPACTS else len(IMPACTS))


def blocking(found: list[dict]) -> list[dict]:
    """The serious and critical violations: each fails a test."""
    return [v for v in found if v["impact"] in BLOCKING]


def lines(found: list[dict], where: str) -> list[str]:
    """One line per violation: where, impact, rule, how many elements, the first of them."""
    return [f"{where}: {v['impact']} {v['id']} ({v['help']}) on {len(v['targets'])} element(s), "
            f"first {v['targets'][0] if v['targets'] else '?'}: {v['html'][:160]}" for v in found]


if __name__ == "__main__":  # `python tests/helpers/axe.py`: what dev.py test runs before the browser tests
    try:
        print(f"axe-core {AXE_VERSION}: {fetch_axe()}")
    except FileNotFoundError as missing:
        print(f"{missing}: the accessibility checks will be skipped")
