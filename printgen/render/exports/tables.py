"""Virtual tables: what Tabletop Simulator and Tabletop Playground load directly.

- `tts/saved-object.json`: a TTS saved object (drop it in `Saves/Saved Objects/`) that spawns
  every printed deck, one beside the other. Each deck is a `DeckCustom` whose `CustomDeck`
  entries point at the deck sheets by their file names (`FaceURL: deck-1.png`,
  `BackURL: deck-back.png`): TTS needs URLs, so the user uploads the images and replaces the
  names with their addresses (Steam Cloud does this in one step). TTS takes one back image
  per CustomDeck (`UniqueBack: false`, every card of a deck shares its back); decks whose
  backs differ have their own CustomDeck entries and back images, so each shows its own.
- `ttp/<deck>-<n>.json`: a Tabletop Playground card template for each sheet (the sheet PNG
  goes in the package's Textures folder, the JSON in Templates): NumHorizontal, NumVertical,
  Width and Height in centimetres, BackIndex = the sheet slot holding the back, one index per
  card with its name.

Ids are derived from the names (no randomness): the same data gives the same files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from printgen.model import Game
from printgen.render.exports.pngs import TtsSheet
from printgen.render.faces.face import DeckFaces


def _guid(*parts: str) -> str:
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:32].upper()


def _names(deck: DeckFaces) -> list[str]:
    """The name of every card of the deck, one a copy, in sheet order: listed once a deck,
    not once for each of its sheets' templates (a 5,000-card deck has 73)."""
    if _listed and _listed[0][0] is deck:
        return _listed[0][1]
    names = [card.name for card, _ in deck.fronts for _ in range(card.count)]
    _listed[:] = [(deck, names)]
    return names


_listed: list[tuple[DeckFaces, list[str]]] = []
"""The last deck `_names` listed (DeckFaces is frozen), with its names."""


def saved_object(game: Game, sheets: Sequence[tuple[DeckFaces, TtsSheet]]) -> bytes:
    """The TTS saved object spawning each deck from its sheets, and each row of the game's
    tiles and tokens as a stack of custom tiles (`piece_objects`)."""
    decks: dict[str, tuple[DeckFaces, list[TtsSheet]]] = {}
    for deck, sheet in sheets:
        decks.setdefault(deck.deck.name, (deck, []))[1].append(sheet)
    states = []
    number = 0
    for index, (name, (deck, layouts)) in enumerate(decks.items()):
        custom: dict[str, object] = {}
        ids: list[int] = []
        contained = []
        names = _names(deck)
        at = 0
        for layout in layouts:
            number += 1
            custom[str(number)] = {
                "FaceURL": f"{layout.name}.png",
                "BackURL": f"{name}-back.png",
                "NumWidth": layout.columns,
                "NumHeight": layout.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for slot in range(layout.cards):
                card_id = number * 100 + slot
                ids.append(card_id)
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": names[at] if at < len(names) else "",
                        "CardID": card_id,
                        "Transform": _transform(0),
                    }
                )
                at += 1
        states.append(
            {
                "Name": "DeckCustom",
                "Nickname": f"{game.name}: {name}",
                "GUID": _guid(game.id, name)[:6].lower(),
                "Transform": _transform(index * 3.0),
                "DeckIDs": ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
                "Hands": False,
                "SidewaysCard": False,
            }
        )
    states += piece_objects(game, len(states))
    saved = {"SaveName": game.name, "GameMode": game.name, "ObjectStates": states}
    return (json.dumps(saved, indent=2) + "\n").encode()


TILE_TYPES = {"rect": 0, "hex": 1, "circle": 2, "rounded": 3}
"""TTS's custom tile types: Box, Hex, Circle, Rounded."""
TILE_THICKNESS = 0.2


def piece_objects(game: Game, start: int) -> list[dict[str, object]]:
    """Each row of the game's tiles and tokens as a TTS custom tile (a stack of its copies),
    its top image the row's front (`<deck>-<id>.png`, at trim) and its bottom the row's own
    back or the deck's. TTS sizes a tile by its image; resize it there (scale stays 1)."""
    objects: list[dict[str, object]] = []
    for deck in game.piece_decks:
        if deck.kind == "dice" or deck.shape is None:
            continue
        for card in deck.cards:
            if card.count <= 0:
                continue
            back = f"{card.id}-back" if deck.sides == 2 else "back"
            tile: dict[str, object] = {
                "Name": "Custom_Tile_Stack" if card.count > 1 else "Custom_Tile",
                "Nickname": f"{card.name}",
                "Description": f"{game.name}: {deck.name}",
                "GUID": _guid(game.id, deck.name, card.id)[:6].lower(),
                "Transform": _transform((start + len(objects)) * 3.0),
                "CustomImage": {
                    "ImageURL": f"{deck.name}-{card.id}.png",
                    "ImageSecondaryURL": f"{deck.name}-{back}.png",
                    "ImageScalar": 1.0,
                    "WidthScale": 0.0,
                    "CustomTile": {
                        "Type": TILE_TYPES[deck.shape.kind],
                        "Thickness": TILE_THICKNESS,
                        "Stackable": True,
                        "Stretch": True,
                    },
                },
            }
            if card.count > 1:
                tile["Number"] = card.count
            objects.append(tile)
    return objects


def _transform(x: float) -> dict[str, float]:
    return {
        "posX": x, "posY": 1.0, "posZ": 0.0,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0,
    }  # fmt: skip


def ttp_template(game: Game, deck: DeckFaces, sheet: TtsSheet) -> bytes:
    """The Tabletop Playground card template of one sheet."""
    assert game.card_size is not None
    names = _names(deck)
    number = int(sheet.name.rsplit("-", 1)[1])
    start = (number - 1) * (sheet.columns * sheet.rows - 1) if number > 1 else 0
    indices = list(range(sheet.cards))
    template = {
        "Type": "Card",
        "GUID": _guid(game.id, sheet.name),
        "Name": f"{game.name}: {sheet.name}",
        "Metadata": "",
        "CollisionType": "Regular",
        "Friction": 0.7,
        "Restitution": 0,
        "Density": 0.5,
        "SurfaceType": "Cardboard",
        "Roughness": 1,
        "Metallic": 0,
        "Flippable": True,
        "AutoStraighten": False,
        "ShouldSnap": True,
        "FrontTexture": f"{sheet.name}.png",
        "BackTexture": "",
        "HiddenTexture": "",
        "BackIndex": sheet.columns * sheet.rows - 1,
        "HiddenIndex": -1,
        "NumHorizontal": sheet.columns,
        "NumVertical": sheet.rows,
        "Width": round(game.card_size.width / 10, 3),
        "Height": round(game.card_size.height / 10, 3),
        "Thickness": 0.05,
        "HiddenInHand": True,
        "UsedWithCardHolders": True,
        "CanStack": True,
        "Model": "Rounded",
        "Indices": indices,
        "CardNames": {str(i): names[start + i] for i in indices if start + i < len(names)},
        "CardMetadata": {},
        "CardTags": {},
    }
    return (json.dumps(template, indent=2) + "\n").encode()
