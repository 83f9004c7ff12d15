"""`python -m deerbook`: the command line (`deerbook.cli.main`)."""
import sys

from .cli.main import main

sys.exit(main())
