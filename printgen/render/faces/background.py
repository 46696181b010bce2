"""Pictures behind text, and the pictures a component draws itself.

A box that says `background: true` (an `image:` or a `component:`) is a picture the words are
meant to print on: it is drawn just before the first text or icon box it lies under, so it is
over the shapes listed before those (a paper panel) and under every text and icon, and a text
box over it is no overlap error. A text printed on it is read against the picture's average
colour for validate's contrast check (a busy picture still wants a `backing:`).

A component's template may write an `<image href="art/paper.png" .../>` of its own. The
drawing reads such a file at build time, but validate never drew it: a misspelt name passed,
and a picture too small for its box was never weighed. Each is now checked here as an image
box's picture is: a file that is missing, outside the game's folder or a URL is bad input at
the box's line (and the template's line that names it), and one printing under 300 dpi at the
width and height the `<image>` gives it is listed by validate's art resolution check.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from printgen.errors import RenderError, display_path
from printgen.files.templates import signature
from printgen.render.draw.images import PRINT_DPI, dpi_at
from printgen.render.draw.safety import inside, read_image, resolve_asset, url_path
from printgen.render.faces.geometry import Area
from printgen.render.faces.spec import Box

INK = ("text", "icon")
"""The boxes a background picture goes under."""


def backgrounds_under(boxes: list[Box], rects: Callable[[Box], list[Area]]) -> list[Box]:
    """The boxes in drawing order, each `background: true` box moved to just before the first
    text or icon box listed before it that it lies under (`rects`: where a box lands, its
    turned copy too; none when it has no place)."""
    order = list(boxes)
    for box in boxes:
        if not box.get("background"):
            continue
        own = rects(box)
        at = order.index(box)
        first = next(
            (
                i
                for i, other in enumerate(order[:at])
                if other.what in INK and any(r.overlaps(o) for r in rects(other) for o in own)
            ),
            None,
        )
        if first is not None:
            order.remove(box)
            order.insert(first, box)
    return order


def average_colour(path: Path) -> str | None:
    """The mean colour of a raster picture (`#rrggbb`), what text on it is read against;
    None for vector art."""
    if path.suffix.lower() == ".svg":
        return None
    return _average(path, signature(path))


@cache
def _average(path: Path, version: object) -> str | None:
    from PIL import Image, ImageStat  # loaded only when a background's colour is read

    try:
        with Image.open(io.BytesIO(read_image(path))) as picture:
            picture.draft("RGB", (64, 64))  # a JPEG decodes small; others are thumbnailed
            small = picture.convert("RGB")
            small.thumbnail((64, 64))
            r, g, b = (round(v) for v in ImageStat.Stat(small).mean[:3])
    except (OSError, ValueError):
        return None  # drawing the picture says why it cannot be read
    return f"#{r:02x}{g:02x}{b:02x}"


_IMAGE = re.compile(r"<image\b([^>]*)>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _attributes(tag: str) -> dict[str, str]:
    return {m.group(1).lower(): html.unescape(m.group(2) or m.group(3) or "") for m in
            _ATTRIBUTE.finditer(tag)}  # fmt: skip


def component_images(
    svg: str,
    folder: Path,
    roots: Sequence[Path],
    said: tuple[str, str],
    template: Path | None,
) -> tuple[list[str], list[tuple[float, str]]]:
    """The mistakes in the pictures a component's drawing `svg` names itself, and those
    printing under 300 dpi (their dpi and what to say). `said` is the component (`component
    'paper'`) and the card with the box that drew it; a mistake names the card only when the
    template's text does not name the picture itself (a name from the card's data).
    `template` is the component's file, for the line that names the picture."""
    component, card = said
    problems: list[str] = []
    low: list[tuple[float, str]] = []
    for match in _IMAGE.finditer(svg):
        found = _attributes(match.group(1))
        href = found.get("href") or found.get("xlink:href") or ""
        if not href or href.startswith("data:"):
            continue
        line = _line_naming(template, href)
        try:
            path = _picture(href, folder, roots, component if line else f"{card}, {component}")
        except RenderError as exc:
            problems.append(f"{exc}{line}")
            continue
        size = _size(found)
        if size is None:
            continue
        aspect = found.get("preserveaspectratio", "xMidYMid meet")  # SVG's default: whole
        fit = "cover" if "slice" in aspect or aspect.strip() == "none" else "contain"
        dpi = dpi_at(path, fit, size)
        if dpi is not None and dpi[0] < PRINT_DPI - 0.5:
            low.append(
                (
                    dpi[0],
                    f"{card}, {component}: {href} prints at {dpi[0]:.0f} dpi ({dpi[1]} x "
                    f"{dpi[2]} px in {size[0]:.1f} x {size[1]:.1f} mm)",
                )
            )
    return problems, low


def _picture(href: str, folder: Path, roots: Sequence[Path], said: str) -> Path:
    """The file an `<image>` of a component names, as the drawing will fetch it."""
    path = url_path(href)  # printgen's own URL (an icon() the template called) or file:
    if path is None:
        return resolve_asset(href, folder, roots, said)
    if not inside(path, roots):
        raise RenderError(f"{said}: refused image {href!r}: it is outside the game's folder")
    if not path.is_file():
        raise RenderError(f"{said}: image {display_path(path)} not found")
    return path


def _size(found: dict[str, str]) -> tuple[float, float] | None:
    """The `<image>`'s width and height in mm (the face's units); None unless both are
    plain numbers."""
    try:
        w, h = float(found["width"]), float(found["height"])
    except (KeyError, ValueError):
        return None
    return (w, h) if w > 0 and h > 0 else None


def _line_naming(template: Path | None, href: str) -> str:
    """` (named at components/paper.svg.j2:3)` when the template's text names `href`."""
    if template is None:
        return ""
    try:
        lines = template.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    for number, line in enumerate(lines, 1):
        if href in line:
            return f" (named at {display_path(template)}:{number})"
    return ""
