"""printgen: checked, print-ready print-and-play kits from game data kept as CSV/YAML."""

__version__ = "0.1.0"
