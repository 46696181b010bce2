"""`printgen validate` (DESIGN.md section 5): the data checks every game gets, the invariants of
its rules engine, its worked examples, and font coverage of its cards.

Layer: above render (font coverage renders the faces to read their text) and rules (it calls
each engine's invariants); below kit, which prints the report in the gallery.
"""

from printgen.check.report import GameReport, validate

__all__ = ["GameReport", "validate"]
