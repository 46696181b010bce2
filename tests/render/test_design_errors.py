"""A design with a mistake is bad input: `validate` and `build` stop with exit 2 and a message
that names the file, the line and the box. Text that does not fit is reported by validate
with the card's place and the box (a warning, an error with `strict: true`)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import edit
from tests.render.conftest import ROOT

SAMPLE = ROOT / "examples" / "lantern-market"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(SAMPLE, data / "lantern-market")
    return data


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def validated(cli: Any, sample: Path) -> tuple[Any, dict[str, dict[str, Any]]]:
    """`validate --json` of the sample: the run and its checks by name."""
    run = cli("validate", "lantern-market", "--data", sample, "--json")
    return run, {c["name"]: c for c in run.json()["games"]["lantern-market"]["checks"]}


CASES = {
    "unknown column": (
        "design.yaml",
        "Cost {{ cost }} :coin:",
        "Cost {{ price }} :coin:",
        "box cost.text: unknown column 'price'",
    ),
    "box outside the card": (
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {icon: coin, top: 15.5mm, height: 15%, left: 50mm, width: 30mm}",
        "box crest: the box (x 53.0 to 83.0",
    ),
    "missing font file": (
        "design.yaml",
        "bold: fonts/Comfortaa-Bold.ttf}",
        "bold: fonts/Comfortaa-Heavy.ttf}",
        "fonts.body.bold: font file 'fonts/Comfortaa-Heavy.ttf' not found",
    ),
    "missing icon": (
        "design.yaml",
        "crest: {icon: coin,",
        "crest: {icon: florin,",
        "unknown icon 'florin'",
    ),
    "a box's minimum size under 6pt": (  # was raised to 6pt without a word
        "design.yaml",
        "bottom: 8mm, height: 7mm, size: 7pt, colour: muted}",
        "min_size: 5pt, bottom: 8mm, height: 7mm, size: 7pt, colour: muted}",
        "box flavour.min_size: cards need text of at least 6pt",
    ),
    "the design's minimum size under 6pt": (
        "design.yaml",
        "min_size: 6pt",
        "min_size: 5.5pt",
        "min_size: cards need text of at least 6pt",
    ),
    "box with no content": (  # was StopIteration, found by the fuzzer
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {}",
        "(its boxes: background, panel, value, cost, suit_icon, title, label, art, text, "
        "text_only, flavour); a new box needs exactly one of text, image, icon, shape, "
        "component",
    ),
    # a box name misspelt changed nothing and was told only that it needs content
    "box name misspelt": (
        "design.yaml",
        "label: {colour: accent_light",
        "lable: {colour: accent_light",
        "box lable: the design under it has no box 'lable' to change; did you mean 'label'?",
    ),
    "box not a mapping": (
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: [coin]",
        "kinds.patron.boxes.crest: expected a mapping (a box: one content key and its options), "
        "got a list",
    ),
    "a list where one value goes": (  # was TypeError: unhashable type: 'list' (the fuzzer)
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {text: Crest, top: 20%, height: 18%, font: [body, title]}",
        "kinds.patron.boxes.crest.font: expected text, got a list",
    ),
    "a flag that is not true or false": (  # a wrong kind of value was a crash (the fuzzer)
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {icon: coin, top: 15.5mm, height: 15%, mirror: sometimes}",
        "kinds.patron.boxes.crest.mirror: expected true or false, got text 'sometimes'",
    ),
    "a corner radius that is no length": (
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {shape: rect, top: 20%, height: 18%, radius: round}",
        "box crest.radius: expected a length such as 12mm, 40% or 9pt, got 'round'",
    ),
    "lines that are no count": (
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {text: Crest, top: 20%, height: 18%, lines: two}",
        "kinds.patron.boxes.crest.lines: expected a whole number of lines (1 or more), "
        "got text 'two'",
    ),
    "a colour of the wrong kind": (
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {text: Crest, top: 20%, height: 18%, colour: 12}",
        "kinds.patron.boxes.crest.colour: expected a colour: #rrggbb or a palette name "
        "(`accent`, `fire.dark`), got 12",
    ),
    "a component value of the wrong kind": (  # was TypeError inside the template
        "design.yaml",
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {component: wuxing-wheel, top: 20%, height: 18%, with: {node: big}}",
        "box crest: component 'wuxing-wheel' cannot be drawn with these values",
    ),
    "a suit colour that is not one": (  # was ValueError: invalid literal for int() (a sweep)
        "design.yaml",
        'silk: {fill: "#8e3b8f"}',
        'silk: {fill: "#8e3b8f", dark: purple}',
        "palette.suits.silk.dark: expected #rrggbb or a palette colour (the game's: paper; "
        "the shared: ink, paper, muted,",
    ),
    "a named colour that is not one": (
        "design.yaml",
        'paper: "#fdf8ec"',
        "paper: cream",
        "palette.colours.paper: expected #rrggbb or a palette colour (the shared: ink, paper,",
    ),
    # a back's image was placed at the deck's line in game.yaml, where no back is written
    "a back's image": (
        "design.yaml",
        'back: {colour: "#1d3557", title: Market}',
        "back: {image: art/silk-back.png}",
        "back of market: box image: image 'art/silk-back.png' not found",
    ),
    "text over art": (
        "design.yaml",
        'when: "{{ art }}", top: 55%',
        'when: "{{ art }}", top: 45%',
        "box text: the text box overlaps the art box 'art'",
    ),
    # a box's template that Jinja cannot read was 'internal error: TemplateSyntaxError', exit 3
    "a template brace left open": (
        "design.yaml",
        "Cost {{ cost }} :coin:",
        "Cost {{ cost } :coin:",
        "box cost.text: template error in 'Cost {{ cost } :coin:': unexpected '}'",
    ),
    "an if never closed": (
        "design.yaml",
        "Cost {{ cost }} :coin:",
        "Cost {% if cost %}{{ cost }} :coin:",
        "box cost.text: template error in 'Cost {% if cost %}{{ cost }} :coin:': Unexpected "
        "end of template",
    ),
    "an unknown filter": (
        "design.yaml",
        "Cost {{ cost }} :coin:",
        "Cost {{ cost | coins }} :coin:",
        "box cost.text: template error in 'Cost {{ cost | coins }} :coin:': No filter named "
        "'coins'",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_design_mistake_exits_2_naming_file_and_line(
    cli, sample: Path, tmp_path: Path, case: str, command: str
) -> None:
    file, old, new, message = CASES[case]
    path = sample / "lantern-market" / file
    edit(path, old, new)
    line = line_of(path, new.split(",")[0])
    extra = ["--out", tmp_path / "out", "--jobs", "1"] if command == "build" else []
    run = cli(command, "lantern-market", "--data", sample, *extra)
    assert run.code == 2, run.out + run.err
    assert f"design.yaml:{line}:" in run.err
    assert message in run.err
    assert "Traceback" not in run.err


def test_every_mistake_of_a_design_is_named_in_one_run(cli, sample: Path) -> None:
    """An unknown column, a box outside the card, a missing font file, a missing icon and a
    bad size: validate named the font file and the size, then (fixed, run again) the column,
    then the box, then the icon. Now all five at once, each once (not once a card), at its
    line and field, with a did-you-mean where one is close."""
    design = sample / "lantern-market" / "design.yaml"
    mistakes = [
        (
            "Cost {{ cost }} :coin:",
            "Cost {{ cots }} :coin:",
            "box cost.text: unknown column 'cots'; did you mean 'cost'?",
        ),
        (
            "size: 15pt, font: title}",
            "size: 15pt, font: title, left: 60mm, width: 20mm}",
            "box value: the box (x 63.0 to 83.0",
        ),
        (
            "bold: fonts/Comfortaa-Bold.ttf}",
            "bold: fonts/Comfortaa-Heavy.ttf}",
            "fonts.body.bold: font file 'fonts/Comfortaa-Heavy.ttf' not found; did you mean",
        ),
        (
            "crest: {icon: coin,",
            "crest: {icon: con,",
            "box crest: unknown icon 'con'; did you mean 'coin'?",
        ),
        (
            "top: 55%, bottom: 15mm, size: 9.5pt}",
            "top: 55%, bottom: 15mm, size: 9.5px}",
            "box text.size: expected a length such as 12mm, 40% or 9pt, got '9.5px'",
        ),
    ]
    for old, new, _ in mistakes:
        edit(design, old, new)
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    said = run.err.strip().splitlines()
    assert len(said) == len(mistakes), run.err
    for _, new, message in mistakes:
        assert f"design.yaml:{line_of(design, new)}: {message}" in run.err, (message, run.err)


def test_every_unknown_inline_icon_is_named_in_one_run(cli, sample: Path) -> None:
    """validate names each unknown `:icon:` of every card at once, by the card's line and
    column, with a did-you-mean (it stopped at the first)."""
    market = sample / "lantern-market" / "market.csv"
    patrons = sample / "lantern-market" / "patrons.csv"
    edit(market, "Take two actions", "Take :two: actions, then :coni:")
    edit(market, "Sell for :coin::coin:", "Sell for :coim::coin:")
    edit(patrons, "Your :silk: cards", "Your :slik: cards")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    listed = [
        f"market.csv:{line_of(market, ':coim:')}: column 'text': unknown icon ':coim:'; did "
        "you mean ':coin:'? (printed by box 'text', ",
        f"market.csv:{line_of(market, ':two:')}: column 'text': unknown icon ':two:'",
        f"market.csv:{line_of(market, ':coni:')}: column 'text': unknown icon ':coni:'; did "
        "you mean ':coin:'?",
        f"patrons.csv:{line_of(patrons, ':slik:')}: column 'text': unknown icon ':slik:'; did "
        "you mean ':silk:'?",
    ]
    for message in listed:
        assert message in run.err
    assert len(run.err.strip().splitlines()) == len(listed)


def test_an_unknown_icon_in_the_designs_own_text_is_named_once(cli, sample: Path) -> None:
    edit(sample / "lantern-market" / "design.yaml", "Cost {{ cost }} :coin:", "{{ cost }} :coni:")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2
    (line,) = run.err.strip().splitlines()  # the box's line, not once for every card
    assert "design.yaml:" in line and "box cost: unknown icon ':coni:'" in line


def test_text_that_does_not_fit_is_listed_with_card_and_box(cli, sample: Path) -> None:
    csv = sample / "lantern-market" / "market.csv"
    edit(csv, "Bolt of Silk", "Bolt of the Finest Silk " * 6)
    run = cli("validate", "lantern-market", "--data", sample, "--json")
    check = next(
        c for c in run.json()["games"]["lantern-market"]["checks"] if c["name"] == "card text fits"
    )
    assert check["ok"] is False and check["level"] == "warning"
    assert f"market.csv:{line_of(csv, 'Finest Silk')}: box 'title'" in check["detail"]
    assert run.code == 0  # a warning by default
    design = sample / "lantern-market" / "design.yaml"
    edit(design, "min_size: 6pt", "min_size: 6pt\nstrict: true")
    assert cli("validate", "lantern-market", "--data", sample).code == 1


def test_a_boxs_own_minimum_size_stands_for_the_designs(cli, sample: Path) -> None:
    """A box's `min_size:` is its minimum, above or below the design's (both at least 6pt):
    a box that said 6.5pt in a design of 8pt shrank no further than 8pt, silently."""
    design = sample / "lantern-market" / "design.yaml"
    csv = sample / "lantern-market" / "market.csv"
    edit(design, "min_size: 6pt", "min_size: 8pt")
    edit(design, "size: 7pt, colour: muted}", "size: 7pt, colour: muted, min_size: 6.5pt}")
    edit(csv, "Spun on the river terraces.", "Spun on the river terraces. " * 6)
    _run, checks = validated(cli, sample)
    fits = checks["card text fits"]["detail"]
    line = line_of(csv, "Spun on")
    assert f"market.csv:{line}: box 'flavour' (" in fits
    flavour = next(part for part in fits.split("; ") if f"{line}: box 'flavour'" in part)
    assert "the text does not fit at 6.5 pt, the box's minimum" in flavour, flavour


def test_a_column_no_box_prints_is_noted(cli, sample: Path) -> None:
    design = sample / "lantern-market" / "design.yaml"
    edit(design, 'flavour: {text: "*{{ flavour }}*", when: "{{ flavour }}",', "flavour: {text: x,")
    run, checks = validated(cli, sample)
    assert "flavour" in checks["columns printed"]["detail"]
    assert run.code == 0


def test_the_build_cache_keys_on_the_design_and_its_fonts(
    cli, sample: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    game = sample / "lantern-market"

    def build() -> tuple[str, bytes]:
        run = cli("build", "lantern-market", "--data", sample, "--out", out, "--jobs", "1")
        assert run.code == 0, run.err
        return run.out + run.err, (out / "lantern-market" / "cards" / "silk-bolt.png").read_bytes()

    _, first = build()
    said, again = build()
    assert "built 0 parts" in said and again == first
    edit(game / "design.yaml", 'silk: {fill: "#8e3b8f"}', 'silk: {fill: "#3b8f8e"}')
    said, recoloured = build()
    assert "0 unchanged" in said and recoloured != first
    # A new font file replaces the old one (the old stays mapped by this process's fontconfig).
    fonts = game / "fonts"
    shutil.copyfile(fonts / "Comfortaa-Bold.ttf", fonts / "new.ttf")
    (fonts / "new.ttf").replace(fonts / "Comfortaa-Regular.ttf")
    said, _ = build()
    assert "0 unchanged" in said


def test_text_faint_against_its_background_is_reported(cli, sample: Path) -> None:
    design = sample / "lantern-market" / "design.yaml"
    edit(
        design,
        "bottom: 8mm, height: 7mm, size: 7pt, colour: muted}",
        "bottom: 8mm, height: 7mm, size: 7pt, colour: rule}",
    )
    _run, checks = validated(cli, sample)
    assert "box 'flavour'" in checks["card text contrast"]["detail"]
    assert "under 4.5:1" in checks["card text contrast"]["detail"]


def test_a_pale_suit_mark_is_reported_as_graphics_are(cli, sample: Path) -> None:
    """A suit's corner mark is a graphic: 3:1 against the card (WCAG 1.4.11), as text is held
    to 4.5:1. Pale jade, with no icon file (so its mark, in its colour), is named at 1.4:1;
    pale silk is not, as its own icon file is drawn in the file's colours, not the suit's."""
    game = sample / "lantern-market"
    (game / "icons" / "jade.svg").unlink()
    design = game / "design.yaml"
    edit(design, 'jade: {fill: "#2e7d5b"}', 'jade: {fill: "#c8d8c8"}')
    edit(design, 'silk: {fill: "#8e3b8f"}', 'silk: {fill: "#d8c8d8"}')
    # the default's suit.mark would draw a pale suit in its dark tone: ask for the pale fill
    edit(design, "front:\n  boxes:\n", "front:\n  boxes:\n    suit_icon: {colour: suit.fill}\n")
    _run, checks = validated(cli, sample)
    detail = checks["card text contrast"]["detail"]
    assert detail.startswith(("1 icon:", "2 icons:", "3 icons:", "4 icons:"))
    assert "box 'suit_icon'" in detail and "icon #c8d8c8 on #fdf8ec" in detail
    assert "contrast of 1.4:1, under 3:1" in detail and "#d8c8d8" not in detail


@pytest.mark.parametrize("section", ["kinds", "decks"])
def test_a_section_that_is_not_a_mapping(cli, sample: Path, section: str) -> None:
    """`kinds: [event]` (or decks) was AttributeError: 'list' object has no attribute 'items'
    (found by sweeping every value of a design)."""
    path = sample / "lantern-market" / "design.yaml"
    edit(path, f"\n{section}:", f"\n{section}: [event]\nunused_{section}:")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2, run.out + run.err
    line = line_of(path, f"{section}: [event]")
    assert f"design.yaml:{line}: {section}: expected a mapping (" in run.err
    assert "), got a list" in run.err
    assert "internal error" not in run.err


MISSPELT = {
    "a top key": (
        "min_size: 6pt",
        "min_sise: 6pt",
        "min_sise: unknown key; did you mean 'min_size'?",
    ),
    "a box key": (
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {icon: coin, top: 20%, hieght: 18%}",
        "box crest: unknown key 'hieght'; did you mean 'height'?",
    ),
    "a font key": (
        "title: {file: fonts/Comfortaa-Bold.ttf}",
        "title: {flie: fonts/Comfortaa-Bold.ttf}",
        "fonts.title.flie: unknown key; did you mean 'file'?",
    ),
    "a font file": (
        "bold: fonts/Comfortaa-Bold.ttf}",
        "bold: fonts/Comfortaa-Bld.ttf}",
        "fonts.body.bold: font file 'fonts/Comfortaa-Bld.ttf' not found; "
        "did you mean 'fonts/Comfortaa-Bold.ttf'?",
    ),
    "a font role": (
        'value: {text: "{{ value }}", size: 15pt, font: title}',
        'value: {text: "{{ value }}", size: 15pt, font: titel}',
        "box value.font: unknown font 'titel'; did you mean 'title'?",
    ),
    "a suit's tone": (
        'silk: {fill: "#8e3b8f"}',
        'silk: {fill: "#8e3b8f", drak: "#330033"}',
        "palette.suits.silk.drak: unknown tone; did you mean 'dark'?",
    ),
    "a column": (
        "Cost {{ cost }} :coin:",
        "Cost {{ cots }} :coin:",
        "box cost.text: unknown column 'cots'; did you mean 'cost'?",
    ),
    "an icon box's icon": (
        "crest: {icon: coin,",
        "crest: {icon: coni,",
        "unknown icon 'coni'; did you mean 'coin'?",
    ),
    "an icon in the design's own text": (
        "Cost {{ cost }} :coin:",
        "Cost {{ cost }} :coni:",
        "unknown icon ':coni:'; did you mean ':coin:'?",
    ),
    "a component": (
        "crest: {icon: coin, top: 15.5mm, height: 15%}",
        "crest: {component: wuxing-wheal, top: 20%, height: 18%}",
        "box crest: unknown component 'wuxing-wheal'; did you mean 'wuxing-wheel'?",
    ),
    "a suit's colour": (
        'silk: {fill: "#8e3b8f"}',
        "silk: {fill: nigth}",
        "palette.suits.silk.fill: expected #rrggbb or a palette colour (the game's: paper; the "
        "shared: ink, paper, muted, rule, accent, accent_dark, accent_light, night, night_ink, "
        "white, crop), got 'nigth'; did you mean 'night'?",
    ),
    "a box's colour": (
        "colour: night_ink,",
        "colour: nigth_ink,",
        "unknown colour 'nigth_ink'; did you mean 'night_ink'?",
    ),
    "a back's template": (
        "back: {template: patron-back.svg.j2}",
        "back: {template: patron-bak.svg.j2}",
        "back of patrons.template: no template 'patron-bak.svg.j2' in the game's templates/ or "
        "the shared ones; did you mean 'patron-back.svg.j2'?",
    ),
    # a name the game does not have was silently ignored (found by a designer's trial)
    "a kind": (
        "  event:              # events",
        "  evnt:              # events",
        "kinds.evnt: the game has no kind 'evnt'; did you mean 'event'? (the game's kinds: "
        "goods, event, patron)",
    ),
    "a deck": (
        "  patrons:\n    back:",
        "  patronz:\n    back:",
        "decks.patronz: the game has no deck 'patronz'; did you mean 'patrons'? (the printed "
        "decks: market, patrons)",
    ),
    "a palette suit": (
        'silk: {fill: "#8e3b8f"}',
        'slik: {fill: "#8e3b8f"}',
        "palette.suits.slik: the game has no suit 'slik'; did you mean 'silk'?",
    ),
}


@pytest.mark.parametrize("case", list(MISSPELT))
def test_a_misspelt_name_in_a_design_asks_did_you_mean(cli, sample: Path, case: str) -> None:
    """A designer's typo names its place and the close name (validate: build reads the design
    through the same code, as the cases above show)."""
    old, new, message = MISSPELT[case]
    path = sample / "lantern-market" / "design.yaml"
    edit(path, old, new)
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2, run.out + run.err
    assert f"design.yaml:{line_of(path, new.split(',')[0].split(chr(10))[0])}: " in run.err
    assert message in run.err
    assert "Traceback" not in run.err


def test_a_kind_named_only_as_a_like_base_is_a_layout_not_a_mistake(cli, sample: Path) -> None:
    design = sample / "lantern-market" / "design.yaml"
    edit(
        design,
        "\ndecks:",
        "\n  no-flavour:\n    boxes: {flavour: null}\n  goods: {like: no-flavour}\ndecks:",
    )
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 0, run.out + run.err


def test_a_misspelt_art_file_asks_did_you_mean(cli, sample: Path) -> None:
    csv = sample / "lantern-market" / "market.csv"
    edit(csv, ",art/lantern.svg", ",art/lantren.svg")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2, run.out + run.err
    line = line_of(csv, "lantren")
    assert f"market.csv:{line}: column 'art': image 'art/lantren.svg' not found" in run.err
    assert "; did you mean 'art/lantern.svg'?" in run.err


def test_a_suit_may_take_a_palette_colour_by_name(cli, sample: Path, tmp_path: Path) -> None:
    """`silk: {fill: night}` is the shared palette's night, and `paper` the game's own paper:
    the same faces as the colours written out."""
    design = sample / "lantern-market" / "design.yaml"
    edit(design, 'silk: {fill: "#8e3b8f"}', 'silk: {fill: "#191a24", light: "#fdf8ec"}')
    hexed = cli("build", "lantern-market", "--data", sample, "--out", tmp_path / "a", "--jobs", "1")
    edit(design, 'silk: {fill: "#191a24", light: "#fdf8ec"}', "silk: {fill: night, light: paper}")
    named = cli("build", "lantern-market", "--data", sample, "--out", tmp_path / "b", "--jobs", "1")
    assert hexed.code == named.code == 0, named.err
    pdf = Path("lantern-market") / "cards.pdf"
    assert (tmp_path / "a" / pdf).read_bytes() == (tmp_path / "b" / pdf).read_bytes()


TEMPLATE_MISTAKES = {
    "bad syntax in a back template": (
        "templates/patron-back.svg.j2",
        'y="{{ card.h * 0.2 }}"',
        'y="{{ card.h * 0.2 }"',
        "template error: unexpected '}'",
    ),
    "an unknown name in a back template": (
        "templates/patron-back.svg.j2",
        'y="{{ card.h * 0.2 }}"',
        'y="{{ card.height * 0.2 }}"',
        "'dict object' has no attribute 'height'",
    ),
}


@pytest.mark.parametrize("case", list(TEMPLATE_MISTAKES))
def test_a_mistake_in_a_games_template_names_its_line(
    cli, sample: Path, tmp_path: Path, case: str
) -> None:
    """A designer's own template with a typo was an internal error (exit 3, no place)."""
    file, old, new, message = TEMPLATE_MISTAKES[case]
    path = sample / "lantern-market" / file
    edit(path, old, new)
    design = sample / "lantern-market" / "design.yaml"
    for extra in ([], ["--out", tmp_path / "out", "--jobs", "1"]):
        run = cli("build" if extra else "validate", "lantern-market", "--data", sample, *extra)
        assert run.code == 2, run.out + run.err
        assert f"design.yaml:{line_of(design, 'patron-back.svg.j2')}: back of patrons: " in run.err
        assert f"patron-back.svg.j2:{line_of(path, new)}: {message}" in run.err
        assert "internal error" not in run.err


