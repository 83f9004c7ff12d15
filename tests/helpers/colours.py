"""WCAG contrast of CSS colours as the browser computes them, for the browser tests' readability checks."""


def rgb(color: str, under: tuple[float, ...] = (1.0, 1.0, 1.0)) -> tuple[float, ...]:
    """An `rgb()`/`rgba()` colour as 0-1 channels, a translucent one laid over `under`."""
    values = [float(v) for v in color[color.index("(") + 1:-1].split(",")]
    alpha = values[3] if len(values) == 4 else 1.0
    return tuple(alpha * v / 255 + (1 - alpha) * u for v, u in zip(values[:3], under))


def contrast(color: str, background: str) -> float:
    """WCAG's contrast ratio of a colour on a background (a translucent background laid over white, a translucent
    colour over the background)."""
    def luminance(channels):
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    back = rgb(background)
    light, dark = sorted((luminance(rgb(color, back)), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
