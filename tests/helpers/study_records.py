"""One game of the stored balance study, as it stores it."""


def record_at(config: dict, index: int) -> dict:
    """Game `index` of a stored configuration: its winners mask and stats."""
    records = config["records"]
    return {"winners": records["winners"][index], "stats": {k: v[index] for k, v in records["stats"].items()}}
