"""What a reader does to a built page's charts: scroll each into view (plotly.js draws a chart only then), and
pick a dropdown's or slider's last step."""

from page_frames import wait_two_frames

#: ms to wait for a chart to be drawn once it is in view (plotly.js loads with the first): a hang, not a speed
DRAWN = 120_000
#: Run in the page: whether no chart is being drawn (the page script marks a chart busy while it draws it).
CHARTS_IDLE_JS = "() => Array.from(document.querySelectorAll('div.deerbook-plotly')).every((div) => !div.deerbookBusy)"


def draw_every_chart(page) -> int:
    """Scroll each chart into view, as a reader would, and wait until it is drawn (the page loads plotly.js, and
    draws a chart, only when the chart comes near the window); then back to the top. Returns how many."""
    charts = page.locator("div.deerbook-plotly")
    for index in range(charts.count()):
        charts.nth(index).scroll_into_view_if_needed()
        charts.nth(index).locator(".main-svg").first.wait_for(state="attached", timeout=DRAWN)
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)  # each chart's caption and legend are set once its drawing ends
    return charts.count()


def settle(page) -> None:
    """Wait until the charts show what the page now asks of them: the page has noticed the change (two frames) and
    has drawn every chart it draws again."""
    wait_two_frames(page, DRAWN)
    page.wait_for_function(CHARTS_IDLE_JS, timeout=DRAWN)


def pick_last(page, div_id: str, kind: str) -> None:
    """As a reader would: open the dropdown and pick its last entry, or drag the slider to its far end."""
    if kind == "updatemenus":
        page.locator(f"#{div_id} .updatemenu-header-group").click()
        page.locator(f"#{div_id} .updatemenu-dropdown-button").last.click()
    else:
        rail = page.locator(f"#{div_id} .slider-rail-touch-rect")
        rail.scroll_into_view_if_needed()
        box = rail.bounding_box()
        y = box["y"] + box["height"] / 2
        page.mouse.move(box["x"] + 2, y)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] - 2, y, steps=8)
        page.mouse.up()
    settle(page)
