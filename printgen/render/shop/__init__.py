"""Print-shop exports (`printgen build --shop NAME`): presets read from data, CMYK PDF/X
conversion, per-card PNGs with their manifest, and the print-ready rulebook.

Only `presets` is imported when printgen starts (by the kit and the CLI's choices); `cards` and
`rules` are imported inside the functions that make a shop's files, so the modules they use
(pdfx, rewriter, recolour, flatten, backdrop, proof ...) import pikepdf, pdfium, Pillow and
numpy at their top: by then a shop file is being made."""
