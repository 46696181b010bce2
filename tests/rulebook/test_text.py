"""Rules text and data to HTML: Markdown features, escaping, the sandbox, data changes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.errors import DataError, RenderError
from printgen.kit.names import path_of
from printgen.kit.write import build_part
from printgen.render.rulebook import rule_files, rulebook_html
from printgen.render.rulebook.source import sources
from tests.conftest import edit
from tests.rulebook.conftest import copy_game, load, pdf_text


def html_of(folder: Path) -> str:
    return rulebook_html(sources(load(folder))[0])


def test_markdown_features_render(tiny: Path) -> None:
    html = html_of(tiny)
    # each top-level block carries its line in rules.md (validate names overflows by it)
    assert re.search(r'<h2 id="s\d+" data-line="1">Overview</h2>', html)
    assert re.search(r'<h3 id="s\d+" data-line="5">A list</h3>', html)
    assert "<em>emphasis</em>" in html and "<strong>strong</strong>" in html
    assert "<code>code</code>" in html
    assert '<ul data-line="7">' in html and '<ol data-line="10">' in html
    assert html.count("<li>") >= 4
    assert "<th>Column A</th>" in html and "<td>b1</td>" in html
    assert 'class="icon"' in html  # :fire: became an inline icon
    assert "There are 5 cards." in html


def test_raw_html_in_rules_text_is_text(tiny: Path) -> None:
    html = html_of(tiny)
    # CommonMark reads &amp; as an entity for "&"; tags stay text
    assert "Raw &lt;b&gt;html&lt;/b&gt; &amp; ]]&gt; stays text." in html
    assert "<b>html</b>" not in html


def test_hostile_text_in_data_is_escaped_and_changes_no_structure(tiny: Path) -> None:
    plain = tiny.parent.parent / "plain" / "tiny"
    plain.mkdir(parents=True)
    for name in ("game.yaml", "rules.md"):
        (plain / name).write_text((tiny / name).read_text())
    (plain / "cards.csv").write_text(
        "id,name,count,kind,element\nfire,Fire,3,element,fire\nwater,Water,2,element,water\n"
    )
    hostile, calm = html_of(tiny), html_of(plain)
    assert "Fire &lt;b&gt;bold&lt;/b&gt; &amp; ]]&gt; {{ 7*7 }} {% if 1 %}x{% endif %}" in hostile
    assert "Tiny &lt;Game&gt; &amp; Co" in hostile
    assert "Element &lt;card&gt;" in hostile
    assert not re.search(r"[^0-9A-Za-z+/]49[^0-9A-Za-z+/=]", hostile)  # never evaluated
    tags = re.compile(r"<(/?[a-z0-9]+)")
    assert tags.findall(hostile) == tags.findall(calm)


def test_hostile_text_prints_literally(tiny: Path, tmp_path: Path) -> None:
    path, _booklet = build_part(rule_files, load(tiny), None, tmp_path / "out")
    text = pdf_text(path)
    assert "Fire <b>bold</b> & ]]> {{ 7*7 }} {% if 1 %}x{% endif %}" in text
    assert "Raw <b>html</b> & ]]> stays text." in text
    assert "Tiny <Game> & Co" in text
    assert "Contents" not in text  # two pages: no table of contents


@pytest.mark.parametrize(
    ("snippet", "message"),
    [
        ("{{ ''.__class__.__mro__ }}", "rules.md:3"),
        ("{{ total('nope') }}", "no such component"),
        ("{{ diagram('nope') }}", "no such diagram"),
        ("{% for x in range(100000) %}{% endfor %}", "range"),
        ("{{ 'a' * 1000000 }}", "repetition"),
        ("{{ 2 ** 10000000 }}", "exponent"),
        ("{{ components( }}", "template error"),
    ],
)
def test_the_sandbox_refuses_with_a_place(tiny: Path, snippet: str, message: str) -> None:
    (tiny / "rules.md").write_text(f"## A\n\n{snippet}\n", encoding="utf-8")
    with pytest.raises(RenderError, match=re.escape(message)):
        html_of(tiny)


def test_jinja_raw_blocks_print_literally(tiny: Path) -> None:
    (tiny / "rules.md").write_text("Write {% raw %}{{ total() }}{% endraw %} here.\n")
    assert "Write {{ total() }} here." in html_of(tiny)


def test_front_matter_errors_name_the_file(tiny: Path) -> None:
    (tiny / "rules.md").write_text("---\nbogus: 1\n---\n## A\n")
    with pytest.raises(DataError, match=r"tiny/rules.md.*bogus.*unknown key"):
        sources(load(tiny))


def test_a_count_change_changes_the_table(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "feng-shui-master")
    before = html_of(folder)
    edit(folder / "dice.csv", "water,Water die,3,water", "water,Water die,4,water")
    after = html_of(folder)
    assert re.search(r'Water die</span></td><td class="num">3</td>', before)
    assert re.search(r'Water die</span></td><td class="num">4</td>', after)
    path, _booklet = build_part(rule_files, load(folder), None, tmp_path / "out")
    text = pdf_text(path)
    assert "Element dice 16" in text and "Total 16" in text


def test_a_language_is_a_file(tiny: Path, tmp_path: Path) -> None:
    edit(tiny / "game.yaml", "card_size: poker", "card_size: poker\nlanguages: [en, it]")
    (tiny / "rules.it.md").write_text("## Componenti\n\n{{ components() }}\n")
    names = [path_of(s.output) for s in sources(load(tiny))]
    assert names == ["rules.pdf", "rules.it.pdf"]
    html = rulebook_html(sources(load(tiny))[1])
    assert '<th class="name">Carta</th>' in html and 'lang="it"' in html


def test_a_game_without_rules_text_gets_its_components(tiny: Path) -> None:
    (tiny / "rules.md").unlink()
    html = html_of(tiny)
    assert "<h2" in html and "Components" in html and 'class="parts"' in html


def test_a_false_example_is_never_printed(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "elementa")
    edit(
        folder / "examples.yaml",
        "expect: {effective: [3, 5, 0, 3], winner: 1}",
        "expect: {effective: [3, 5, 0, 3], winner: 2}",
    )
    with pytest.raises(RenderError, match="'Water takes the hand' does not hold"):
        html_of(folder)


@pytest.mark.parametrize(
    ("snippet", "message"),
    [
        ('{{ total("dek") }}', "rules.md:4: total('dek'): no such component; did you mean 'deck'?"),
        (
            '{{ diagram("dominance") }}',
            "rules.md:4: diagram('dominance'): no such diagram; did you mean 'dominance-loop'?",
        ),
    ],
)
def test_a_misspelt_placeholder_argument_is_named_at_its_line(
    tiny: Path, snippet: str, message: str
) -> None:
    """A designer's `total("dek")` was named without its line or the close name."""
    (tiny / "rules.md").write_text(f"## A\n\nSome text.\n{snippet}\n", encoding="utf-8")
    with pytest.raises(RenderError, match=re.escape(message)):
        html_of(tiny)
