"""The rulebook for a print shop: the reading copy with the preset's bleed, as its PDF/X."""

from __future__ import annotations

from printgen.render.shop.presets import load_preset


def shop_rules(data: bytes, shop: str, title: str) -> bytes | None:
    """`data` (rules.pdf) ready for `shop`, or None when the shop takes no rulebook."""
    preset = load_preset(shop)
    if preset.rules_bleed_mm is None:
        return None
    from printgen.render.shop.bleed import add_bleed

    made = add_bleed(data, preset.rules_bleed_mm)
    if preset.pdf is not None:
        from printgen.render.shop.pdfx import to_pdfx

        made = to_pdfx(made, preset.pdf, title)
    return made
