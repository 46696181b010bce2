"""Pages for printing at home: faces imposed on paper with their margin notes and marks.

- `card_sheets`: `cards.pdf` (fronts, then mirrored backs for long-edge duplex) and
  `cards-fold.pdf` (fronts and backs side by side, a fold line between).
- `notes`: a sheet's footer, scale bar, crop marks and fold line, drawn where
  `printgen.layout.notes` puts them.
- `booklet`: the rulebook imposed for saddle stitching (`rules-booklet.pdf`).
- `print_guide`: `print-guide.pdf`, what to print and how.
"""