def test_a_component_missing_a_value_says_what_with_gives(cli, sample: Path) -> None:
    """The shared badge reads `params.element`: the message was Jinja2's alone ('dict
    object' has no attribute 'element'), with neither the template's line nor the values."""
    design = sample / "lantern-market" / "design.yaml"
    edit(design, "crest: {icon: coin,", "crest: {component: badge, with: {elemnt: silk},")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2, run.out + run.err
    badge = ROOT / "templates" / "common" / "components" / "badge.svg.j2"
    assert f"design.yaml:{line_of(design, 'elemnt')}: component 'badge': " in run.err
    assert f"badge.svg.j2:{line_of(badge, 'params.element')}: " in run.err
    assert (
        "has no attribute 'element' (its values come from the box's with:, which gives elemnt)"
        in run.err
    )


BROKEN_PICTURES = {  # file, what is left of it, the card line's text (None: not a card's)
    "a truncated PNG": ("art/silk.png", lambda data: data[:300], "art/silk.png", "picture"),
    "an SVG that is not XML": ("art/lantern.svg", lambda data: b"not svg", "art/lantern", "SVG"),
    "a broken icon": ("icons/coin.svg", lambda data: data[:40], None, "SVG"),
}


@pytest.mark.parametrize("case", list(BROKEN_PICTURES))
def test_a_picture_that_cannot_be_read_stops_validate(
    cli, sample: Path, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A truncated PNG was an internal error in validate (exit 3) and, in build, blamed the
    output folder; a broken SVG passed validate and failed build naming neither file nor card.
    WeasyPrint, once imported, has Pillow fill truncated pictures with grey: as here."""
    from PIL import ImageFile

    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)
    file, cut, card_text, kind = BROKEN_PICTURES[case]
    path = sample / "lantern-market" / file
    path.write_bytes(cut(path.read_bytes()))
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2, run.out + run.err
    assert f"{file}: not a{'n' if kind == 'SVG' else ''} {kind} printgen can read" in run.err
    if card_text is not None:
        csv = sample / "lantern-market" / "market.csv"
        assert f"market.csv:{line_of(csv, card_text)}: box art: image '{file}'" in run.err
    assert "internal error" not in run.err


def test_a_box_drawn_over_a_text_or_icon_is_reported(cli, sample: Path) -> None:
    """A badge over the turned corner value: a warning naming both boxes' lines and a card
    (an error with strict: true); the covered box's over_art: true says it is meant. Was: only
    text over art was checked (found by a designer's trial)."""
    design = sample / "lantern-market" / "design.yaml"
    edit(
        design,
        "    stats: null",
        "    stats: null\n"
        "    badge: {shape: ellipse, fill: night, right: 0, bottom: 0, width: 9mm, height: 9mm}",
    )
    run, checks = validated(cli, sample)
    check = checks["boxes hidden"]
    assert check["ok"] is False and check["level"] == "warning", check
    value, badge = line_of(design, "value: {text:"), line_of(design, "badge: {shape")
    assert f"design.yaml:{value}, turned) is hidden under box 'badge' (" in check["detail"]
    assert f"design.yaml:{badge}), drawn after it" in check["detail"]
    assert (
        f"market.csv:{line_of(sample / 'lantern-market' / 'market.csv', 'silk-bolt')}"
        in (check["detail"])
    )
    assert run.code == 0
    edit(design, "min_size: 6pt", "min_size: 6pt\nstrict: true")
    assert cli("validate", "lantern-market", "--data", sample).code == 1
    edit(design, "size: 15pt, font: title}", "size: 15pt, font: title, over_art: true}")
    run, checks = validated(cli, sample)
    assert checks["boxes hidden"]["ok"] is True


def test_a_text_printed_over_another_is_reported(cli, sample: Path) -> None:
    """Two texts on one spot read as neither: a later text box over the corner value."""
    design = sample / "lantern-market" / "design.yaml"
    edit(
        design,
        "    stats: null",
        '    stats: null\n    note: {text: "NEW", left: 0, top: 0, width: 8mm, height: 8mm}',
    )
    run, checks = validated(cli, sample)
    value, note = line_of(design, "value: {text:"), line_of(design, "note: {text")
    assert (
        f"design.yaml:{value}) has letters or an icon printed over it by box 'note' ("
        in checks["boxes hidden"]["detail"]
    )
    assert f"design.yaml:{note}), drawn after it" in checks["boxes hidden"]["detail"]
    assert run.code == 0


def test_an_unknown_icon_written_with_capitals_is_named(cli, sample: Path) -> None:
    """`:Coni:` is checked as `:coni:` is (it printed as those letters, with no warning)."""
    patrons = sample / "lantern-market" / "patrons.csv"
    edit(patrons, "Your :silk: cards", "Your :Slik: cards, :Silk: cards")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    (line,) = run.err.strip().splitlines()
    assert f"patrons.csv:{line_of(patrons, ':Slik:')}: column 'text': unknown icon ':slik:'" in line
    assert "did you mean ':silk:'?" in line


@pytest.mark.parametrize(
    ("moved", "message"),
    [
        ("label: {top: 14mm}", "box label: the text box overlaps the art box 'art'"),
        ("title: {left: 40mm, width: 40mm}", "box title: the box (x 43.0 to 83.0"),
        (  # the art moved over default text boxes: the art's line (it named the title's)
            "art: {top: 5mm}",
            "box art: the art box overlaps the text box 'title' (where the default design puts it)",
        ),
    ],
)
def test_a_default_box_the_design_moved_is_named_at_the_designs_line(
    cli, sample: Path, moved: str, message: str
) -> None:
    """A game's design that only moves a default box (a new `top:` keeps the default's
    height) is named where it moved it; the message named the default design's line, a file
    of printgen's the designer never wrote."""
    design = sample / "lantern-market" / "design.yaml"
    edit(design, "    stats: null ", f"    {moved}\n    stats: null ")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    assert f"design.yaml:{line_of(design, moved)}: {message}" in run.err
    assert "templates/common" not in run.err


def test_a_default_box_the_design_restyled_is_named_at_the_designs_line(cli, sample: Path) -> None:
    """A default box whose colour the game's design changed, faint on the paper, or which the
    game's new box covers: validate named the default design's line of the box."""
    design = sample / "lantern-market" / "design.yaml"
    edit(
        design,
        "    stats: null ",
        "    label: {colour: '#e0e0e0'}\n"
        "    seal: {shape: rect, fill: night, left: 20mm, width: 8mm, top: 0, height: 8mm}\n"
        "    stats: null ",
    )
    _run, checks = validated(cli, sample)
    label = line_of(design, "label: {colour")
    faint = checks["card text contrast"]["detail"]
    assert f"box 'label' ({design}:{label}): text #e0e0e0" in faint
    hidden = checks["boxes hidden"]["detail"]
    assert f"box 'title' ({design}:" in hidden, hidden
    assert "templates/common" not in faint + hidden


def test_a_bare_art_name_is_pointed_at_its_file_in_art(cli, sample: Path) -> None:
    """The sample's `art` column is text, a path from the game's folder; a designer who wrote
    `silk.png` (the file is art/silk.png) was told only that it was not found."""
    market = sample / "lantern-market" / "market.csv"
    edit(market, "art/silk.png", "silk.png")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    assert f"market.csv:{line_of(market, ',silk.png')}: column 'art': image 'silk.png'" in run.err
    assert "did you mean 'art/silk.png'?" in run.err


def test_every_cards_missing_art_is_named_in_one_run(cli, sample: Path) -> None:
    """validate named the first card whose art file is missing and stopped there."""
    market = sample / "lantern-market" / "market.csv"
    edit(market, "art/silk.png", "art/silkk.png")
    edit(market, "art/spice.png", "art/spicy.png")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    for name, wanted in (("art/silkk.png", "art/silk.png"), ("art/spicy.png", "art/spice.png")):
        line = line_of(market, name)
        assert f"market.csv:{line}: column 'art': image '{name}' not found" in run.err
        assert f"did you mean '{wanted}'?" in run.err


def test_a_pale_suit_mark_is_drawn_in_its_dark_tone_by_default(cli, sample: Path) -> None:
    """The default design draws a suit's corner mark in `suit.mark`: its fill where that
    shows on the paper, its dark tone where it would not (the colour-blind-safe cycle's
    orange and yellow, 2.1:1 and 1.3:1, gave every designer who named no colours a warning)."""
    game = sample / "lantern-market"
    (game / "icons" / "jade.svg").unlink()
    edit(game / "design.yaml", 'jade: {fill: "#2e7d5b"}', 'jade: {fill: "#c8d8c8"}')
    _run, checks = validated(cli, sample)
    assert "card text contrast" not in checks or "#c8d8c8" not in str(checks)


def test_unknown_icons_in_one_cell_are_named_in_the_cells_order(cli, sample: Path) -> None:
    """Problems at one place came out in a set's order, another each run (found by the audit:
    five unknown icons of one cell in four orders over four runs); they keep the cell's."""
    market = sample / "lantern-market" / "market.csv"
    icons = [":zeta:", ":alpha:", ":mu:", ":beta:", ":omega:", ":kappa:"]
    edit(market, "Take two actions", "Take " + " ".join(icons) + " actions")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2
    named = [icon for line in run.err.splitlines() for icon in icons if f"icon '{icon}'" in line]
    assert named == icons


def test_a_misspelt_name_on_a_piece_is_named_once(cli, tmp_path: Path) -> None:
    """A token back's `{{ egs }}` was named twice: as an unknown column with its
    did-you-mean, and again as the template Jinja could not fill when the back was drawn,
    because the check left the broken box out of the cards' boxes but not the pieces'."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "examples" / "saltmarsh", data / "saltmarsh")
    design = data / "saltmarsh" / "design.yaml"
    edit(design, 'eggs: {text: "{{ eggs }}"', 'eggs: {text: "{{ egs }}"')
    line = line_of(design, "{{ egs }}")
    run = cli("validate", "saltmarsh", "--data", data)
    assert run.code == 2, run.out + run.err
    assert run.err.count("printgen:") == 1, run.err
    assert f"design.yaml:{line}: box eggs.text: unknown column 'egs'; did you mean 'eggs'?" in (
        run.err
    )
    # the columns listed are the birds' (the box draws a bird token), not every deck's
    # (not `text`, a column game.yaml declares for every deck that the birds' file lacks)
    assert "(deck birds has id, name, count, kind, terrain, points, nest, eggs, and " in run.err
    assert "face_1" not in run.err and " bird," not in run.err


def test_an_unknown_icon_names_the_designers_line_of_the_box_that_prints_it(
    cli, tmp_path: Path
) -> None:
    """A designer's trial: an unknown icon in a card's text named the box printing it at
    printgen's own templates/common/design.yaml, though the game's design.yaml restyles that
    box. A restyled box is named at the designer's line, an untouched one as the default
    design's (as the hidden-boxes check names them)."""
    from tests.pieces_game import write_game

    game = "id: reef\nname: Reef\nplayers: {min: 2, max: 4}\nelements: [kelp, shell]\n"
    game += "card_size: poker\ncomponents:\n  deck: {file: cards.csv}\n"
    gear = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>'
    files = {
        "cards.csv": "id,name,count,text\nkelp,Kelp,1,Spend :gearr: twice\n",
        "icons/gear.svg": gear,
    }
    for design, printer in (
        ("front:\n  boxes:\n    text_only: {size: 9.5pt}\n", "reef/design.yaml:3"),
        ("", "the default design's"),
    ):
        data = tmp_path / str(len(design))
        write_game(data, game, {**files, "design.yaml": design})
        run = cli("validate", "reef", "--data", data)
        assert run.code == 2 and "Traceback" not in run.err, run.out
        said = run.err.replace(f"{data}/", "")
        assert (
            "reef/cards.csv:2: column 'text': unknown icon ':gearr:'; did you mean ':gear:'? "
            f"(printed by box 'text_only', {printer}; known:" in said
        ), said
