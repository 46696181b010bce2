"""The Jinja2 environment: autoescape, strict undefined names, a loader limited to templates/."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from printgen.errors import RenderError
from printgen.render.draw.svg import environment, has_template, number, render_template

HOSTILE = "<b>Fire & \"Ice\" 'x' ]]> <!-- {{ 7*7 }} {% if %}"


def test_data_text_is_escaped_and_the_svg_stays_well_formed() -> None:
    svg = (
        environment()
        .from_string('<svg xmlns="http://www.w3.org/2000/svg"><image href="{{ art }}"/></svg>')
        .render(art=HOSTILE)
    )
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    ET.fromstring(svg)
    # Rendered through a template the way a card name is, it parses and reads back literally.
    text = (
        environment()
        .from_string('<svg xmlns="http://www.w3.org/2000/svg"><text>{{ name }}</text></svg>')
        .render(name=HOSTILE)
    )
    assert ET.fromstring(text)[0].text == HOSTILE


def test_characters_xml_cannot_hold_are_dropped() -> None:
    text = environment().from_string("<t>{{ name }}</t>").render(name="a\x00b\x0bc\ud800d")
    assert ET.fromstring(text).text == "abcd"


def test_an_undefined_name_is_a_render_error_naming_the_template() -> None:
    with pytest.raises(
        RenderError, match=r"common/components/badge.svg.j2:\d+: '\w+' is undefined"
    ):
        render_template("common/components/badge.svg.j2")


def test_the_loader_reads_only_the_templates_folder() -> None:
    assert has_template("common/icons.svg.j2")
    for name in ("../pyproject.toml", "/etc/passwd", "common/../../README.md"):
        assert not has_template(name)
    with pytest.raises(RenderError, match="template not found"):
        render_template("../pyproject.toml")


def test_numbers_are_short_and_never_negative_zero() -> None:
    assert [number(v) for v in (1.0, 0.12345, -0.0001, 2.5, 100)] == [
        "1",
        "0.123",
        "0",
        "2.5",
        "100",
    ]
