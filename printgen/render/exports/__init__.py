"""Files for other programs: per-card PNGs for print-shop upload and the sheets and saved
objects Tabletop Simulator and Tabletop Playground load.

- `pngs`: each face as a PNG with its bleed, and the TTS deck sheets and backs.
- `tables`: the TTS saved object and the TTP templates.
"""
