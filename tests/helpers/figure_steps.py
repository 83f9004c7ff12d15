"""What a chart's dropdown or slider shows at each step, read back from the figure."""
from typing import Any

import plotly.graph_objects as go


def step_data(fig: go.Figure, index: int, control: str = "updatemenus") -> list[dict[str, Any]]:
    """What each trace shows once step `index` of the figure's first dropdown (or ``"sliders"``) is picked."""
    steps = fig.layout[control][0]["buttons" if control == "updatemenus" else "steps"]
    data, _, traces = steps[index]["args"]
    return [{key: values[i] for key, values in data.items()} for i in traces]
