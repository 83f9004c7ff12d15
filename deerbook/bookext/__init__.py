"""The book build's Sphinx and myst-nb extensions (listed in book/_config.yml) and the publishing of its versions."""
