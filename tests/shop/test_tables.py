"""Virtual tables: the TTS saved object spawning each deck, Tabletop Playground templates."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from printgen.model import Game


def test_tts_saved_object_spawns_each_deck_from_its_sheets(cl4sh_shops: Path, cl4sh: Game) -> None:
    tts = cl4sh_shops / "tts"
    saved = json.loads((tts / "saved-object.json").read_text())
    decks = {state["Nickname"].split(": ")[1]: state for state in saved["ObjectStates"]}
    assert set(decks) == {"deck", "signal"}
    for name, state in decks.items():
        assert state["Name"] == "DeckCustom"
        assert len(state["DeckIDs"]) == cl4sh.totals[name]
        assert [c["CardID"] for c in state["ContainedObjects"]] == state["DeckIDs"]
        for number, custom in state["CustomDeck"].items():
            face = tts / custom["FaceURL"]
            with Image.open(face) as sheet:
                card_w, card_h = (
                    sheet.width // custom["NumWidth"],
                    sheet.height // custom["NumHeight"],
                )
            assert json.loads(face.with_suffix(".json").read_text())["width"] == custom["NumWidth"]
            assert custom["BackURL"] == f"{name}-back.png"
            with Image.open(tts / custom["BackURL"]) as back:
                assert back.size == (card_w, card_h)
            assert custom["UniqueBack"] is False
            ids = [i for i in state["DeckIDs"] if i // 100 == int(number)]
            assert max(i % 100 for i in ids) < custom["NumWidth"] * custom["NumHeight"] - 1
    backs = {c["BackURL"] for s in decks.values() for c in s["CustomDeck"].values()}
    assert len(backs) == 2  # the two decks' backs differ, and so do their BackURLs
    first = decks["deck"]["ContainedObjects"][0]["Nickname"]
    assert first == cl4sh.printed_decks[0].cards[0].name


def test_ttp_templates_describe_each_sheet_in_centimetres(cl4sh_shops: Path, cl4sh: Game) -> None:
    ttp = cl4sh_shops / "ttp"
    templates = sorted(ttp.glob("*.json"))
    assert [t.stem for t in templates] == ["deck-1", "deck-2", "signal-1"]
    total = 0
    for path in templates:
        template = json.loads(path.read_text())
        assert template["Type"] == "Card"
        assert (template["Width"], template["Height"]) == (6.35, 8.89)
        with Image.open(ttp / template["FrontTexture"]) as sheet:
            assert sheet.width % template["NumHorizontal"] == 0
            assert sheet.height % template["NumVertical"] == 0
        assert template["BackIndex"] == template["NumHorizontal"] * template["NumVertical"] - 1
        assert max(template["Indices"]) < template["BackIndex"]
        assert len(template["CardNames"]) == len(template["Indices"])
        total += len(template["Indices"])
    assert total == cl4sh.totals["deck"] + cl4sh.totals["signal"]
