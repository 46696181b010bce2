"""PDF assembly: the card PDFs put together from their pages, without a PDF library where
cairo's output can be read as it is.

- `card_pdfs`: the three card PDFs of a game, made whole or in windows (a large deck's batches).
- `print_pdf`: `cards-print.pdf`, one card a page with TrimBox and BleedBox, labels, outline.
- `join`: one PDF from several, page after page; `pieces`: the objects of a cairo PDF.
- `fix`: two small repairs of the PDFs cairo 1.16 writes.
"""
