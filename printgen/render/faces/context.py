"""What a face's boxes and templates read: names to values.

A face's context holds a card's cells (text, numbers, flags), the names printgen adds (`suit`,
`tones`, `palette`, `card`...) and callables a template calls (`say`). Jinja reads any of them,
so a value's type is `object`: code that reads a name back checks what it got.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

Context: TypeAlias = dict[str, object]


def tones_of(context: Mapping[str, object]) -> dict[str, str]:
    """The suit's tones a face's context holds (`card_context` sets them: its suit's, or the
    neutral ones), checked to be what it set."""
    tones = context["tones"]
    assert isinstance(tones, dict), f"a face's tones are a mapping, not {tones!r}"
    return tones
