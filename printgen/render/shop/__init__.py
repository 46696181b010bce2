"""Print-shop exports (`printgen build --shop NAME`): presets read from data, CMYK PDF/X
conversion, per-card PNGs with their manifest, and the print-ready rulebook."""
