"""game.yaml's `url:` as a QR code, vector (segno): the rulebook's cover prints it, and a part's
box places it with the shared component `qr` (`{component: qr}`, a square in the box)."""

from __future__ import annotations

import io
import re

import segno
from markupsafe import Markup

QUIET_MODULES = 4
"""The quiet zone the QR standard asks for around the code, in modules."""


def qr_svg(url: str, colour: str = "#000000") -> str:
    """The QR code of `url` as an SVG document that scales to any box (viewBox, no size):
    error correction M, a 4-module quiet zone, dark modules in `colour` on white."""
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        nl=False,
        scale=1,
        border=QUIET_MODULES,
        dark=colour,
        light="#ffffff",
        omitsize=True,
    )
    return out.getvalue().decode("ascii")


_ROOT = re.compile(r'^<svg [^>]*viewBox="([^"]+)"[^>]*>(.*)</svg>$', re.S)


def qr_drawing(url: str | None, colour: str = "#000000") -> dict[str, str]:
    """What the `qr` component draws: the code's viewBox and its paths (empty without a url)."""
    if not url:
        return {}
    found = _ROOT.match(qr_svg(url, colour))
    assert found is not None, "segno's SVG has a root with a viewBox"
    return {"viewbox": found.group(1), "body": Markup(found.group(2))}
