"""Every pytest run in this repository (tests/, nbval over notebooks/, the built-book tests) fails if it leaves a
file in the checkout: tests/helpers/checkout_guard.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests" / "helpers"))
pytest_plugins = ["checkout_guard"]
