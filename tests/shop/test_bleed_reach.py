"""The bleed check (`printgen.preflight.bleed_reach`) side by side, on one-page PDFs made here
(no build): art over the whole bleed passes; art that stops at the trim on one side is found
on that side alone, whatever side; a white bleed along a fifth of a side or more fails, a
tenth passes (SHORT_SHARE); a page with no bleed is not asked. The check renders only the
strips it reads (issue 32's speed), so each side's strip is covered here on its own."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from printgen.preflight.bleed_reach import short_art
from printgen.preflight.scan import scan

MEDIA = (0.0, 0.0, 200.0, 280.0)
BLEED = 9.0  # 3.2 mm
TRIM = (BLEED, BLEED, MEDIA[2] - BLEED, MEDIA[3] - BLEED)
ART = b"0.2 0.4 0.6 rg 0 0 200 280 re f "


def white(side: str, share: float = 1.0) -> bytes:
    """Paper white over one side's bleed, along `share` of the trim's length (from its start)."""
    x0, y0, x1, y1 = TRIM
    along = {"left": y1 - y0, "right": y1 - y0, "bottom": x1 - x0, "top": x1 - x0}[side] * share
    rect = {
        "left": (0, y0, BLEED, along),
        "right": (MEDIA[2] - BLEED, y0, BLEED, along),
        "bottom": (x0, 0, along, BLEED),
        "top": (x0, MEDIA[3] - BLEED, along, BLEED),
    }[side]
    return b"1 1 1 rg %.2f %.2f %.2f %.2f re f " % rect


def page_file(folder: Path, content: bytes, trim: tuple[float, ...] | None = TRIM) -> Path:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=MEDIA[2:])
    if trim is not None:
        page.obj.TrimBox = pikepdf.Array(trim)
        page.obj.BleedBox = pikepdf.Array(MEDIA)
    page.obj.Contents = pdf.make_stream(content)
    path = folder / f"page{len(list(folder.iterdir()))}.pdf"
    pdf.save(path)
    return path


def short(path: Path) -> dict[int, list[str]]:
    return short_art(path, scan(path).pages)


def test_art_over_the_whole_bleed_passes(tmp_path: Path) -> None:
    assert short(page_file(tmp_path, ART)) == {}


@pytest.mark.parametrize("side", ["left", "bottom", "right", "top"])
def test_art_stopping_at_the_trim_fails_on_that_side_alone(tmp_path: Path, side: str) -> None:
    assert short(page_file(tmp_path, ART + white(side))) == {1: [side]}


def test_every_side_is_named_when_the_art_stops_at_the_trim_all_round(tmp_path: Path) -> None:
    allround = ART + b"".join(white(s) for s in ("left", "bottom", "right", "top"))
    assert short(page_file(tmp_path, allround)) == {1: ["left", "bottom", "right", "top"]}


@pytest.mark.parametrize(("share", "fails"), [(0.3, True), (0.1, False)])
def test_a_short_stretch_fails_from_a_fifth_of_the_side(
    tmp_path: Path, share: float, fails: bool
) -> None:
    found = short(page_file(tmp_path, ART + white("top", share)))
    assert found == ({1: ["top"]} if fails else {})


def test_a_white_page_is_not_art_stopping_short(tmp_path: Path) -> None:
    assert short(page_file(tmp_path, b"1 1 1 rg 0 0 200 280 re f")) == {}


def test_a_page_without_a_trim_box_is_not_asked(tmp_path: Path) -> None:
    assert short(page_file(tmp_path, b"0 0 0 rg 20 20 160 240 re f", trim=None)) == {}
