"""One orchestrating function per command; the CLI calls `run` and exits with its result."""
