"""`printgen validate` (DESIGN.md section 5): the data checks every game gets, the invariants of
its rules engine, its worked examples, and font coverage of its cards.

Layer: above render (font coverage renders the faces to read their text) and rules (it calls
each engine's invariants); below kit, which prints the report in the gallery.

The report is `printgen.check.report` (`validate`, `GameReport`): this package imports nothing,
so a build that only needs one check (`check.font_files` before any drawing) does not load
them all.
"""
