"""Text and attribute values escaped for SVG and fontconfig's XML, as `xml.sax.saxutils` does.

The same two functions, character for character, without their module: `xml.sax.saxutils`
imports `urllib.request`, which brings `http.client`, `ssl` and `email` (some 20 ms) into
every printgen process that draws, a no-op build's included, for three string replacements.
"""

from __future__ import annotations

_CONTROL = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def escape(data: str) -> str:
    """`data` with `&`, `<` and `>` escaped, for an element's text."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """`data` escaped and quoted for an attribute's value, quotes and all: double quotes
    unless the value holds one and no single quote (saxutils' choice, kept for the bytes)."""
    data = escape(data)
    for char, entity in _CONTROL.items():
        data = data.replace(char, entity)
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"{}"'.format(data.replace('"', "&quot;"))
