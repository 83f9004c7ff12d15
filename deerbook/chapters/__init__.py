"""The chapters' helpers: what the book's notebooks compute and print, read from the engines (none is a rule)."""
