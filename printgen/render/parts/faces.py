"""A part's face from the game's design: `parts: {NAME: {boxes: ...}}` in design.yaml, drawn
by the one design renderer (`printgen.render.faces.draw`) on a face the part's size, with the
names its boxes read: the game's (`game`, `subtitle`, `players`, `elements`), the part's
(`part`, `title`, `copy`, `copies`, `item` for a part drawn once per item of `each:`), the
colours (`palette`, `tones`), `rules` and `say`, and the values the game's rules engine gives
its parts (a board's gates, a sheet's map and tracks): an engine supplies
values, the design draws them.

A part's safe zone is 3 mm inside its edge, as a card's, and 5 mm for a part as large as the
paper (`size: paper`), which is also the paper's edge that stays clear.
"""

from __future__ import annotations

from printgen.errors import DataError, Problem
from printgen.layout.sizes import MIN_MARGIN_MM, PAPER_SIZES, SAFE_MM, Size
from printgen.model import Card, Game
from printgen.model.parts import PartSpec, part_items
from printgen.model.schema import did_you_mean
from printgen.model.stamp import SEPARATOR
from printgen.render.draw.qr import qr_drawing
from printgen.render.faces.colours import rgb
from printgen.render.faces.context import Context
from printgen.render.faces.draw import Drawn, Stage, draw_face
from printgen.render.faces.face import Face
from printgen.render.faces.render import design_of, make_stage, wrap
from printgen.render.faces.spec import Box, Value, template_error, template_names
from printgen.render.text.kit_words import kit_words
from printgen.render.text.textfit import Measure
from printgen.rules import wuxing
from printgen.rules.engine import engine_of

RESERVED_NAMES = ("loop", "range", "item", "cell")
"""Names a part's templates may read besides its context: Jinja's own and a grid cell's."""


def part_safe(part: PartSpec) -> float:
    """How far inside its edge a part's text and icons stay: its `safe:`, else 3 mm, or the
    paper's 5 mm clear edge for a part as large as the paper."""
    if part.safe is not None:
        return part.safe
    return MIN_MARGIN_MM if part.paper else SAFE_MM


def part_size(part: PartSpec, paper: str) -> Size:
    """The part as drawn: its own size, or the paper's for `size: paper`."""
    if part.size is not None:
        return part.size
    sheet = PAPER_SIZES[paper]
    return Size(sheet.width, sheet.height, sheet.name)


def engine_values(game: Game) -> Context:
    """The values the game's rules engine gives its parts (none without an engine)."""
    engine = engine_of(game)
    if engine is None or engine.part_values is None:
        return {}
    return dict(engine.part_values(game))


