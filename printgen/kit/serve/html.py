"""The live pages' HTML, from the templates in `templates/common/serve/` (in the template
sandbox, escaped: a card's text is data)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from jinja2 import FileSystemLoader, StrictUndefined

from printgen.files.templates import templates_dir
from printgen.model.sandbox import Sandbox

LIVE_HEAD = (
    b'<link rel="stylesheet" href="/_serve/live.css"><script src="/_serve/live.js" defer></script>'
)


def mm(value: float) -> str:
    """A length in an SVG of millimetres: 3 decimals at most, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@cache
def _environment() -> Sandbox:
    env = Sandbox(
        undefined=StrictUndefined,
        loader=FileSystemLoader(templates_dir() / "common" / "serve"),
        autoescape=True,
    )
    env.filters["mm"] = mm
    return env


def page(template: str, live: Mapping[str, object], **context: object) -> bytes:
    """The template `template` filled, with `live` (what live.js reads) in the page."""
    html = _environment().get_template(template).render(live_json=live_json(live), **context)
    return html.encode("utf-8")


def live_json(live: Mapping[str, object]) -> str:
    """`live` as JSON safe inside a <script type="application/json"> element."""
    text = json.dumps(live, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def with_live(html: bytes, live: Mapping[str, object]) -> bytes:
    """A page printgen built (the gallery) with the live script and its data added."""
    data = f'<script type="application/json" id="printgen-live">{live_json(live)}</script>'
    head = html.replace(b"</head>", LIVE_HEAD + b"</head>", 1)
    if b"</body>" in head:
        return head.replace(b"</body>", data.encode("utf-8") + b"</body>", 1)
    return head + data.encode("utf-8")
