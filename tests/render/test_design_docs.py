"""The README's "Your own game data" documents every key a design's `fonts:` accepts (a key
the loader takes but no page names is one a designer never finds)."""

from __future__ import annotations

from printgen.render.faces.spec import FONT_KEYS
from tests.render.conftest import ROOT


def test_every_font_key_is_documented() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Your own game data", 1)[1].split("\n## ", 1)[0]
    fonts = section[section.index("- `fonts/`") :].split("\n- ", 1)[0]
    assert not [key for key in sorted(FONT_KEYS) if f"`{key}:`" not in fonts]
