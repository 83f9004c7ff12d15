"""The book's math as MathML, written at build time (a Sphinx extension listed in book/_config.yml).

The book's few formulas (`$\\binom{16}{5}$`, `$6^{11}$`) are small TeX; browsers draw MathML themselves, so the page
needs no math script (MathJax: about 130 KB of script and its fonts, and a long task that typesets the page after it
is drawn). This renderer reads the TeX the book uses: numbers, letters, operators, `^{...}` and `_{...}`,
`\\frac{...}{...}`, `\\binom{...}{...}` and the symbols of SYMBOLS. Anything else is a build warning (an error in the
book's strict build) naming the formula, to be written in this subset or added to it.
Nothing here is imported at run time by the engine or the notebooks.
"""
from __future__ import annotations

import re
from html import escape
from typing import Any

#: TeX commands for single symbols: (MathML element, character).
SYMBOLS = {"times": ("mo", "×"), "cdot": ("mo", "·"), "le": ("mo", "≤"), "ge": ("mo", "≥"), "ne": ("mo", "≠"),
           "approx": ("mo", "≈"), "ldots": ("mo", "…"), "pm": ("mo", "±"), "infty": ("mi", "∞")}
#: TeX commands with two arguments: the MathML they become.
TWO_ARGUMENTS = {"frac": "<mfrac>{}{}</mfrac>",
                 "binom": '<mrow><mo>(</mo><mfrac linethickness="0">{}{}</mfrac><mo>)</mo></mrow>'}
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z])|\\([A-Za-z]+)|([{}^_])|([-+=<>()\[\],.!/|:;]))")


class UnsupportedTeX(ValueError):
    """A formula outside the TeX this renderer reads."""


def mathml(tex: str, block: bool = False) -> str:
    """The MathML of a formula (`block`: a displayed one)."""
    tokens = tokenized(tex)
    body = row(tokens, tex)
    if tokens:
        raise UnsupportedTeX(f"an unmatched '}}' in {tex!r}")
    display = ' display="block"' if block else ""
    return f'<math{display}><semantics><mrow>{body}</mrow><annotation encoding="application/x-tex">' \
           f"{escape(tex)}</annotation></semantics></math>"


def tokenized(tex: str) -> list[tuple[str, str]]:
    """The formula's tokens as (kind, text): number, letter, command, group (`{`, `}`, `^`, `_`) or operator."""
    tokens, at = [], 0
    while at < len(tex.rstrip()):
        found = TOKEN.match(tex, at)
        if found is None:
            raise UnsupportedTeX(f"{tex[at:].strip()[:10]!r} in {tex!r}")
        group = found.lastindex or 0  # the alternative that matched (each is one group)
        tokens.append((("number", "letter", "command", "group", "operator")[group - 1], found.group(group)))
        at = found.end()
    return tokens


def row(tokens: list[tuple[str, str]], tex: str) -> str:
    """The MathML of the tokens up to the end or an unmatched `}` (left in `tokens`), consumed from the front."""
    out: list[str] = []
    while tokens and tokens[0] != ("group", "}"):
        kind, text = tokens.pop(0)
        if (kind, text) in (("group", "^"), ("group", "_")):
            if not out:
                raise UnsupportedTeX(f"{text} with nothing before it in {tex!r}")
            element = "msup" if text == "^" else "msub"
            out.append(f"<{element}>{out.pop()}{argument(tokens, tex)}</{element}>")
        elif kind == "group":
            out.append(f"<mrow>{row(tokens, tex)}</mrow>")
            closing(tokens, tex)
        elif kind == "command":
            out.append(command(text, tokens, tex))
        else:
            element = {"number": "mn", "letter": "mi", "operator": "mo"}[kind]
            out.append(f"<{element}>{escape(text)}</{element}>")
    return "".join(out)


def argument(tokens: list[tuple[str, str]], tex: str) -> str:
    """A command's or script's argument: a `{...}` group, or a single token."""
    if not tokens:
        raise UnsupportedTeX(f"a missing argument in {tex!r}")
    if tokens[0] == ("group", "{"):
        tokens.pop(0)
        inner = row(tokens, tex)
        closing(tokens, tex)
        return f"<mrow>{inner}</mrow>"
    return row([tokens.pop(0)], tex)


def closing(tokens: list[tuple[str, str]], tex: str) -> None:
    if not tokens or tokens.pop(0) != ("group", "}"):
        raise UnsupportedTeX(f"an unclosed '{{' in {tex!r}")


def command(name: str, tokens: list[tuple[str, str]], tex: str) -> str:
    """A TeX command's MathML: a symbol, or a fraction-like pair of arguments."""
    if name in SYMBOLS:
        element, char = SYMBOLS[name]
        return f"<{element}>{char}</{element}>"
    if name in TWO_ARGUMENTS:
        return TWO_ARGUMENTS[name].format(argument(tokens, tex), argument(tokens, tex))
    raise UnsupportedTeX(f"\\{name} in {tex!r}")


def _visit(translator: Any, node: Any, block: bool) -> None:
    from docutils import nodes
    from sphinx.util import logging

    tex = node.astext()
    try:
        translator.body.append(mathml(tex, block))
    except UnsupportedTeX as problem:
        logging.getLogger(__name__).warning(f"math the book cannot write as MathML: {problem} "
                                            "(deerbook/bookext/mathml.py reads a small part of TeX)", location=node)
        translator.body.append(f"<code>{escape(tex)}</code>")
    raise nodes.SkipNode


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension entry point (``sphinx.extra_extensions`` in book/_config.yml; ``html_math_renderer``
    "mathml" there selects it)."""
    app.add_html_math_renderer("mathml", (lambda self, node: _visit(self, node, False), None),
                               (lambda self, node: _visit(self, node, True), None))
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
