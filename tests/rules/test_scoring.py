"""Scoring as data (issue 37): the helpers of game.yaml `scoring:` rules, each on hands worked
out by hand from the small game of tests/scoring_game.py (four suits numbered 1 to 5, a joker
with no suit and no value), and `printgen score` on a `holds:` situation."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import SituationError
from printgen.model import Game, load_game
from printgen.model.game import ScoringRule
from printgen.model.scoring import RuleError, rule_value
from printgen.rules.scoring import score_holds, table_of
from tests.scoring_game import GAME_YAML, write_game


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_game(write_game(tmp_path_factory.mktemp("scoring")))


def value(game: Game, expression: str, mine: list[str], *theirs: list[str]) -> float:
    table = table_of(game)
    hands = [[table.views[i] for i in ids] for ids in (mine, *theirs)]
    return rule_value(ScoringRule("rule", expression, 1), table, hands[0], hands[1:])


CASES = [
    # (expression, my cards, the others' cards, the value worked out by hand)
    ("cards | count", ["silk-1", "silk-1", "jade-4"], [], 3),
    ("cards | count('suit', 'silk')", ["silk-1", "silk-1", "jade-4"], [], 2),
    ("cards | count('suit', ['silk', 'jade'])", ["silk-1", "spice-3", "jade-4"], [], 2),
    ("cards | count('text')", ["joker", "silk-1"], [], 1),  # the joker's text is set
    ("cards | where('suit', 'silk') | total('value')", ["silk-1", "silk-2", "jade-4"], [], 3),
    ("cards | total('value')", ["joker", "salt-5"], [], 5),  # an empty value reads as 0
    ("cards | highest('value')", ["silk-2", "salt-5"], [], 5),
    ("cards | lowest('value')", ["silk-2", "salt-5"], [], 2),
    ("cards | highest('value')", [], [], 0),
    ("cards | distinct('suit')", ["silk-1", "silk-2", "jade-4", "joker"], [], 2),
    ("cards | sets('suit')", ["silk-1", "spice-3", "jade-4"], [], 0),  # no salt
    ("cards | sets('suit', ['silk', 'jade'])", ["silk-1", "silk-2", "jade-4"], [], 1),
    ("cards | sets('suit', wild='joker')", ["silk-1", "spice-3", "jade-4", "joker"], [], 1),
    ("cards | sets('suit', wild='joker')", ["silk-1", "spice-3", "joker"], [], 0),  # two gaps
    ("cards | groups('suit', 2)", ["silk-1", "silk-1", "silk-2", "jade-4", "jade-4"], [], 2),
    ("cards | longest_run('value')", ["silk-1", "silk-2", "spice-3", "salt-5"], [], 3),
    ("cards | sum(attribute='value')", ["silk-2", "joker", "jade-4"], [], 6),
    ("cards | map(attribute='value') | max", ["silk-2", "jade-4"], [], 4),
    ("players", ["silk-1"], [[], []], 3),
    # majorities: the most silk, ties split, none never wins
    ("most('suit', 'silk')", ["silk-1", "silk-2"], [["silk-1"]], 1),
    ("most('suit', 'silk')", ["silk-1", "silk-2"], [["silk-1", "silk-2"], ["silk-1"]], 0.5),
    ("6 * most('suit', 'silk')", ["silk-1"], [["silk-1"], ["silk-2"]], 2),
    ("most('suit', 'silk')", ["jade-4"], [["jade-4"]], 0),  # nobody has silk
    ("most('value')", ["salt-5"], [["silk-1", "spice-3"]], 1),  # 5 against 1 + 3
    ("most()", ["salt-5"], [["silk-1", "spice-3"]], 0),  # one card against two
    ("fewest('suit', 'silk')", ["jade-4"], [["silk-1"], ["silk-2", "silk-1"]], 1),
    ("fewest('suit', 'silk')", ["jade-4"], [["salt-5"], ["silk-2"]], 0.5),  # 0 and 0 tie
    ("rank('suit', 'silk')", ["silk-1"], [["silk-1", "silk-2"], ["silk-2"]], 2),
    ("majority(cards | count, others | map('count') | list)", ["joker"], [[]], 1),
    ("5 if (cards | count('suit', 'silk')) >= 2 else 0", ["silk-1", "silk-2"], [], 5),
]


@pytest.mark.parametrize(("expression", "mine", "theirs", "expected"), CASES)
def test_each_helper_on_a_hand_worked_by_hand(
    game: Game, expression: str, mine: list[str], theirs: list[list[str]], expected: float
) -> None:
    assert value(game, expression, mine, *theirs) == pytest.approx(expected)


def test_a_rule_that_gives_no_number_is_said_to(game: Game) -> None:
    with pytest.raises(RuleError, match=r"gives True, not a number of points \(write"):
        value(game, "cards | count > 0", ["silk-1"])


def test_a_score_is_the_sum_of_the_rules(game: Game) -> None:
    # Ada: silk majority 6 (two against one), suits 0, value 1 + 2 + 4 = 7, run 1-2 0: 13
    result = score_holds(game, {"Ada": ["silk-1", "silk-2", "jade-4"], "Bo": ["silk-1"]})
    assert result.to_json()["scores"] == {"Ada": 13, "Bo": 1}
    assert result.rules["Ada"] == {"silk majority": 6, "suits": 0, "value": 7, "run": 0}
    assert result.winners == ["Ada"]
    assert result.explain().splitlines() == [
        "Ada: 13 (silk majority 6 + value 7)",
        "Bo: 1 (value 1)",
        "Ada wins.",
    ]


@pytest.mark.parametrize(
    ("holds", "path", "message"),
    [
        ({"Ada": ["slik-1"], "Bo": []}, ("holds", "Ada", 0), "did you mean 'silk-1'?"),
        ({"Ada": ["joker"], "Bo": ["joker"]}, ("holds",), "2 copies of 'joker' are held"),
        ({"Ada": []}, ("holds",), "expected a mapping of 2 to 4 players"),
        ({"Ada": "silk-1", "Bo": []}, ("holds", "Ada"), "expected a list of card ids"),
    ],
)
def test_a_wrong_holding_is_named(
    game: Game, holds: dict[str, object], path: tuple[object, ...], message: str
) -> None:
    with pytest.raises(SituationError) as raised:
        score_holds(game, holds)
    assert raised.value.path == path
    assert message in raised.value.message


def test_score_explains_a_holds_file(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data")
    situation = tmp_path / "end.yaml"
    situation.write_text(
        "game: bazaar\nholds:\n  Ada: [silk-1, spice-3]\n  Bo: [silk-2, silk-1]\n",
        encoding="utf-8",
    )
    run = cli("score", "bazaar", situation, "--data", tmp_path / "data")
    assert run.code == 0, run.err
    # Ada: value 1 + 3 = 4; Bo: silk majority 6 + value 3 = 9
    assert run.out.splitlines() == [
        "Ada: 4 (value 4)",
        "Bo: 9 (silk majority 6 + value 3)",
        "Bo wins.",
    ]
    run = cli("score", "bazaar", situation, "--data", tmp_path / "data", "--json")
    assert run.json()["scores"] == {"Ada": 4, "Bo": 9}
    situation.write_text("holds:\n  Ada: [silk-1]\n  Bo: [silk-3]\n", encoding="utf-8")
    run = cli("score", "bazaar", situation, "--data", tmp_path / "data")
    assert run.code == 2 and "Traceback" not in run.err
    assert f"{situation}:3: holds.Bo.0: unknown card 'silk-3'" in run.err


def test_scoring_and_an_engine_are_one_or_the_other(tmp_path: Path) -> None:
    from printgen.errors import DataError

    folder = write_game(tmp_path, GAME_YAML.replace("scoring:", "engine: elementa\nscoring:"))
    with pytest.raises(DataError, match="scoring: is for a game with no engine"):
        load_game(folder)
