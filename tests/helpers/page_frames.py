"""Waiting for a browser page to draw: what a test waits for after a change, with a timeout that only catches hangs."""

# True at its third look: `wait_for_function` looks at each animation frame, so it is true once the page has drawn
# two frames since (what the page had queued for its next frame, a resize, a theme or a pick, has run).
TWO_FRAMES = "(() => { let looks = 0; return () => ++looks > 2; })()"


def wait_two_frames(page, timeout: float) -> None:
    """Wait until the page has drawn two more frames; `timeout` ms only catches a page that no longer draws."""
    page.wait_for_function(TWO_FRAMES, polling="raf", timeout=timeout)
