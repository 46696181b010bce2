"""A small designer's game scored by game.yaml `scoring:` (issue 37), written into a test's
folder: four suits of numbered cards and a joker, four rules, six worked examples.

Every expected score below is worked out by hand from the rules (the comments show the sums),
never copied from printgen's output. The sixth example is wrong on purpose (`WRONG`): Ada holds
the joker (no suit, no value) and a Silk One, so she scores the silk majority 6 and value 1,
7 in all, not the 8 it expects.
"""

from __future__ import annotations

from pathlib import Path

GAME = "bazaar"

GAME_YAML = """\
id: bazaar
name: Bazaar
players: {min: 2, max: 4}
elements: [silk, spice, jade, salt]
columns:
  suit: element?
  value: int?
components:
  deck: {file: cards.csv}
scoring:
  silk majority: 6 * most('suit', 'silk')
  suits: 5 * (cards | sets('suit'))
  value: cards | total('value')
  run: 3 if (cards | longest_run('value')) >= 3 else 0
"""
SCORING_LINE = {"silk majority": 11, "suits": 12, "value": 13, "run": 14}
"""The line of each rule in GAME_YAML."""

CARDS_CSV = """\
id,name,count,suit,value,text
silk-1,Silk One,2,silk,1,
silk-2,Silk Two,2,silk,2,
spice-3,Spice Three,2,spice,3,
jade-4,Jade Four,2,jade,4,
salt-5,Salt Five,2,salt,5,
joker,Joker,1,,,Counts as **any suit**
"""

WRONG = "A joker is no silk"
EXAMPLES_YAML = """\
examples:
  - name: Most silk              # Ada: silk 6 + value 1+2 = 9; Bo: value 3
    text: Ada's two silk beat Bo's none.
    holds: {Ada: [silk-1, silk-2], Bo: [spice-3]}
    expect: {Ada: 9, Bo: 3}
  - name: A tie splits the six   # Ada: 3 + value 1+4 = 8; Bo: 3 + value 2+5 = 10
    holds: {Ada: [silk-1, jade-4], Bo: [silk-2, salt-5]}
    expect: {Ada: 8, Bo: 10}
  - name: Every suit             # Ada: silk 6 + a set 5 + value 13 + run 3-4-5 3 = 27
    holds: {Ada: [silk-1, spice-3, jade-4, salt-5], Bo: []}
    expect: {Ada: 27, Bo: 0}
  - name: Three share the silk   # one silk each: 6/3 = 2, plus each one's value
    holds: {Ada: [silk-1], Bo: [silk-1], Cy: [silk-2]}
    expect: {Ada: 3, Bo: 3, Cy: 4}
  - name: Two sets               # Ada: 6 + 2 sets 10 + value 27 + run 1-5 3 = 46; Bo: 2
    holds:
      Ada: [silk-1, silk-2, spice-3, spice-3, jade-4, jade-4, salt-5, salt-5]
      Bo: [silk-2]
    expect: {Ada: 46, Bo: 2}
  - name: A joker is no silk     # Ada: silk 6 + value 0+1 = 7, not 8
    holds: {Ada: [joker, silk-1], Bo: [spice-3]}
    expect: {Ada: 8, Bo: 3}
"""

RULES_MD = """\
## Scoring

Silk majority, sets of four suits, the cards' values and runs.

{{ examples() }}
"""


def write_game(
    data: Path, game_yaml: str = GAME_YAML, examples: str | None = EXAMPLES_YAML
) -> Path:
    """The game's folder `data/bazaar`, with its examples (or none) and a rulebook."""
    folder = data / GAME
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(game_yaml, encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS_CSV, encoding="utf-8")
    (folder / "rules.md").write_text(RULES_MD, encoding="utf-8")
    if examples is not None:
        (folder / "examples.yaml").write_text(examples, encoding="utf-8")
    return folder


def fixed(examples: str = EXAMPLES_YAML) -> str:
    """The examples with the wrong one corrected (Ada scores 7)."""
    return examples.replace("expect: {Ada: 8, Bo: 3}", "expect: {Ada: 7, Bo: 3}")