class PartFaces:
    """The faces of a game's parts, its design read once."""

    def __init__(self, game: Game, measure: Measure, paper: str) -> None:
        self.game = game
        self.paper = paper
        self.measure = measure
        self.design = design_of(game)
        self.values = engine_values(game)
        self.words = kit_words(game)  # the title, subtitle and notes in the kit's language
        self._stages: dict[tuple[float, float, float], Stage] = {}

    def stage(self, size: Size, safe: float) -> Stage:
        key = (size.width, size.height, safe)
        if key not in self._stages:
            suits = [*self.game.elements, *self.game.symbols]
            self._stages[key] = make_stage(
                self.game, self.design, self.measure, (size.width, size.height), 0.0, safe, suits
            )
        return self._stages[key]

    @property
    def accent(self) -> tuple[float, float, float]:
        """The design's accent colour (the rule under a file of parts' heading)."""
        named = self.stage(Size(100.0, 100.0), SAFE_MM).colours.named
        colour = named.get("accent", "")
        hexed = colour.startswith("#") and len(colour) == 7
        return rgb(colour) if hexed else (0.12, 0.11, 0.1)

    @property
    def body_family(self) -> str:
        """The font family the design sets its text in."""
        return self.stage(Size(100.0, 100.0), SAFE_MM).families.get("body", "Lato")

    def faces(self, part: PartSpec) -> list[Face]:
        """The part's faces: one, or one per item of its `each:` list, each printed `copies`
        times (a deck's row: its `count` times that)."""
        size = part_size(part, self.paper)
        stage = self.stage(size, part_safe(part))
        boxes = self.design.parts.get(part.name) or default_boxes(part)
        items = self.items(part)
        context = self.context(part, stage)
        check_part_names(part, boxes, context)
        total = sum(count for _, count in items) * part.copies
        # a design that numbers its copies ("Log {{ copy }} of {{ copies }}") draws each copy;
        # any other draws each item once, printed as many times as it is counted
        numbered = total > 1 and reads_name(boxes, "copy")
        runs = [(item, 1) for item, count in items for _ in range(count * part.copies)]
        faces = []
        for number, (item, times) in enumerate(runs if numbered else items, start=1):
            names = {**context, "item": item, "copy": number, "copies": total}
            drawn = draw_face(stage, boxes, names, f"{part.where}: part {part.name}")
            stem = f"{part.name}-{number}" if numbered or len(items) > 1 else part.name
            copies = times if numbered else times * part.copies
            faces.append(_face(stem, wrap(stage, drawn.body), copies, drawn))
        return faces

    def items(self, part: PartSpec) -> list[tuple[object, int]]:
        """What a part is drawn for, and how many of each (`part_items`), a deck's cards as
        the rows its boxes read."""
        return [
            (_row(item) if isinstance(item, Card) else item, count)
            for item, count in part_items(part, self.game.components, self.values)
        ]

    def context(self, part: PartSpec, stage: Stage) -> Context:
        game = self.game
        return {
            **self.values,
            "game": self.words.game_name,
            "subtitle": self.words.subtitle,
            "players": {"min": game.min_players, "max": game.max_players},
            "elements": list(game.elements),
            "part": part.name,
            "title": self.words.part_title(part),
            "name": self.words.part_title(part),
            "item": None,
            "copy": 1,
            "copies": part.copies,
            "palette": stage.colours.named,
            "tones": stage.colours.neutral(),
            "suit": "",
            "rules": game.rules,
            "wuxing": wuxing,
            "say": self.design.words_of,
            "card": {"w": stage.width, "h": stage.height},
            "stamp": game.stamp,  # version and date: a part has no row of its own to hash
            "stamp_short": game.stamp.split(SEPARATOR)[0],
            "stamp_hash": "",
            "url": game.url or "",
            "qr": qr_drawing(game.url),  # {component: qr} places it
        }


def _row(card: Card) -> Context:
    return {**card.fields, "id": card.id, "name": card.name, "count": card.count}


def _face(stem: str, svg: str, copies: int, drawn: Drawn) -> Face:
    return Face(
        stem,
        stem,
        svg,
        overflows=tuple(drawn.overflows),
        low_contrast=tuple(drawn.contrast),
        hidden=tuple(drawn.hidden),
        copies=copies,
        boxes=tuple(drawn.boxes),
    )


def default_boxes(part: PartSpec) -> list[Box]:
    """A part the design does not lay out: a frame and its title, so it still prints and
    says what it is (validate notes that it has no design)."""
    where = part.where
    return [
        Box("frame", "shape", {"shape": Value("rect", where), "stroke": Value("muted", where)}),
        Box(
            "title",
            "text",
            {"text": Value("{{ title }}", where), "size": Value("14pt", where)},
        ),
    ]


def check_part_names(part: PartSpec, boxes: list[Box], context: Context) -> None:
    """Every name a part's box reads is one the part gives (a typo names its line)."""
    known = set(context) | set(RESERVED_NAMES)
    problems = []
    for box in boxes:
        for key, item in box.values.items():
            for text in _strings(item.value):
                if "{" not in text:
                    continue
                error = template_error(text)
                unknown = sorted(template_names(text) - known)
                message = (
                    f"template error in {text!r}: {error}"
                    if error
                    else (
                        f"unknown name {unknown[0]!r}{did_you_mean(unknown[0], known)} (a part"
                        f" reads: {', '.join(sorted(known - set(RESERVED_NAMES)))})"
                        if unknown
                        else ""
                    )
                )
                if message:
                    problems.append(Problem.at(item.where, f"box {box.name}.{key}", message))
    if problems:
        raise DataError(list(dict.fromkeys(problems)))


def reads_name(boxes: list[Box], name: str) -> bool:
    """Whether any of `boxes` reads `name` in a template."""
    return any(
        name in template_names(text)
        for box in boxes
        for item in box.values.values()
        for text in _strings(item.value)
        if "{" in text
    )


def _strings(value: object) -> list[str]:
    """Every text in a value, however deep (a grid's `cells:` rules, a component's `with:`)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []
