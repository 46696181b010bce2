"""The keyword gaps `validate` notes (issue 37): keywords the cards use that the rulebook
never mentions. A warning, never a failure: the rulebook may say it in other words."""

from __future__ import annotations

from printgen.analysis import keywords_of
from printgen.analysis.keywords import listed
from printgen.model import Game
from printgen.rules.engine import Check


def keyword_checks(game: Game) -> list[Check]:
    found = keywords_of(game)
    if found.rules is None:
        return []
    if found.undefined:
        detail = (
            f"the cards use {len(found.undefined)} term(s) {found.rules} never mentions: "
            f"{listed(found.undefined)} (`printgen analyze {game.id}` lists the cards)"
        )
        return [Check("keywords", False, "warning", detail)]
    detail = (
        f"every keyword and icon on the cards ({found.checked}) is in {found.rules}"
        if found.checked
        else f"no keyword or icon on the cards to look up in {found.rules}"
    )
    return [Check("keywords", True, "warning", detail)]
