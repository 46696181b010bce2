"""Every kind of YAML file a designer writes, each declared once: which files it is (by name),
what it is for, and its keys (`printgen.model.schema.Key`). The readers take their keys from
these declarations; `printgen.model.schema_export` writes each kind's JSON Schema and the
reference page from them; a test walks every YAML file of the project against them.

A new key is one line in its declaration (game.yaml's in `printgen.model.load`, parts' in
`printgen.model.parts`, design.yaml's in `printgen.model.design_keys`, the others below).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fnmatch import fnmatch

from printgen.model.design_keys import DESIGN_KEYS, PALETTE_KEYS
from printgen.model.load import (
    COMPONENT_KEYS,
    DEAL_KEYS,
    GAME_KEYS,
    KIND_KEYS,
    PLAYERS_KEYS,
)
from printgen.model.parts import PART_KEYS
from printgen.model.schema import Key, WholeNumber

TEXT = Key(False, str, "text", doc="text")
LOCALISED = Key(
    False,
    (str, dict),
    "text, or {LANG: text}",
    doc="text, or the text in each language",
    each=TEXT,
)

EXAMPLE_KEYS = {
    "name": Key(True, str, "the example's name"),
    "text": Key(False, str, "a sentence for the rulebook"),
    "situation": Key(False, dict, "a situation mapping (DESIGN.md section 4)"),
    "holds": Key(False, dict, "each player's cards, as {PLAYER: [card ids]}"),
    "placed": Key(False, dict, "each player's pieces on the board, as {PLAYER: [{piece, at}]}"),
    "expect": Key(True, dict, "the expected result fields (or each player's points)"),
}
"""One worked example of examples.yaml (`printgen.rules.examples` reads it)."""

CLARIFICATION_KEYS = {
    "title": Key(False, (str, dict), "text", doc="the clarification's heading (or per language)"),
    "source": Key(False, str, "text", doc="what the source rulebook says, quoted"),
    "text": Key(False, (str, dict), "text", doc="this edition's rule; `{value}` is the setting's"),
    "values": Key(False, dict, "{VALUE: text}", doc="a text for each value the setting may take"),
    "variant": Key(False, bool, "true or false", doc="a variant, not the standard rule"),
}
"""One entry of clarifications.yaml (`printgen.rules.clarifications` reads it)."""

FIGURE_KEYS = {
    "about": Key(False, str, "text", doc="what the figure measures, in words"),
    "players": Key(False, int, "a whole number", WholeNumber(1, 20), doc="players a game"),
    "bots": Key(False, str, "a bot's name, or one a seat", doc="the bots that play"),
    "ladder": Key(False, str, "bots such as random,greedy", doc="a skill ladder's bots"),
    "options": Key(False, dict, "{OPTION: value}", doc="the engine's options (mode: learn)"),
    "set": Key(False, dict, "{KEY: value}", doc="game.yaml values changed, as --set"),
    "games": Key(False, int, "a whole number", WholeNumber(1, 1_000_000), doc="games played"),
    "seed": Key(False, int, "a whole number", doc="the simulation's seed"),
    "rate": Key(False, str, "a rate such as wins_by_seat.1", doc="the rate the figure prints"),
}
"""One figure of figures.yaml (`printgen.rules.figures` reads it)."""

CALLOUT = Key(
    False,
    dict,
    "{x, y, label}",
    doc="a numbered note pointing at the card",
    keys={
        "x": Key(True, (int, float), "millimetres", doc="from the card's left trim edge"),
        "y": Key(True, (int, float), "millimetres", doc="from the card's top trim edge"),
        "side": Key(False, str, "left or right", doc="the side the note is written on"),
        "label": LOCALISED,
    },
)
ANATOMY_KEYS = {
    "cards": Key(
        True,
        list,
        "a list of {card, callouts, caption}",
        doc="the cards pictured",
        items=Key(
            False,
            dict,
            "{card, callouts, caption}",
            doc="one card pictured",
            keys={
                "card": Key(True, str, "a card id", doc="the card pictured"),
                "callouts": Key(
                    False, list, "a list of {x, y, label}", doc="its notes", items=CALLOUT
                ),
                "caption": LOCALISED,
            },
        ),
    )
}
"""rules-anatomy.yaml (`printgen.render.rulebook.diagrams.anatomy` reads it)."""

SHOP_KEYS = {
    "name": Key(True, str, "text", doc="the shop's name as printed"),
    "spec": Key(
        False, list, "a list of web addresses", doc="where the shop's rules are written", items=TEXT
    ),
    "cards": Key(
        True,
        dict,
        "{format, bleed, dpi, order}",
        doc="the card files the shop takes",
        keys={
            "format": Key(True, str, "pdf, pdf-per-deck or png", doc="one PDF, one a deck, PNGs"),
            "bleed": Key(True, str, "a length such as 0.125in", doc="the bleed the shop asks"),
            "dpi": Key(False, int, "a whole number", default=300, doc="PNG resolution"),
            "order": Key(False, str, "pairs or fronts-then-back", doc="the pages' order"),
        },
    ),
    "manifest": Key(False, bool, "true or false", doc="write manifest.csv with each card's copies"),
    "rules": Key(
        False,
        dict,
        "{bleed}",
        doc="the shop's rulebook",
        keys={"bleed": Key(False, str, "a length", doc="the rulebook's bleed")},
    ),
    "pdf": Key(
        False,
        dict,
        "{standard, ink_limit, black_text, profile}",
        doc="PDF/X output",
        keys={
            "standard": Key(True, str, "PDF/X-1a:2003, PDF/X-3 or PDF/X-4", doc="the standard"),
            "ink_limit": Key(True, (int, float), "per cent", doc="the most total ink, C+M+Y+K"),
            "black_text": Key(False, str, "pure-k", doc="black text on the K plate alone"),
            "profile": Key(
                True,
                dict,
                "{file, condition, info}",
                doc="the printing condition",
                keys={
                    "file": Key(True, str, "an ICC file", doc="the output profile"),
                    "condition": Key(True, str, "text", doc="the registered condition's name"),
                    "info": Key(True, str, "text", doc="the condition described"),
                },
            ),
        },
    ),
    "preflight": Key(False, str, "a preflight target", doc="the preflight target checked"),
}
"""A shop preset, templates/common/shops/NAME.yaml (`printgen.render.shop.presets` reads it)."""


@dataclass(frozen=True)
class YamlKind:
    """One kind of YAML file: its files' names, what it is for and its declared keys."""

    name: str
    """The JSON Schema's file stem (`docs/schemas/NAME.schema.json`)."""
    patterns: tuple[str, ...]
    """Where files of this kind are: glob patterns over a path inside the project."""
    about: str
    root: Key

    def matches(self, path: str) -> bool:
        return any(fnmatch(path, pattern) for pattern in self.patterns)


