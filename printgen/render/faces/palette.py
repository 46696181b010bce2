"""The shared palette (`templates/common/palette.yaml`): named colours and element tones.

This is what every game starts from. A game's own colours (its design's `palette:`, read by
`printgen.render.faces.game_palette`) go over it, the same for its cards, board, player
sheet, components and rulebook; nothing here knows any one game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from printgen.errors import RenderError
from printgen.files.templates import templates_dir
from printgen.model.yaml_value import YamlMapping, YamlScalar

TONES = ("fill", "dark", "light", "ink")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class ElementColours:
    fill: str
    dark: str
    light: str
    ink: str


@dataclass(frozen=True)
class Palette:
    colours: dict[str, str]
    elements: dict[str, ElementColours]

    def element(self, name: str) -> ElementColours:
        try:
            return self.elements[name]
        except KeyError:
            raise RenderError(
                f"palette.yaml: no colours for element {name!r}; "
                f"known: {', '.join(sorted(self.elements))}"
            ) from None

    def to_template(self) -> dict[str, object]:
        """Plain dicts for templates: `palette.colours.ink`, `palette.elements.fire.fill`."""
        return {
            "colours": dict(self.colours),
            "elements": {name: vars(tones) for name, tones in self.elements.items()},
        }


SAFE_LOADER: type[yaml.CSafeLoader] | type[yaml.SafeLoader] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader
)
"""libyaml's safe loader where PyYAML was built with it: the same values as `yaml.safe_load`
(the same constructor), parsed in C: 0.24 ms against 3 ms for the palette, in every process
that draws a face."""


def palette_path() -> Path:
    return templates_dir() / "common" / "palette.yaml"


@cache
def _raw() -> YamlMapping:
    path = palette_path()
    try:
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise RenderError(f"{path}: cannot read the palette: {exc}") from None
    if not isinstance(doc, dict):
        raise RenderError(f"{path}: expected a mapping")
    return doc


@cache
def shared_palette() -> Palette:
    """The palette every game starts from, before its own design's colours."""
    doc = _raw()
    colours = {str(k): _colour(v, f"colours.{k}") for k, v in _section(doc, "colours").items()}
    tones = {
        str(name): _section(_section(doc, "elements"), name) for name in _section(doc, "elements")
    }
    elements = {}
    for name, values in tones.items():
        missing = [t for t in TONES if t not in values]
        if missing:
            raise RenderError(f"{palette_path()}: element {name!r} lacks {', '.join(missing)}")
        elements[name] = ElementColours(
            **{t: _colour(values[t], f"elements.{name}.{t}") for t in TONES}
        )
    return Palette(colours, elements)


def _section(doc: YamlMapping, key: YamlScalar) -> YamlMapping:
    """`doc`'s mapping at `key` (empty when it has none)."""
    value = doc.get(key) or {}
    if not isinstance(value, dict):
        raise RenderError(f"{palette_path()}: {key}: expected a mapping")
    return value


def _colour(value: object, where: str) -> str:
    if not isinstance(value, str) or not _HEX.match(value):
        raise RenderError(f"{palette_path()}: {where}: expected a colour like '#1f1b16'")
    return value.lower()


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a `#rrggbb` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
