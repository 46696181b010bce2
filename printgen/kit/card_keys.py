"""The key of each batch of a large deck's cards (printgen.kit.card_plan.Batch): what its files
(its cards' PNGs, its TTS and TTP sheet and numbers) are made from, known without drawing a
face, so that the kit skips a batch whose key and files are unchanged (printgen.kit.run).

A batch's files depend on its cards' fronts (each by its key, printgen.render.faces.face_keys: the
card's row and the design), its deck's back and the game's images and fonts (the design key
holds them: the game's folder but its card tables, the templates, the shared facts), its
sheet's layout, which of its cards first appear there (they get a PNG), the build options,
printgen's code and the fonts fontconfig offers. After one card's edit only that card's batch
has a new key. The PDF windows a batch also leaves in the build store are not its files: the
whole-deck pieces draw any window the store lacks.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict

from printgen.files.hashing import code_key, fonts_key
from printgen.kit.card_faces import GameFaces
from printgen.kit.card_plan import BATCH_PREFIX, card_pieces
from printgen.kit.options import BuildOptions
from printgen.model import Game


def card_piece_keys(game: Game, options: BuildOptions) -> dict[str, str]:
    """Each batch piece's key, by piece name (none for a game built in one piece)."""
    if not card_pieces(game, options):
        return {}
    faces = GameFaces(game)
    values = {k: v for k, v in asdict(options).items() if k not in ("jobs", "watch")}
    common = [code_key(), fonts_key(), faces.design_key, json.dumps(values, sort_keys=True)]
    keys = {}
    for index, batch in enumerate(faces.batches):
        deck = game.printed_decks[batch.deck]
        shown = [faces.front(deck, card).key for card in batch.cards]
        pieces = [
            *common,
            deck.name,
            batch.layout.manifest_bytes().decode(),
            json.dumps([card.id for card in batch.pngs]),
            *shown,
        ]
        keys[f"{BATCH_PREFIX}{index}"] = hashlib.sha256("\0".join(pieces).encode()).hexdigest()
    return keys
