"""PDF assembly: pages put together without a PDF library where cairo's output can be read
as it is.

- `print_pdf`: `cards-print.pdf`, one card a page with TrimBox and BleedBox, labels, outline.
- `join`: one PDF from several, page after page; `pieces`: the objects of a cairo PDF;
  `outline`: the bookmarks both writers make.
- `fix`: two small repairs of the PDFs cairo 1.16 writes, and the viewer preferences.

The windows of a large deck's card PDFs are planned and kept by the kit
(printgen.kit.card_pdfs).
"""
