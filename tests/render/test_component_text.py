"""Text a component draws itself (a label it is given `with:`, a word of its own) counts as a
text box's does: validate lists it under the minimum size, fainter than 4.5:1 against what
is behind it, or covered by a box drawn after it, naming the card and the component's line
in the design; outside the safe zone it is bad input (exit 2). Was: validate saw text boxes
alone (found by the issue 13 audit: CL4SH's pick-up amount, The Way's move words)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import edit
from tests.render.conftest import ROOT
from tests.render.pdfgeometry import read_cards

SAMPLE = ROOT / "examples" / "lantern-market"
TAG = """<rect x="{{ box.x }}" y="{{ box.y }}" width="{{ box.w }}" height="{{ box.h }}" \
fill="{{ params.back }}"/>
<g transform="translate({{ params.shift }} 0)"><text x="{{ box.x + box.w / 2 }}" \
y="{{ box.y + box.h * 0.7 }}" font-family="Lato" font-size="{{ params.size }}" \
fill="{{ params.ink }}" text-anchor="middle">{{ params.label }}</text></g>
"""
BOX = (
    "    tag: {component: tag, left: 14mm, width: 36mm, top: 40%, height: 6mm,\n"
    '          with: {label: "{{ name[:12] }}", size: SIZE, ink: "INK", back: "#ffffff",\n'
    "                 shift: SHIFT}}\n"
)


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(SAMPLE, data / "lantern-market")
    (data / "lantern-market" / "templates" / "components").mkdir()
    (data / "lantern-market" / "templates" / "components" / "tag.svg.j2").write_text(TAG)
    return data


def tagged(
    sample: Path, size: float = 3.0, ink: str = "#1f1b16", shift: float = 0, more: str = ""
) -> Path:
    """The sample with a `tag` component printing each card's name on a white strip."""
    design = sample / "lantern-market" / "design.yaml"
    box = BOX.replace("SIZE", str(size)).replace("INK", ink).replace("SHIFT", str(shift))
    edit(design, "    stats: null ", box + more + "    stats: null ")
    return design


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def checks_of(cli: Any, sample: Path) -> dict[str, dict[str, Any]]:
    run = cli("validate", "lantern-market", "--data", sample, "--json")
    assert run.code in (0, 1), run.err
    return {c["name"]: c for c in run.json()["games"]["lantern-market"]["checks"]}


def test_a_components_text_under_the_minimum_size_is_listed(
    cli: Any, sample: Path, tmp_path: Path
) -> None:
    design = tagged(sample, size=1.5)  # 1.5 mm: 4.25 pt
    market = sample / "lantern-market" / "market.csv"
    fits = checks_of(cli, sample)["card text fits"]
    assert fits["ok"] is False and fits["level"] == "warning"
    assert (
        f"market.csv:{line_of(market, 'silk-bolt')}: box 'tag' ({design}:{line_of(design, 'tag:')}"
        "), component 'tag': text 'Bolt of Silk' is 4.3 pt, under the design's minimum of 6.0 pt"
    ) in fits["detail"]
    # what validate measured is what prints: the tag's letters in the PDF are 4.25 pt
    run = cli("build", "lantern-market", "--data", sample, "--out", tmp_path / "out", "--jobs", "1")
    assert run.code == 0, run.err
    (page,) = [
        p
        for p in read_cards(tmp_path / "out" / "lantern-market" / "cards-print.pdf")
        if "BoltofSilk" in p.text.replace(" ", "")
    ][:1]
    sizes = {round(size, 2) for box, size in page.chars if box.what in "Bolt of Silk"}
    assert 4.25 in sizes, sizes


def test_a_components_text_at_the_minimum_size_is_not_listed(cli: Any, sample: Path) -> None:
    tagged(sample, size=2.2)  # 6.2 pt
    assert checks_of(cli, sample)["card text fits"]["ok"] is True


