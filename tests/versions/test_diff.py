"""`printgen diff GAME --against DIR|REV`: the cards added, removed and changed, worked out by
hand from the edits of conftest.make_v2 to examples/lantern-market."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import edit
from tests.versions.conftest import SAMPLE, make_v2

EXPECTED_CHANGED = [
    # a count alone: the face as drawn is the same
    {
        "deck": "market",
        "id": "silk-lantern",
        "name": "Paper Lantern",
        "fields": {},
        "count": {"old": 2, "new": 3},
        "face": False,
    },
    # the palette's spice colour: every spice card's face, no column
    {
        "deck": "market",
        "id": "spice-saffron",
        "name": "Saffron Threads",
        "fields": {},
        "count": {"old": 2, "new": 2},
        "face": True,
    },
    {
        "deck": "market",
        "id": "spice-caravan",
        "name": "The Extraordinarily Long-Winded Caravan of Spice Merchants",
        "fields": {
            "text": {"old": "Take two actions this turn.", "new": "Take three actions this turn."}
        },
        "count": {"old": 1, "new": 1},
        "face": True,
    },
]


def test_diff_lists_exactly_the_three_cards_and_the_suit(cli, versions) -> None:
    v1, v2 = versions
    run = cli("diff", "lantern-market", "--data", v2, "--against", v1 / "lantern-market", "--json")
    assert run.code == 0, run.err
    report = run.json()
    assert report["added"] == [
        {"deck": "market", "id": "jade-bowl", "name": "Jade Bowl", "count": 2}
    ]
    assert report["removed"] == []
    assert report["changed"] == EXPECTED_CHANGED
    assert report["totals"] == {
        "market": {"old": 14, "new": 17},
        "patrons": {"old": 4, "new": 4},
    }
    assert report["components_table"] == {"market": {"old": 14, "new": 17}}


def test_diff_text_names_each_change(cli, versions) -> None:
    v1, v2 = versions
    run = cli("diff", "lantern-market", "--data", v2, "--against", v1 / "lantern-market")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert "  + market/jade-bowl 'Jade Bowl' x2" in lines
    assert "      count: 2 -> 3" in lines
    assert "      text: 'Take two actions this turn.' -> 'Take three actions this turn.'" in lines
    assert "      face: changed (design, art, font or palette)" in lines  # spice-saffron
    assert "  market: 14 -> 17 cards" in lines
    assert not any("silk-bolt" in line or "jade-disc" in line for line in lines)


def test_a_copy_under_another_name_and_its_data_folder_both_read(cli, versions) -> None:
    v1, v2 = versions
    renamed = v1 / "lantern-market-v1"
    shutil.copytree(v1 / "lantern-market", renamed)
    by_copy = cli("diff", "lantern-market", "--data", v2, "--against", renamed, "--json")
    by_data = cli("diff", "lantern-market", "--data", v2, "--against", v1, "--json")
    assert by_copy.code == by_data.code == 0, by_copy.err + by_data.err
    assert by_copy.json()["changed"] == by_data.json()["changed"] == EXPECTED_CHANGED


def test_the_same_game_has_no_change(cli, versions) -> None:
    v1, _ = versions
    run = cli("diff", "lantern-market", "--data", v1, "--against", v1 / "lantern-market")
    assert run.code == 0, run.err
    assert "  no card added, removed or changed" in run.out.splitlines()


def git(folder: Path, *args: str) -> None:
    env_args = ["-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", *env_args, *args], cwd=folder, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with the sample at games/lantern-market: v1 committed, then v2."""
    game = tmp_path / "repo" / "games" / "lantern-market"
    shutil.copytree(SAMPLE, game)
    git(tmp_path / "repo", "init", "-q")
    git(tmp_path / "repo", "add", ".")
    git(tmp_path / "repo", "commit", "-q", "-m", "v1")
    make_v2(game)
    git(tmp_path / "repo", "commit", "-q", "-am", "v2")
    return tmp_path / "repo"


def test_diff_against_head_1_reads_the_revision_through_git(cli, repo: Path) -> None:
    before = subprocess.run(
        ["git", "status", "--porcelain"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout
    run = cli("diff", "lantern-market", "--data", repo / "games", "--against", "HEAD~1", "--json")
    assert run.code == 0, run.err
    assert run.json()["changed"] == EXPECTED_CHANGED
    assert [a["id"] for a in run.json()["added"]] == ["jade-bowl"]
    after = subprocess.run(
        ["git", "status", "--porcelain"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout
    assert before == after == ""  # nothing checked out over the work tree


def test_a_bad_revision_is_exit_2_with_its_reason(cli, repo: Path) -> None:
    run = cli("diff", "lantern-market", "--data", repo / "games", "--against", "v9")
    assert run.code == 2
    assert "--against v9: no such folder, and not a revision of the git repository" in run.err
    assert "Traceback" not in run.err


def test_a_revision_without_the_game_is_exit_2(cli, repo: Path) -> None:
    git(repo, "mv", "games", "kits")
    git(repo, "commit", "-q", "-m", "moved")
    run = cli("diff", "lantern-market", "--data", repo / "kits", "--against", "HEAD~1")
    assert run.code == 2
    assert "kits/lantern-market is not in that revision" in run.err


def test_a_folder_outside_git_and_no_folder_is_exit_2(cli, versions, tmp_path: Path) -> None:
    v1, _ = versions
    run = cli("diff", "lantern-market", "--data", v1, "--against", tmp_path / "nowhere")
    assert run.code == 2
    assert "no such folder" in run.err
    empty = tmp_path / "empty"
    empty.mkdir()
    run = cli("diff", "lantern-market", "--data", v1, "--against", empty)
    assert run.code == 2
    assert "no game.yaml in this folder, nor in lantern-market/ in it" in run.err


def test_the_html_page_shows_each_listed_card_before_and_after(cli, versions) -> None:
    import base64
    import io
    import re

    from PIL import Image

    v1, v2 = versions
    edit(v2 / "lantern-market" / "market.csv", "Jade Bowl", "Jade <b>Bowl</b>")
    page = v2.parent / "diff.html"
    run = cli(
        "diff", "lantern-market", "--data", v2, "--against", v1 / "lantern-market", "--html", page
    )
    assert run.code == 0, run.err
    html = page.read_text(encoding="utf-8")
    assert "Jade &lt;b&gt;Bowl&lt;/b&gt;" in html and "<b>Bowl" not in html  # escaped
    pictures = re.findall(r'<img src="data:image/png;base64,([^"]+)" alt="(before|after)">', html)
    # jade-bowl after; silk-lantern (a count) after only; both spice cards before and after
    assert [alt for _, alt in pictures] == ["after", "after", "before", "after", "before", "after"]
    first = Image.open(io.BytesIO(base64.b64decode(pictures[0][0])))
    assert first.size == (round(70 / 25.4 * 60), round(100 / 25.4 * 60))  # 70 x 100 mm, 60 dpi
    assert "market 14 &rarr; 17 cards" in html
