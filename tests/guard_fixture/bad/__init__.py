"""A deliberately bad package for tests/test_guards.py: the guards must find its long, complex
function, its import cycle and its unexplained import inside a function. Nothing imports it."""
