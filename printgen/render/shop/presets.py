"""Shop presets as data: `templates/common/shops/<name>.yaml`, one file a shop.

A preset says what the shop takes (a PDF a deck, one PDF of all cards, or a PNG a face), at
which bleed and resolution, and for PDFs the PDF/X flavour, the ICC profile of the printing
condition, the total ink limit and whether black text goes on the K plate alone. Adding a shop
is adding a file; nothing here names one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printgen.errors import RenderError
from printgen.files.templates import templates_dir
from printgen.layout.units import parse_length
from printgen.model.schema import undeclared, well_typed
from printgen.model.sources import parse_yaml_value
from printgen.model.yaml_kinds import KINDS

CARD_FORMATS = ("pdf", "pdf-per-deck", "png")
ORDERS = ("fronts-then-back", "pairs")
STANDARDS = ("PDF/X-1a:2001", "PDF/X-1a:2003", "PDF/X-4")


@dataclass(frozen=True)
class Profile:
    """The printing condition: an ICC output profile and how the OutputIntent names it."""

    file: Path
    condition: str
    info: str


@dataclass(frozen=True)
class PdfSettings:
    standard: str
    ink_limit: float
    pure_black_text: bool
    profile: Profile

    @property
    def flattened(self) -> bool:
        """PDF/X-1a (and -3) allow no transparency; PDF/X-4 keeps it live."""
        return self.standard.startswith("PDF/X-1a")


@dataclass(frozen=True)
class ShopPreset:
    name: str
    """The file stem: what `--shop` takes and the folder `shop/<name>/`."""
    title: str
    card_format: str
    bleed_mm: float
    dpi: int
    order: str
    manifest: bool
    rules_bleed_mm: float | None
    pdf: PdfSettings | None
    preflight: str | None
    spec: tuple[str, ...]


def presets_dir() -> Path:
    return templates_dir() / "common" / "shops"


def shop_names() -> list[str]:
    """Every shop with a preset file, sorted."""
    return sorted(p.stem for p in presets_dir().glob("*.yaml"))


@cache
def load_preset(name: str) -> ShopPreset:
    """The preset of shop `name`; a RenderError names the file and the key at fault."""
    path = presets_dir() / f"{name}.yaml"
    if not path.is_file():
        raise RenderError(f"no shop preset {name!r}; shops: {', '.join(shop_names())}")
    where = (
        str(path.relative_to(templates_dir().parent))
        if path.is_relative_to(templates_dir().parent)
        else str(path)
    )
    read, loc = parse_yaml_value(path.read_text(encoding="utf-8"), where)
    data, wrong = well_typed(read, loc, SHOP)
    problems = undeclared(read, loc, SHOP) + wrong
    if problems:  # each at its line, with its key and what was expected
        raise RenderError("\n".join(str(problem) for problem in problems))
    try:
        return _preset(name, data)
    except (KeyError, TypeError, ValueError) as exc:
        raise RenderError(f"{where}: {exc}") from None


SHOP = next(kind.root for kind in KINDS if kind.name == "shop")
"""A preset's declared keys and types (`printgen.model.yaml_kinds.SHOP_KEYS`): the reader
checks a preset against them, so the values `_preset` reads have their declared types (its
`str()` and `_mapping` only say so to the type checker)."""


def _mapping(value: object, key: str) -> Mapping[str, object]:
    """A preset's section, which the schema has checked is a mapping."""
    if not isinstance(value, dict):
        raise TypeError(f"{key}: expected a mapping, got {value!r}")
    return value


def _choice(value: object, allowed: tuple[str, ...], key: str) -> str:
    if value not in allowed:
        raise ValueError(f"{key}: expected one of {', '.join(allowed)}, got {value!r}")
    return str(value)


def _preset(name: str, read: object) -> ShopPreset:
    data = _mapping(read, "the file")
    cards = _mapping(data["cards"], "cards")
    pdf = data.get("pdf")
    rules = _mapping(data.get("rules") or {}, "rules")
    preflight = data.get("preflight")
    spec = data.get("spec", [])
    return ShopPreset(
        name=name,
        title=str(data["name"]),
        card_format=_choice(cards["format"], CARD_FORMATS, "cards.format"),
        bleed_mm=parse_length(str(cards["bleed"])),
        dpi=int(str(cards.get("dpi", 300))),
        order=_choice(cards.get("order", "fronts-then-back"), ORDERS, "cards.order"),
        manifest=bool(data.get("manifest", False)),
        rules_bleed_mm=parse_length(str(rules["bleed"])) if "bleed" in rules else None,
        pdf=_pdf(_mapping(pdf, "pdf")) if pdf else None,
        preflight=None if preflight is None else str(preflight),
        spec=tuple(str(s) for s in spec) if isinstance(spec, list) else (str(spec),),
    )


def _pdf(pdf: Mapping[str, object]) -> PdfSettings:
    profile = _mapping(pdf["profile"], "pdf.profile")
    return PdfSettings(
        standard=_choice(pdf["standard"], STANDARDS, "pdf.standard"),
        ink_limit=float(str(pdf["ink_limit"])),
        pure_black_text=pdf.get("black_text") == "pure-k",
        profile=Profile(
            Path(str(profile["file"])), str(profile["condition"]), str(profile["info"])
        ),
    )
