"""A toy sixth game with its own rules engine, kept apart from printgen (see test_toy_engine)."""
