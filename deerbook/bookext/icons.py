"""The theme's icons as a small style sheet (a Sphinx extension listed in book/_config.yml).

The theme draws its icons (Font Awesome Free, CC BY 4.0) with a 1.5 MB script that holds every icon of the set, or
with a 150 KB icon font; the book shows about fifteen. At the end of the build this writes
``_static/deerbook-icons.css``: each icon the pages show, as a mask image in the text colour, its shape taken from
the theme's own copy of Font Awesome. These are the ``<i class="fa-solid fa-bars">`` icons of the theme's templates
and scripts, and the icons the theme's style sheet draws with the font in admonition titles. No page loads the
script (book/_templates/static/webpack-macros.html leaves it out) or the font.
Nothing here is imported at run time by the engine or the notebooks.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..engine.files import write_atomic

ICONS_CSS = "deerbook-icons.css"
#: A quoted run of classes naming a Font Awesome icon, in a page or in a theme script that writes one.
ICON_CLASSES = re.compile(r"""["']([\w -]*\bfa-[\w -]*)["']""")
#: Font Awesome's style classes -> the names of its icon packs in its script (every icon of the theme has one).
STYLES = {"fa-solid": "fas", "fas": "fas", "fa-regular": "far", "far": "far", "fa-brands": "fab", "fab": "fab"}
#: Classes that size or move an icon, not name one.
MODIFIERS = {"fa-lg", "fa-sm", "fa-xs", "fa-fw", "fa-2x", "fa-3x", "fa-spin", "fa-stack", "fa-inverse"}
#: An admonition's kind in a page (`<div class="admonition important">`); "admonition" alone is the default kind.
ADMONITION = re.compile(r'class="admonition(?: ([a-z-]+))?[ "]')
#: One icon: (width, height, SVG path) in Font Awesome's units.
Shape = tuple[int, int, str]


def theme_static() -> Path:
    """The static folder of the installed pydata-sphinx-theme (its Font Awesome script and its style sheet)."""
    import pydata_sphinx_theme  # type: ignore[import-untyped]

    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"


def packs(fontawesome: str) -> dict[str, str]:
    """The text of each icon pack of Font Awesome's script ("fas" -> ...), each ending with `d("PACK",p)`."""
    parts = re.split(r'\bd\("(fa[a-z])",p\)', fontawesome)
    return dict(zip(parts[1::2], parts[0::2]))


def shape(pack: str, name: str = r"[\w-]+", code: str = r"[0-9a-f]+") -> Shape | None:
    """An icon of a pack's text, found by its name or its code point (hexadecimal)."""
    found = re.search(rf'[{{,]"?{name}"?:\[(\d+),(\d+),\[[^\]]*\],"{code}","([^"]+)"\]', pack)
    return (int(found.group(1)), int(found.group(2)), found.group(3)) if found else None


def icons_used(texts: list[str]) -> set[tuple[str, str]]:
    """The (pack, name) of each icon the texts name: `class="fa-solid fa-bars"` -> ("fas", "bars")."""
    icons = set()
    for text in texts:
        for classes in ICON_CLASSES.findall(text):
            names = classes.split()
            pack = next((STYLES[name] for name in names if name in STYLES), "fas")
            icons |= {(pack, name[3:]) for name in names
                      if name.startswith("fa-") and name not in STYLES and name not in MODIFIERS}
    return icons


def admonition_codes(theme_css: str) -> dict[str, str]:
    """Each admonition kind's icon code point (hexadecimal) in the theme's style sheet, "default" included."""
    glyphs = {name: f"{ord(char):x}" for name, char in re.findall(r'--pst-icon-([a-z-]+):"(.)"', theme_css)}
    return {kind: glyphs[icon] for kind, icon in
            re.findall(r"--pst-icon-admonition-([a-z-]+):var\(--pst-icon-([a-z-]+)\)", theme_css) if icon in glyphs}


def mask(icon: Shape) -> str:
    """The declarations that draw an icon: its width at 1 em tall, its shape as the mask."""
    width, height, path = icon
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"><path d="{path}"/></svg>'
    return f'width: {width / height:.4g}em; --deerbook-icon: url("data:image/svg+xml,{quote(svg, safe=" /=:,.-")}");'


#: How every icon is drawn: a box in the text colour, cut out by the icon's mask; the element's own font, never the
#: icon font (which a browser would fetch for the line's height alone).
DRAWN = ("font-family: inherit; background-color: currentColor; "
         "-webkit-mask: var(--deerbook-icon) center / contain no-repeat; "
         "mask: var(--deerbook-icon) center / contain no-repeat;")


def icons_css(icons: dict[tuple[str, str], Shape], admonitions: dict[str, Shape]) -> str:
    """The style sheet: each `<i>` icon and each admonition kind's title icon."""
    long_names = {"fas": "fa-solid", "far": "fa-regular", "fab": "fa-brands"}
    styled = ":is(" + ", ".join(f".{style}" for style in STYLES) + ")"
    rules = ["/* deerbook: the theme's icons that the book shows (Font Awesome Free, CC BY 4.0), written by "
             "deerbook/bookext/icons.py; no icon font or script is loaded. */",
             f"{styled} {{ font-family: inherit; }}",
             f'{styled}::before {{ content: ""; display: inline-block; height: 1em; vertical-align: -0.125em; '
             f"{DRAWN} }}",
             ".fa-lg { font-size: 1.25em; line-height: 0.05em; vertical-align: -0.075em; }"]
    for (pack, name), icon in sorted(icons.items()):
        style = "" if pack == "fas" else f":is(.{pack}, .{long_names[pack]})"  # Font Awesome's default: solid
        rules.append(f"{styled}{style}.fa-{name}::before {{ {mask(icon)} }}")
    if admonitions:
        rules.append(f'div.admonition > .admonition-title::after {{ content: "" !important; font: inherit !important; '
                     f"{DRAWN} }}")
    for kind, icon in sorted(admonitions.items()):
        where = "div.admonition" if kind == "default" else f"div.admonition.{kind}"
        rules.append(f"{where} > .admonition-title::after {{ {mask(icon)} width: 1rem; }}")
    return "\n".join(rules) + "\n"


def _write_icons(app: Any, exception: Exception | None) -> None:
    """The icons' style sheet, from the icons the written pages (and the theme's scripts) show."""
    if exception is not None or app.builder.format != "html":
        return
    out, static = Path(app.outdir), theme_static()
    pages = [page for page in out.rglob("*.html") if page.relative_to(out).parts[0] not in ("_static", "lite")]
    texts = [page.read_text(encoding="utf-8") for page in sorted(pages)]
    texts += [script.read_text(encoding="utf-8") for script in sorted((static / "scripts").glob("*.js"))
              if script.name != "fontawesome.js"]
    font_awesome = packs((static / "scripts" / "fontawesome.js").read_text(encoding="utf-8"))
    wanted = icons_used(texts)
    icons = {(pack, name): found for pack, name in wanted if (found := shape(font_awesome.get(pack, ""), name))}
    codes = admonition_codes((static / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8"))
    kinds = {match or "default" for text in texts for match in ADMONITION.findall(text)} & set(codes)
    admonitions = {kind: found for kind in kinds if (found := shape(font_awesome["fas"], code=codes[kind]))}
    missing = sorted({f"{pack} {name}" for pack, name in wanted - set(icons)} | (kinds - set(admonitions)))
    if missing:
        from sphinx.util import logging

        logging.getLogger(__name__).warning(f"icons not found in the theme's Font Awesome: {', '.join(missing)}")
    write_atomic(out / "_static" / ICONS_CSS, icons_css(icons, admonitions), "icons' style sheet")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension entry point (``sphinx.extra_extensions`` in book/_config.yml)."""
    app.add_css_file(ICONS_CSS, priority=800)
    app.connect("build-finished", _write_icons)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
