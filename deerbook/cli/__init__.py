"""deerbook's command line (`deerbook`, or `python -m deerbook`)."""
