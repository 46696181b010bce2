"""The documentation's "Designing cards" page documents every key a design's `fonts:` accepts (a
key the loader takes but no page names is one a designer never finds)."""

from __future__ import annotations

from printgen.render.faces.spec import FONT_KEYS
from tests.render.conftest import ROOT


def test_every_font_key_is_documented() -> None:
    page = (ROOT / "docs" / "designing-cards.md").read_text(encoding="utf-8")
    fonts = page[page.index("- `fonts/`") :].split("\n- ", 1)[0]
    assert not [key for key in sorted(FONT_KEYS) if f"`{key}:`" not in fonts]