def _mapping(keys: dict[str, Key], about: str) -> Key:
    return Key(True, dict, "a mapping", keys=keys, doc=about)


def _words(depth: int) -> Key:
    """A rulebook word: text, or a group of words (`ex: {top: On the pile}`), `depth` deep."""
    inner = _words(depth - 1) if depth > 1 else TEXT
    return Key(False, (str, dict), "text, or a group {WORD: text}", doc="a word", each=inner)


def _game_root() -> Key:
    """game.yaml: its keys, with the mappings inside it declared where they are read."""
    nested = {
        "players": replace(GAME_KEYS["players"], keys=PLAYERS_KEYS),
        "components": replace(GAME_KEYS["components"], each=Key(False, dict, keys=COMPONENT_KEYS)),
        "kinds": replace(GAME_KEYS["kinds"], each=Key(False, dict, keys=KIND_KEYS)),
        "deal": replace(GAME_KEYS["deal"], keys=DEAL_KEYS),
        "parts": replace(GAME_KEYS["parts"], each=Key(False, dict, keys=PART_KEYS)),
        "scoring": replace(GAME_KEYS["scoring"], each=TEXT),
        "columns": replace(GAME_KEYS["columns"], each=TEXT),
    }
    return _mapping({**GAME_KEYS, **nested}, "a game: its players, decks, parts and rules")


KINDS = (
    YamlKind(
        "game", ("*/game.yaml",), "A game: its players, decks, deal, parts and rules.", _game_root()
    ),
    YamlKind(
        "design",
        ("*/design.yaml", "*/design.*.yaml"),
        "How the game's cards, pieces and parts look (and design.LANG.yaml's words).",
        _mapping(DESIGN_KEYS, "a design"),
    ),
    YamlKind(
        "palette",
        ("*/palette.yaml",),
        "The game's colours (or the shared palette).",
        _mapping(PALETTE_KEYS, "a palette"),
    ),
    YamlKind(
        "examples",
        ("*/examples.yaml",),
        "Worked examples that validate checks and the rulebook prints.",
        _mapping(
            {
                "examples": Key(
                    True,
                    list,
                    "a list of examples",
                    doc="the examples",
                    items=Key(False, dict, keys=EXAMPLE_KEYS),
                )
            },
            "worked examples",
        ),
    ),
    YamlKind(
        "clarifications",
        ("*/clarifications.yaml",),
        "Where this edition decides what the source rulebook leaves open.",
        _mapping(
            {
                "settings": Key(
                    False,
                    dict,
                    "{SETTING: entry}",
                    doc="one a rules: setting",
                    each=Key(False, dict, keys=CLARIFICATION_KEYS),
                ),
                "decisions": Key(
                    False,
                    dict,
                    "{NAME: entry}",
                    doc="decided by the engine",
                    each=Key(False, dict, keys=CLARIFICATION_KEYS),
                ),
            },
            "clarifications",
        ),
    ),
    YamlKind(
        "figures",
        ("*/figures.yaml",),
        "Figures the rulebook prints from simulations.",
        Key(
            True,
            dict,
            "{NAME: figure}",
            doc="figures by name",
            each=Key(False, dict, keys=FIGURE_KEYS),
        ),
    ),
    YamlKind(
        "rules-anatomy",
        ("*/rules-anatomy.yaml",),
        "The cards the rulebook's card anatomy pictures, with notes.",
        _mapping(ANATOMY_KEYS, "a card anatomy"),
    ),
    YamlKind(
        "rules-labels",
        ("*/rules-labels.yaml", "*/rules-labels.*.yaml", "*/rulebook/labels/*.yaml"),
        "Words a rulebook prints by itself, or a game's pictures print.",
        Key(True, dict, "{WORD: text}", doc="words by name", each=_words(3)),
    ),
    YamlKind(
        "shop",
        ("*/shops/*.yaml",),
        "A print shop's preset (`build --shop NAME`).",
        _mapping(SHOP_KEYS, "a shop preset"),
    ),
)
"""The kinds, in the order the reference lists them."""


def kind_of(path: str) -> YamlKind | None:
    """The kind of the YAML file at `path` (a path inside the project), or None."""
    return next((kind for kind in KINDS if kind.matches(path)), None)
