"""Shop presets are read against their declared keys (printgen.model.yaml_kinds.SHOP_KEYS):
a preset with a value of the wrong type, or a key nobody reads, is named at its line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from printgen.errors import RenderError
from printgen.render.shop import presets

PRESET = """\
name: Test shop
cards:
  format: pdf
  bleed: [3mm]
  dpi: 300
pdf:
  standard: PDF/X-4
  ink_limt: 300
"""


@pytest.fixture
def shops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "shops"
    folder.mkdir()
    monkeypatch.setattr(presets, "presets_dir", lambda: folder)
    presets.load_preset.cache_clear()
    yield folder
    presets.load_preset.cache_clear()


def test_a_wrong_type_and_a_misspelt_key_are_named_at_their_lines(shops: Path) -> None:
    (shops / "test.yaml").write_text(PRESET, encoding="utf-8")
    with pytest.raises(RenderError) as error:
        presets.load_preset("test")
    lines = str(error.value).splitlines()
    # line 4: the bleed given as a list; line 8: ink_limt, one letter from ink_limit
    assert any(":4:" in line and "cards.bleed" in line for line in lines), lines
    assert any(":8:" in line and "ink_limit" in line for line in lines), lines
    assert all("test.yaml" in line for line in lines), lines


def test_the_bundled_presets_read_their_values(shops: Path) -> None:
    """dtc.yaml as shipped (copied in): 1/8 in bleed, PDF/X-1a:2003 at 240 % ink."""
    bundled = Path(presets.templates_dir()) / "common" / "shops" / "dtc.yaml"
    (shops / "dtc.yaml").write_bytes(bundled.read_bytes())
    dtc = presets.load_preset("dtc")
    assert dtc.bleed_mm == pytest.approx(25.4 / 8)
    assert dtc.card_format == "pdf-per-deck" and dtc.order == "pairs" and dtc.dpi == 300
    assert dtc.pdf is not None
    assert dtc.pdf.standard == "PDF/X-1a:2003" and dtc.pdf.ink_limit == 240.0
    assert dtc.pdf.pure_black_text and dtc.preflight == "dtc"
