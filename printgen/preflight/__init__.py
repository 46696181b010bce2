"""`printgen preflight`: check a PDF the way a print shop's preflight does.

A reader of PDFs, not a renderer: it sits beside `render` and `sim` in the layers (it imports
neither, and neither imports it), so `commands.preflight` and the kit's shop build
(`printgen.kit.shops`) use it, and no renderer does.
"""
