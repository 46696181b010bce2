"""A small deck with three planted flaws for `printgen analyze` (issue 37), written into a
test's folder. Every creature costs attack + health - 2, except:

- the Overpriced Ogre, 1/2 for 5: the curve of the other creatures says 1, so it is 4 over;
- the Goblin Scout, a copy of the Goblin Raider (2/2 for 2) whose text differs by one word
  (`Deal 2 damage` for `Deal 1 damage`);
- the Archer's **Ambush**, a keyword rules.md never mentions (its Flying is defined there,
  and rules.md defines **Trample**, which no card uses).
"""

from __future__ import annotations

from pathlib import Path

GAME = "arena"

GAME_YAML = """\
id: arena
name: Arena <of> "Tests"
players: {min: 2, max: 2}
columns:
  cost: int
  attack: int?
  health: int?
  text: text?
kinds:
  creature: {label: Creature}
  spell: {label: Spell}
components:
  deck: {file: cards.csv}
"""

CARDS_CSV = """\
id,name,count,kind,cost,attack,health,text
squire,Squire,3,creature,1,1,2,Draw a card when it enters.
goblin-raider,Goblin Raider,2,creature,2,2,2,Deal 1 damage to any creature.
goblin-scout,Goblin Scout,2,creature,2,2,2,Deal 2 damage to any creature.
archer,Archer,2,creature,2,3,1,**Ambush.** Deal 1 damage to a creature with Flying.
knight,Knight,2,creature,4,3,3,Gains **Flying** while attacking.
guard,Guard,2,creature,3,1,4,Other creatures cannot be attacked.
giant,Giant,1,creature,8,5,5,Crushes walls.
wolf,Wolf,2,creature,4,4,2,Attacks each turn if able.
mage,Mage,2,creature,3,2,3,Draw a card.
dragon,Dragon,1,creature,8,6,4,Burns the whole board when it enters.
ogre,Overpriced Ogre,1,creature,5,1,2,Cannot block.
fireball,Fireball,2,spell,3,,,Deal 3 damage.
"""
CARDS_LINE = {"ogre": 12, "goblin-raider": 3, "goblin-scout": 4, "archer": 5}

RULES_MD = """\
## Creatures

A creature with **Flying** can be blocked only by another creature with Flying.

## Keywords

- **Trample**: damage beyond what kills the blocker goes to the player.
"""


def write_arena(data: Path) -> Path:
    folder = data / GAME
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS_CSV, encoding="utf-8")
    (folder / "rules.md").write_text(RULES_MD, encoding="utf-8")
    return folder