def test_a_components_faint_text_is_listed_against_its_own_backdrop(cli: Any, sample: Path) -> None:
    design = tagged(sample, ink="#d0d0d0")
    contrast = checks_of(cli, sample)["card text contrast"]
    assert (
        f"box 'tag' ({design}:{line_of(design, 'tag:')}), component 'tag': text 'Bolt of Silk' "
        "#d0d0d0 on #ffffff has a contrast of 1.5:1, under 4.5:1"
    ) in contrast["detail"]


def test_a_components_text_covered_by_a_later_box_is_listed(cli: Any, sample: Path) -> None:
    seal = "    seal: {shape: rect, fill: night, left: 20mm, width: 20mm, top: 40%, height: 6mm}\n"
    design = tagged(sample, more=seal)
    hidden = checks_of(cli, sample)["boxes hidden"]
    assert hidden["ok"] is False
    assert (
        f"text 'Bolt of Silk' of component 'tag' in box 'tag' ({design}:{line_of(design, 'tag:')})"
        f" is hidden under box 'seal' ({design}:{line_of(design, 'seal:')}), drawn after it"
    ) in hidden["detail"]


def test_a_components_text_under_a_later_art_box_is_listed(cli: Any, sample: Path) -> None:
    """The tag is drawn before the default design's art box, which prints over it where they
    meet (an image hid nothing before: only shapes, components, icons and backings did)."""
    design = tagged(sample)
    hidden = checks_of(cli, sample)["boxes hidden"]["detail"]
    assert (
        f"text 'Bolt of Silk' of component 'tag' in box 'tag' ({design}:{line_of(design, 'tag:')})"
        " is hidden under box 'art' (the default design's), drawn after it"
    ) in hidden


def test_a_components_text_outside_the_safe_zone_is_bad_input(cli: Any, sample: Path) -> None:
    design = tagged(sample, shift=-30)
    market = sample / "lantern-market" / "market.csv"
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    assert (
        f"{design}:{line_of(design, 'tag:')}: box tag: {market}:{line_of(market, 'silk-bolt')}: "
        "box 'tag'"
    ) in run.err
    assert "text 'Bolt of Silk' (x " in run.err and "leaves the 3 mm safe zone" in run.err


def test_a_back_templates_text_is_checked(cli: Any, sample: Path) -> None:
    """The sample's patron back writes 'Patrons' itself: at 1.8 mm it is under 6 pt."""
    template = sample / "lantern-market" / "templates" / "patron-back.svg.j2"
    edit(template, 'font-size="5"', 'font-size="1.8"')
    fits = checks_of(cli, sample)["card text fits"]
    assert "template 'patron-back.svg.j2': text 'Patrons' is 5.1 pt" in fits["detail"]


def test_a_drawn_texts_box_follows_its_transforms() -> None:
    """Worked by hand with half-em letters (ApproxMeasure: 0.55 em a letter, 0.8 up, 0.2
    down): 'ab' at 2 mm is 2.2 mm wide, its letters from y 8.4 to 10.4; turned 90 degrees
    about (10, 10) they stand from x 9.6 to 11.6 and y 10 to 12.2, and a scale of 2 round it
    doubles the size. The white disc under the turned text is what it is read against."""
    from printgen.render.faces.drawn_text import runs
    from printgen.render.text.textfit import ApproxMeasure

    svg = (
        '<g transform="scale(2)"><circle cx="10" cy="11" r="3" fill="white"/>'
        '<text x="10" y="10" font-size="2" fill="#123" transform="rotate(90 10 10)">ab</text>'
        "</g>"
    )
    (run,) = runs(svg, ApproxMeasure())
    assert run.text == "ab" and run.colour == "#112233" and run.behind == "#ffffff"
    assert run.size == pytest.approx(4.0)
    r = run.rect
    assert (r.x, r.y, r.right, r.bottom) == pytest.approx((19.2, 20.0, 23.2, 24.4))
