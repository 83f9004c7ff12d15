"""Drive the notebook table in a real browser: JupyterLab started here, Debian's chromium through Playwright.

`lab_server(folder)` starts JupyterLab on a free local port (no token, `--allow-root`) and stops it;
`play_in_browser(page, url, name, options, seats, seed, clicks)` opens a notebook that builds a
`GameTable`, runs it, and clicks the table's own choice buttons (seeded random choices) until the game
ends or `clicks` run out. The same clicks are replayed on a shadow table in this process (same seed,
same bots), so at every step the page can be checked against what seat 0 may see: the cards drawn
face up must be exactly seat 0's own (set-aside ones included), and the log must be seat 0's log, in time
order. Used by tests/test_browser.py
and benchmarks/browser_redraw.py.
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
REDRAW = ".deerbook-redraw"


def missing_reason() -> str | None:
    """Why the browser test cannot run here (None if it can)."""
    if not Path(CHROMIUM).exists():
        return f"chromium not found at {CHROMIUM} (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright for Python is not installed (pip install playwright; no browser download needed)"
    if shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) is None:
        return "jupyterlab is not installed"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def lab_server(folder: Path):
    """JupyterLab serving `folder` on 127.0.0.1; yields its base URL."""
    port = free_port()
    command = [str(Path(sys.executable).parent / "jupyter-lab"), "--no-browser", "--allow-root", f"--port={port}",
               "--ip=127.0.0.1", f"--ServerApp.root_dir={folder}", "--IdentityProvider.token=",
               "--ServerApp.password=", "--LabApp.news_url=", "--LabApp.collaborative=False"]
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(folder / ".jupyter"),
           "JUPYTERLAB_SETTINGS_DIR": str(folder / ".lab")}
    log = open(folder / "lab.log", "w")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{url}/api/status", timeout=1)
                break
            time.sleep(0.5)
        else:
            raise RuntimeError(f"JupyterLab did not start: {(folder / 'lab.log').read_text()[-2000:]}")
        yield url
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=20)
        if server.poll() is None:
            server.kill()
        log.close()


def write_notebook(folder: Path, name: str, game: str, options: dict, seats: list[str], seed: int) -> str:
    code = (f"from deerbook.engine import make_game\nfrom deerbook.widgets import GameTable\n"
            f"table = GameTable(make_game({game!r}, **{options!r}), {seats!r}, seed={seed}, bot_delay=0)\ntable")
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": code}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(notebook))
    return name


def redraw_count(page) -> int:
    return int(page.locator(REDRAW).last.get_attribute("data-redraw"))


def seen_cards(page) -> list[str]:
    return sorted(page.locator(".deerbook-view svg text.card").all_text_contents())


def own_cards(state, seat: int = 0) -> list[str]:
    comp = state.game.components
    return sorted(comp.cards[k].name for place in (state.hands[seat], state.set_aside[seat])
                  for k, count in enumerate(place) if count)


def page_log(page) -> list[str]:
    """The log's lines as the page shows them, oldest first (the turn dividers left out)."""
    return page.locator(".deerbook-log li:not(.deerbook-turn)").all_text_contents()


def play_in_browser(page, url: str, notebook: str, shadow, clicks: int, rng: np.random.Generator,
                    screenshots: Path | None = None) -> list[float]:
    """Click through a table; return the click-to-redraw times in ms (bots' thinking taken out)."""
    page.goto(f"{url}/lab/tree/{notebook}?reset", timeout=120_000)
    page.get_by_text("| Idle").first.wait_for(timeout=120_000)  # the kernel is ready
    page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click(timeout=60_000)
    page.keyboard.press("Shift+Enter")
    page.locator(REDRAW).last.wait_for(state="attached", timeout=120_000)
    times = []
    for step in range(clicks):
        check_page(page, shadow)
        if screenshots is not None and step % 25 == 0:
            page.screenshot(path=str(screenshots / f"{notebook}-{step:03d}.png"), full_page=True)
        if shadow.state.is_terminal():
            break
        before = redraw_count(page)
        start = time.perf_counter()
        click_choice(page, shadow, rng)
        page.wait_for_function(f"document.querySelectorAll('{REDRAW}').length && "
                               f"Number([...document.querySelectorAll('{REDRAW}')].pop().dataset.redraw) > {before}",
                               timeout=60_000)
        elapsed = 1000 * (time.perf_counter() - start)
        bots = float(page.locator(REDRAW).last.get_attribute("data-bots-ms"))
        times.append(elapsed - bots)
    if screenshots is not None:
        page.screenshot(path=str(screenshots / f"{notebook}-end.png"), full_page=True)
    return times


def click_choice(page, shadow, rng) -> None:
    """Pick a legal choice at random on the page (its label in words), and make the same choice on the shadow
    table (by the action's text the label stands for)."""
    from deerbook.play.table_html import choices

    names = {choice.label: choice.name for choice in choices(shadow, shadow.stop)}
    box = page.locator(".deerbook-choice").first.locator("xpath=..")
    selects = box.locator("select")
    if selects.count():
        options = selects.first.locator("option").all_text_contents()
        choice = options[int(rng.integers(len(options)))]
        selects.first.select_option(label=choice)
        name = names[choice.replace("\xa0", " ")]
        numbers = box.locator("input[type=number]")
        if numbers.count():
            left = shadow.state.moves_left
            spaces = int(rng.integers(1, left + 1))
            numbers.first.fill(str(spaces))
            numbers.first.press("Enter")
            page.wait_for_timeout(50)
            box.locator(".deerbook-choice").click()
            shadow.move_pawn(name, spaces)
            return
        box.locator(".deerbook-choice").click()
        shadow.play(name)
        return
    buttons = page.locator(".deerbook-choice")
    texts = buttons.all_text_contents()
    index = int(rng.integers(len(texts)))
    buttons.nth(index).click()
    name = names[texts[index].strip()]
    shadow.roll() if name == "roll" else shadow.play(name)


def check_page(page, shadow) -> None:
    """The page shows seat 0's own cards only, and seat 0's log."""
    if shadow.game.name.startswith("deer"):
        assert seen_cards(page) == own_cards(shadow.state), (seen_cards(page), own_cards(shadow.state))
    shown = page_log(page)
    assert shown == shadow.history[-len(shown):] if shown else not shadow.history
