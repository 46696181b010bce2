"""The rules text's placeholders: a misspelt name is reported with the name it was meant to be."""

from __future__ import annotations

import pytest

from printgen.errors import RenderError
from printgen.render.rulebook import text


def _names() -> dict[str, object]:
    return {"components": lambda: "", "example": lambda name: name}


def test_a_misspelt_placeholder_names_the_close_one() -> None:
    with pytest.raises(RenderError) as caught:
        text.expand("# Setup\n\n{{ component() }}\n", 4, "rules.md", _names())  # type: ignore[arg-type]
    assert str(caught.value) == ("rules.md:6: 'component' is undefined; did you mean 'components'?")


def test_an_unknown_placeholder_with_nothing_close_says_only_that() -> None:
    with pytest.raises(RenderError) as caught:
        text.expand("{{ weather() }}\n", 1, "rules.md", _names())  # type: ignore[arg-type]
    assert str(caught.value) == "rules.md:1: 'weather' is undefined"
