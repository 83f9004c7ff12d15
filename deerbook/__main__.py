"""`python -m deerbook`: the command line, through its entry point (`deerbook.cli.entry`)."""
import sys

from .cli.entry import run

sys.exit(run())
