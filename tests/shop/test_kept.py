"""A shop's conversions are made once and read back from the user's cache: a second build of
the same game into another folder converts nothing, preflights nothing, and writes the same
bytes; a changed deck is converted again."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.cards import card_files
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.preflight import checks
from printgen.render.rulebook.build import rule_files
from printgen.render.shop import pdfx, proof, rules
from tests.shop.conftest import CARD_DATA


def built(data: Path, out: Path) -> dict[str, bytes]:
    game = load_game(data)
    options = replace(BuildOptions(), shops=("dtc", "print"))
    out.mkdir(parents=True)
    build_part(card_files, game, options, out)
    build_part(rule_files, game, options, out)
    return {
        str(path.relative_to(out)): path.read_bytes()
        for path in sorted((out / game.id / "shop").rglob("*"))
        if path.is_file()
    }


def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The conversions and preflights made from now on, by name."""
    calls: list[str] = []
    for module, name in (
        (pdfx, "to_pdfx"),
        (proof, "proof_pdf"),
        (rules, "shop_rules"),
        (checks, "preflight"),
    ):

        def wrapped(*args: object, _made: object = getattr(module, name), _name: str = name):
            calls.append(_name)
            return _made(*args)  # type: ignore[operator]

        monkeypatch.setattr(module, name, wrapped)
    return calls


def test_a_second_build_reads_the_shop_files_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    data = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", data)
    calls = counted(monkeypatch)
    first = built(data, tmp_path / "first")
    assert {"to_pdfx", "proof_pdf", "shop_rules", "preflight"} <= set(calls)
    assert any(name.endswith(".preflight.txt") for name in first)

    calls.clear()
    again = built(data, tmp_path / "again")
    assert calls == []
    assert again == first

    cards = data / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Wood", "Wod", 1), "utf-8")
    changed = built(data, tmp_path / "changed")
    assert "to_pdfx" in calls and "preflight" in calls
    assert changed["mywuxing/shop/dtc/deck.pdf"] != first["mywuxing/shop/dtc/deck.pdf"]


def test_another_setting_or_profile_is_converted_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a kept file is keyed by: the preset's settings and the profile's bytes too."""
    from dataclasses import replace as changed

    from printgen.render.shop import kept
    from printgen.render.shop.presets import load_preset

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    made: list[str] = []
    monkeypatch.setattr(pdfx, "to_pdfx", lambda data, settings, title: made.append(title) or data)
    settings = load_preset("dtc").pdf
    assert settings is not None
    profile = tmp_path / "profile.icc"
    profile.write_bytes(settings.profile.file.read_bytes())
    settings = changed(settings, profile=changed(settings.profile, file=profile))
    kept.pdfx(b"%PDF rgb", settings, "a")
    kept.pdfx(b"%PDF rgb", settings, "a")
    assert len(made) == 1
    kept.pdfx(b"%PDF rgb", changed(settings, ink_limit=250.0), "a")
    assert len(made) == 2
    profile.write_bytes(profile.read_bytes() + b"\0")
    kept.pdfx(b"%PDF rgb", settings, "a")
    assert len(made) == 3
