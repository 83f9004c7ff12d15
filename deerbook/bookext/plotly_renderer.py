"""Render Plotly figures in the Jupyter Book, fully offline.

This module is two things, both used only by the book build:

1. A **myst-nb MIME render plugin** (:class:`PlotlyMimeRenderer`), registered in
   ``pyproject.toml`` under the entry-point group ``myst_nb.mime_renderers``
   (myst-nb 1.x discovers MIME plugins *only* through that group, and calls every installed one in every build).
   In a build that loads the Sphinx extension below, it turns a
   notebook output ``application/vnd.plotly.v1+json`` into a ``<div>`` (its height reserved) plus the
   figure's JSON in a ``<script type="application/json">`` data block, which the page script draws. In any other
   build (another project's book where deerbook happens to be installed) it declines, and that book's outputs are
   rendered as myst-nb would without deerbook.
2. A **Sphinx extension** (``setup``), listed in ``book/_config.yml`` under
   ``sphinx.extra_extensions``. It puts the Plotly JSON first in the build's ``nb_mime_priority_overrides`` (a
   config value of that build only, where the plugin's own overrides would apply to every build), and adds a small
   page script, ``_static/deerbook-plotly.js`` (deferred: it never
   blocks the first paint), to the pages that contain a Plotly figure; each figure's JSON is a data block in the
   page. plotly.js itself is loaded by that script only when a chart comes near the window (an
   IntersectionObserver), so a reader who never scrolls to a chart never downloads it; and it is the partial bundle
   of the trace types the book draws (npm's ``plotly.js-cartesian-dist-min``, at the version of the plotly.js the
   installed plotly package bundles: scatter, bar, heatmap, box and the other cartesian traces), fetched once from
   the npm registry into the build's download cache (``book/lite/_cache``) and copied into ``_static``; without npm
   the full ``plotly.min.js`` of the installed plotly package is copied instead. Never a CDN.
   The helper draws every figure with an explicit height (its own, or ``DEFAULT_HEIGHT``; the space is reserved in
   the page before it is drawn, so nothing jumps) at its container's width, re-draws it whenever the container's
   width changes, and re-draws figures that use the ``deerbook`` template with ``deerbook-dark`` while the page theme is
   dark (a fresh ``Plotly.newPlot``: ``Plotly.react`` on a theme switch left charts 0 px tall),
   keeping the setting of any dropdown or slider (`deerbook.charts.controls`) the reader picked. A legend that
   would overlap the x axis (legends go under narrow charts) gets room below it. No mode bar is drawn.

Every chart is a ``<figure>`` named by its text alternative (`deerbook.charts.alternative`): the description the
chart function stored in ``layout.meta``, shown as the figure's caption (the page script keeps it in step with the
chart's dropdown or slider), and its data as tables in a folded "The chart's data" box under it, one per trace and,
for a chart with a control, per step. The drawn picture is hidden from assistive technology (``aria-hidden`` on the
div Plotly draws in, which no redraw replaces): the caption and the tables say what it shows. A small stylesheet,
``_static/deerbook-charts.css``, lets the tables scroll inside their box.

Nothing here is imported at run time by the engine or the notebooks.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any, ClassVar, Sequence

from ..engine.files import write_atomic

PLOTLY_MIME = "application/vnd.plotly.v1+json"
PLOTLY_JS = "plotly.min.js"
#: npm's partial bundle of plotly.js with the cartesian traces (scatter, bar, heatmap, box, ...): all the book draws
PARTIAL_BUNDLE = "plotly.js-cartesian-dist-min"
PARTIAL_JS = "plotly-cartesian.min.js"
HELPER_JS = "deerbook-plotly.js"
CHARTS_CSS = "deerbook-charts.css"
DIV_CLASS = "deerbook-plotly"

# Builders for which the Plotly JSON beats text/html, images and text/plain.
_HTML_BUILDERS = ("html", "dirhtml", "singlehtml", "readthedocs", "readthedocsdirhtml")


def plotly_js_path() -> Path:
    """The plotly.min.js shipped inside the installed plotly package."""
    import plotly

    path = Path(plotly.__file__).parent / "package_data" / PLOTLY_JS
    if not path.is_file():  # pragma: no cover - broken plotly install
        raise FileNotFoundError(f"plotly.min.js not found in the plotly package: {path}")
    return path


def partial_bundle(cache: Path) -> Path | None:
    """npm's cartesian partial bundle of plotly.js at the version the installed plotly bundles, fetched once into
    `cache` (``npm pack``); None without npm (the book then ships the installed plotly's full bundle)."""
    from plotly.offline import get_plotlyjs_version

    version = get_plotlyjs_version()
    target = cache / f"{PARTIAL_BUNDLE}-{version}" / PARTIAL_JS
    if target.is_file():
        return target
    npm = shutil.which("npm")
    if npm is None:
        return None
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as temporary:
        subprocess.run([npm, "pack", "--silent", f"{PARTIAL_BUNDLE}@{version}", "--pack-destination", temporary],
                       check=True, stdout=subprocess.DEVNULL)
        with tarfile.open(Path(temporary) / f"{PARTIAL_BUNDLE}-{version}.tgz") as archive:
            member = archive.extractfile(f"package/{PARTIAL_JS}")
            if member is None:  # pragma: no cover - a changed npm package
                raise FileNotFoundError(f"{PARTIAL_BUNDLE}@{version} holds no {PARTIAL_JS}")
            target.parent.mkdir(exist_ok=True)
            write_atomic(target, member.read().decode("utf-8"), f"{PARTIAL_BUNDLE} {version}")
    return target


def _json_for_script(obj: Any) -> str:
    """JSON that is safe inside an HTML <script> element."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def figure_html(figure: dict[str, Any], div_id: str) -> str:
    """The HTML for one figure: a ``<figure>`` named by its description, holding the div Plotly draws in (hidden
    from assistive technology, its height reserved), the description as its caption and the chart's data; then the
    figure's JSON as a data block, which the page script draws when the chart comes near the window."""
    from deerbook.charts.theme import LIGHT
    from deerbook.charts.titles import toolbar_drawn, without_toolbar_row

    layout = dict(figure.get("layout") or {})
    themed = layout.get("template") == LIGHT.to_plotly_json()
    # Sizing is the helper's: it follows the figure's container, not the window.
    # No mode bar: a book's chart is read, not edited, and the bar covered the chart's title under the pointer.
    config = {"displaylogo": False, **(figure.get("config") or {}), "displayModeBar": False, "responsive": False}
    if not toolbar_drawn(config):  # no toolbar: no row kept for it above the title
        layout = without_toolbar_row(layout)
    payload = _json_for_script({"data": figure.get("data") or [], "layout": layout, "config": config})
    description = chart_description(figure)
    text = html.escape(description)
    height = round(layout.get("height") or DEFAULT_HEIGHT)
    return (
        f'<figure class="deerbook-chart" aria-labelledby="{div_id}-description">\n'
        f'<div class="{DIV_CLASS}" id="{div_id}" aria-hidden="true" data-deerbook-themed="{str(themed).lower()}" '
        f'style="height:{height}px"></div>\n'
        f'<figcaption><p class="deerbook-chart-description" id="{div_id}-description">{text}</p>\n'
        f"{data_html(figure, chart_title(figure) or description)}</figcaption>\n</figure>\n"
        f'<script type="application/json" id="{div_id}-figure">{payload}</script>\n'
    )


def chart_title(figure: dict[str, Any]) -> str:
    """The figure's title as plain text ("" without one)."""
    from deerbook.charts.alternative import plain

    return plain(((figure.get("layout") or {}).get("title") or {}).get("text", "") or "")


def chart_description(figure: dict[str, Any]) -> str:
    """The figure's stored text alternative; a figure made without one is named by its title (and the build
    warns, which the book's strict build turns into an error)."""
    from deerbook.charts.alternative import figure_description

    text = figure_description(figure)
    if text:
        return text
    from sphinx.util import logging

    title = chart_title(figure)
    logging.getLogger(__name__).warning(f"a Plotly figure without a text alternative (layout.meta.description): "
                                        f"{title or 'untitled'}")
    return f"Chart: {title}" if title else "Chart"


#: The summary of the folded box that holds a chart's data tables.
DATA_SUMMARY = "The chart's data"


def data_html(figure: dict[str, Any], chart_name: str) -> str:
    """The chart's data tables (`deerbook.charts.alternative.data_tables`) in a folded box that scrolls inside
    itself (keyboard-scrollable: it takes the focus), a region named after the chart (`chart_name`, escaped), so
    that each chart's box on a page has a name of its own."""
    from deerbook.charts.alternative import data_tables

    tables = "".join(_table_html(table) for table in data_tables(figure))
    return (f'<details class="deerbook-chart-data"><summary>{DATA_SUMMARY}</summary>'
            f'<div class="deerbook-chart-tables" role="region" tabindex="0" '
            f'aria-label="{DATA_SUMMARY}: {html.escape(chart_name)}">{tables}</div></details>\n')


def _table_html(table: Any) -> str:
    """One data table: its caption, column headings, and rows headed by their first cell."""
    cell = html.escape
    head = "".join(f'<th scope="col">{cell(name)}</th>' for name in table.header)
    rows = "".join(f'<tr><th scope="row">{cell(first)}</th>' + "".join(f"<td>{cell(value)}</td>" for value in rest)
                   + "</tr>" for first, *rest in table.rows)
    return (f"<table><caption>{cell(table.caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table>")


#: The Plotly JSON before text/html, images and text/plain in the HTML builders of deerbook's book.
PLOTLY_PRIORITY = [(builder, PLOTLY_MIME, 1) for builder in _HTML_BUILDERS]


def in_deerbook_book(renderer: Any) -> bool:
    """Whether myst-nb's `renderer` works for a Sphinx build that loaded this extension (deerbook's book), not for
    another project's book or a docutils-only run."""
    env = getattr(renderer.renderer.document.settings, "env", None)
    app = getattr(env, "_app", None) or getattr(env, "app", None)  # Sphinx 8.1 made env.app private
    return app is not None and __name__ in app.extensions


class PlotlyMimeRenderer:
    """myst-nb MIME render plugin for ``application/vnd.plotly.v1+json``, active only in deerbook's book.

    Implements the ``myst_nb.core.render.MimeRenderPlugin`` protocol. It has no priority overrides of its own:
    myst-nb would apply them to every build; the extension sets them in its build's config instead.
    """

    mime_priority_overrides: ClassVar[Sequence[tuple[str, str, int | None]]] = ()

    @staticmethod
    def handle_mime(renderer: Any, data: Any, inline: bool) -> Any:
        """Render a Plotly JSON output as offline HTML in deerbook's book; decline (None) anything else."""
        if inline or data.mime_type != PLOTLY_MIME or not in_deerbook_book(renderer):
            return None
        from docutils import nodes

        content = data.content
        figure = json.loads(content) if isinstance(content, (str, bytes)) else content
        key = f"{data.cell_index}:{data.output_index}:{_json_for_script(figure)}"
        div_id = "deerbook-plotly-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]
        html = figure_html(figure, div_id)
        return [nodes.raw("", html, format="html", classes=["output", "deerbook-plotly-output"])]


#: Height (px) of a figure whose layout sets none: a chart always has a drawn height, whatever
#: the state of its container when it is (re-)drawn.
DEFAULT_HEIGHT = 450
#: Below this width (px) a chart's legend goes in rows under the chart, leaving the plot the width.
NARROW_WIDTH = 640
#: Width and line height (px) of a chart title's characters, to wrap titles to the chart's width
#: and leave them room above the plot (and above any panel titles).
TITLE_CHAR_WIDTH = 10
TITLE_LINE_HEIGHT = 24
#: Height (px) of a line of tick labels: a chart whose x axis is on top (the play sheet) gets room for them under its
#: title.
TICK_LINE_HEIGHT = 14
#: Least height (px) of a chart's plot area. A chart whose title wraps to more lines grows by as much, so its plot
#: keeps the height the figure gave it (and at least this).
MIN_PLOT_HEIGHT = 100
#: Room (px) a dropdown above a chart takes under its title.
MENU_HEIGHT = 44
#: How near the window (CSS margin) a chart is drawn, plotly.js loaded for the first one, once the reader scrolls:
#: half a screen ahead. Before the first scroll only a chart in the window is drawn (a page opens without plotly.js
#: unless its first screen shows a chart).
NEAR_MARGIN = "50% 0px"
#: Before the reader scrolls, a chart is drawn (and plotly.js loaded) only if more than its top edge is in sight: one
#: whose top peeks into the window's last 5% waits for the first scroll.
FIRST_SCREEN_MARGIN = "0px 0px -5% 0px"


def _helper_js(bundle: str) -> str:
    """The page script that loads plotly.js (`bundle`, beside the script) when a chart first comes near the window,
    draws each figure as it comes near, at its container's width, and re-draws it on a theme
    switch (toggle or OS setting) and on every resize of its container; titles wrap to the width (above
    any dropdown) and legends of narrow charts go in rows under the chart. A re-draw keeps what the
    reader picked with a chart's dropdowns and sliders: the shown data, each control's setting and the
    layout keys the controls set (e.g. the title, the text alternative, or the height of a chart whose choices
    vary), and the chart's caption shows the text alternative of the step shown."""
    from deerbook.charts.theme import DARK

    dark = _json_for_script(DARK.to_plotly_json())
    return (
        "/* deerbook: draw Plotly figures with the page's light/dark theme (generated at build time). */\n"
        "(function(){\n"
        f"  var DARK={dark};\n"
        f"  var HEIGHT={DEFAULT_HEIGHT},NARROW={NARROW_WIDTH},"
        f"TITLE_CHAR={TITLE_CHAR_WIDTH},TITLE_LINE={TITLE_LINE_HEIGHT},TICK_LINE={TICK_LINE_HEIGHT};\n"
        f"  var MENU={MENU_HEIGHT},MIN_PLOT={MIN_PLOT_HEIGHT};\n"
        f"  var BUNDLE=new URL({_json_for_script(bundle)},document.currentScript.src).href,NEAR='{NEAR_MARGIN}';\n"
        "  var figs=[],loading=null;\n"
        "  function isDark(){return document.documentElement.dataset.theme==='dark';}\n"
        "  function wrap(text,chars){\n"
        "    var lines=[''];text.split(/\\s+/).forEach(function(w){var last=lines[lines.length-1];\n"
        "      if(last&&(last+' '+w).length>chars){lines.push(w);}else{lines[lines.length-1]=last?last+' '+w:w;}});\n"
        "    return lines;\n"
        "  }\n"
        "  function fitTitle(l,width){\n"
        "    var t=typeof l.title==='string'?{text:l.title}:Object.assign({},l.title);if(!t.text){return;}\n"
        "    var lines=wrap(t.text.replace(/<br>/g,' '),Math.max(Math.floor((width-40)/TITLE_CHAR),12));\n"
        "    t.text=lines.join('<br>');t.x=0.02;t.xanchor='left';t.xref='container';\n"
        "    t.y=1;t.yanchor='top';t.yref='container';t.pad={t:TITLE_LINE};l.title=t;\n"
        "    var panels=(l.annotations||[]).length?TITLE_LINE:0,menus=(l.updatemenus||[]).length?MENU:0;\n"
        "    var x=l.xaxis||{},heads=x.side==='top'?(x.ticktext||['']).map(function(t){"
        "return String(t).split('<br>').length;}):[],top=heads.length?TICK_LINE*Math.max.apply(null,heads)+8:0;\n"
        "    var m=Object.assign({t:48},l.margin);"
        "m.t=Math.max(m.t,TITLE_LINE*(lines.length+1)+panels+menus+top);l.margin=m;\n"
        "  }\n"
        "  function layoutFor(div,fig){\n"
        "    var l=Object.assign({},fig.layout);\n"
        "    if(div.dataset.deerbookThemed==='true'&&isDark()){l.template=DARK;}\n"
        "    var width=Math.max(div.getBoundingClientRect().width,1);\n"
        "    var own=Object.assign({t:48,b:48},fig.layout.margin),plot=(fig.layout.height||HEIGHT)-own.t-own.b;\n"
        "    l.autosize=false;l.height=fig.layout.height||HEIGHT;l.width=width;fitTitle(l,width);\n"
        "    var m=l.margin||{};l.height=Math.max(l.height,(m.t||48)+(m.b||48)+Math.max(plot,MIN_PLOT));\n"
        "    if(width<NARROW&&l.showlegend!==false){l.legend=Object.assign({},l.legend,"
        "{orientation:'h',x:0,xanchor:'left',xref:'container',y:0,yanchor:'bottom',yref:'container',maxheight:4000});}\n"
        "    return l;\n"
        "  }\n"
        "  function controlled(fig){\n"
        "    var keys={};(fig.layout.updatemenus||[]).concat(fig.layout.sliders||[]).forEach(function(c){\n"
        "      (c.buttons||c.steps||[]).forEach(function(b){"
        "var l=b.method==='update'?b.args[1]:b.method==='relayout'?b.args[0]:null;\n"
        "        Object.keys(l||{}).forEach(function(k){keys[k.split('.')[0]]=true;});});});\n"
        "    return Object.keys(keys);\n"
        "  }\n"
        "  function current(div,fig){\n"
        "    if(!div.data||!div.layout||!(fig.layout.updatemenus||fig.layout.sliders)){return fig;}\n"
        "    var copy=function(v){return JSON.parse(JSON.stringify(v));},l=Object.assign({},fig.layout);\n"
        "    ['updatemenus','sliders'].forEach(function(k){if(l[k]){l[k]=l[k].map(function(c,i){\n"
        "      return Object.assign({},c,{active:(div.layout[k]||[])[i]?div.layout[k][i].active:c.active});});}});\n"
        "    controlled(fig).forEach(function(k){if(div.layout[k]!==undefined){l[k]=copy(div.layout[k]);}});\n"
        "    return {data:copy(div.data),layout:l,config:fig.config};\n"
        "  }\n"
        "  function clearLegend(div){\n"
        "    var lg=div.querySelector('.legend');if(!lg){return;}var r=lg.getBoundingClientRect(),low=0;\n"
        "    var texts='.xaxislayer-above text, text[class^=\"x\"][class$=\"title\"]';\n"
        "    div.querySelectorAll(texts).forEach(function(t){\n"
        "      var b=t.getBoundingClientRect();if(b.height>0&&b.left<r.right&&b.right>r.left&&b.top<r.bottom){"
        "low=Math.max(low,b.bottom);}});\n"
        "    var gap=Math.ceil(low+6-r.top);if(low===0||gap<=0){return;}\n"
        "    var l=div.layout,h=(l.height||HEIGHT)+gap;div.style.height=h+'px';\n"
        "    return Plotly.relayout(div,{'margin.b':(l.margin&&l.margin.b||48)+gap,height:h});\n"
        "  }\n"
        "  function describe(div){\n"  # the caption follows the step a dropdown or slider shows
        "    var p=document.getElementById(div.id+'-description'),m=div.layout&&div.layout.meta;\n"
        "    if(p&&m&&m.description&&p.textContent!==m.description){p.textContent=m.description;}\n"
        "  }\n"
        "  function plot(div,fig){\n"
        "    if(div.deerbookBusy){div.deerbookAgain=true;return;}\n"  # one drawing at a time, then the latest
        "    div.deerbookBusy=true;div.deerbookAgain=false;\n"
        "    var now=current(div,fig),done=function(){div.deerbookBusy=false;"
        "if(div.deerbookAgain){plot(div,div.deerbookFig);}};\n"
        "    var lay=layoutFor(div,now);div.style.height=lay.height+'px';\n"
        "    try{Plotly.newPlot(div,now.data,lay,now.config).then(function(){return clearLegend(div);})"
        ".then(function(){describe(div);}).then(done,done);}catch(e){done();throw e;}\n"
        "    var refit=function(){setTimeout(function(){plot(div,fig);},0);};\n"
        "    div.on('plotly_buttonclicked',refit);div.on('plotly_sliderend',refit);\n"
        "    div.deerbookWidth=div.getBoundingClientRect().width;\n"
        "  }\n"
        "  function resized(entries){entries.forEach(function(e){\n"
        "    var div=e.target;if(div.deerbookFig&&Math.abs(div.getBoundingClientRect().width-div.deerbookWidth)>=1){"
        "plot(div,div.deerbookFig);}\n"
        "  });}\n"
        "  var sizes=window.ResizeObserver?new ResizeObserver(resized):null;\n"
        "  function draw(div,fig){\n"
        "    div.deerbookFig=fig;figs.push(div);plot(div,fig);if(sizes){sizes.observe(div);}\n"
        "  }\n"
        "  function redraw(){figs.forEach(function(div){plot(div,div.deerbookFig);});}\n"
        "  function plotly(){\n"  # plotly.js, once, when the first chart comes near
        "    loading=loading||new Promise(function(resolve,reject){var s=document.createElement('script');\n"
        "      s.src=BUNDLE;s.onload=resolve;\n"
        "      s.onerror=function(){reject(new Error('plotly.js did not load: '+BUNDLE));};\n"
        "      document.head.appendChild(s);});\n"
        "    return loading;\n"
        "  }\n"
        "  var near=null;\n"
        "  function watch(margin){\n"  # draw each chart not drawn yet when it comes within `margin` of the window
        "    if(near){near.disconnect();}\n"
        "    near=new IntersectionObserver(function(entries){entries.forEach(function(e){\n"
        "      var div=e.target;if(!e.isIntersecting){return;}near.unobserve(div);div.deerbookQueued=true;\n"
        "      var data=document.getElementById(div.id+'-figure');\n"
        "      plotly().then(function(){draw(div,JSON.parse(data.textContent));});\n"
        "    });},{rootMargin:margin});\n"
        "    document.querySelectorAll('div.'+" + repr(DIV_CLASS) + ").forEach(function(div){"
        "if(!div.deerbookQueued){near.observe(div);}});\n"
        "  }\n"
        f"  watch('{FIRST_SCREEN_MARGIN}');\n"  # at first only a chart in sight: the reader has not scrolled yet
        "  addEventListener('scroll',function(){watch(NEAR);},{once:true,passive:true});\n"
        "  new MutationObserver(redraw).observe(document.documentElement,"
        "{attributes:true,attributeFilter:['data-theme']});\n"
        "  window.deerbookPlotly={redraw:redraw};\n"
        "})();\n"
    )


#: The charts' captions and data tables: a table scrolls inside its box (both ways, its headings kept in view), never
#: the page; the theme's colours, so it reads in light and dark mode.
CHARTS_STYLE = """/* deerbook: chart captions and data tables (generated at build time). */
figure.deerbook-chart { margin: 0 0 1rem; min-width: 0; max-width: 100%; }
figure.deerbook-chart figcaption { font-size: 0.9rem; margin-top: 0.25rem; text-align: left; }
figure.deerbook-chart .deerbook-chart-description { margin: 0 0 0.25rem; }
figure.deerbook-chart details summary { cursor: pointer; }
figure.deerbook-chart .deerbook-chart-tables { max-width: 100%; max-height: 28rem; overflow: auto; }
figure.deerbook-chart .deerbook-chart-tables table { display: table; max-width: none; overflow: visible;
  margin: 0 0 0.75rem; border-collapse: collapse; }
figure.deerbook-chart .deerbook-chart-tables caption { caption-side: top; text-align: left; font-weight: 600;
  color: var(--pst-color-text-base); }
figure.deerbook-chart .deerbook-chart-tables th,
figure.deerbook-chart .deerbook-chart-tables td { padding: 0.15rem 0.5rem; text-align: left; vertical-align: top; }
figure.deerbook-chart .deerbook-chart-tables thead th { position: sticky; top: 0;
  background: var(--pst-color-background); }
"""


_THEBE_CONFIG = re.compile(r'<script type="text/x-thebe-config">.*?</script>\s*', re.DOTALL)


def _drop_thebe(context: dict) -> None:
    """Remove sphinx-thebe's assets (Jupyter Book always loads the extension).

    The book has no launch/Thebe buttons, and sphinx-thebe's inline script names a
    CDN URL for thebe.js; dropping it keeps every page free of remote references.
    """

    def is_thebe(asset: Any) -> bool:
        name = str(getattr(asset, "filename", asset) or "")
        body = str(getattr(asset, "attributes", {}).get("body", ""))
        return "sphinx-thebe" in name or "THEBE_JS_URL" in body or "thebe" in name.rsplit("/", 1)[-1]

    for key in ("script_files", "css_files"):
        if key in context:
            context[key][:] = [asset for asset in context[key] if not is_thebe(asset)]
    if isinstance(context.get("body"), str):
        context["body"] = _THEBE_CONFIG.sub("", context["body"])


def _add_scripts(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """Drop thebe; add the (deferred) helper and the charts' stylesheet only to pages that contain a Plotly figure
    (the helper loads plotly.js itself, when a chart comes near the window)."""
    _drop_thebe(context)
    if doctree is None:
        return
    from docutils import nodes

    for node in doctree.findall(nodes.raw):
        if DIV_CLASS in node.get("classes", []) or "deerbook-plotly-output" in node.get("classes", []):
            app.add_js_file(HELPER_JS, priority=401, defer="defer")
            app.add_css_file(CHARTS_CSS, priority=900)
            return


def _copy_static(app: Any) -> None:
    """Write plotly.js (the partial bundle, else the installed plotly's full one), the helper naming it and the
    charts' stylesheet into <outdir>/_static before pages are written (so Sphinx can add its ?v=checksum
    cache-buster to the script tags)."""
    if app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    bundle = partial_bundle(Path(app.srcdir) / app.config.deerbook_download_cache)
    if bundle is None:
        from sphinx.util import logging

        logging.getLogger(__name__).info(f"no npm: the charts use the full plotly.js, not {PARTIAL_BUNDLE}")
    source = bundle or plotly_js_path()
    shutil.copyfile(source, static / source.name)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:12]
    write_atomic(static / HELPER_JS, _helper_js(f"{source.name}?v={digest}"), "Plotly helper script")
    write_atomic(static / CHARTS_CSS, CHARTS_STYLE, "charts' stylesheet")


def _prefer_plotly(app: Any, config: Any) -> None:
    """Put the Plotly JSON first in this build's MIME priorities; the book's own overrides still win."""
    config.nb_mime_priority_overrides = [*PLOTLY_PRIORITY, *config.nb_mime_priority_overrides]


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension entry point (``sphinx.extra_extensions`` in book/_config.yml)."""
    app.setup_extension("myst_nb")  # its config values, which _prefer_plotly extends
    #: where build downloads are kept, relative to the book's source folder (npm's plotly.js bundle)
    app.add_config_value("deerbook_download_cache", "book/lite/_cache", "env")
    app.connect("config-inited", _prefer_plotly)
    app.connect("html-page-context", _add_scripts)
    app.connect("builder-inited", _copy_static)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
