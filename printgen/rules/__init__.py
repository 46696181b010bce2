"""The rules engine: shared cycles, composition checks and one module per game."""
