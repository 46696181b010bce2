"""Large decks (issue 18): a deck of many unique cards is built in pieces (each batch of one TTS
sheet's cards with their PNGs and their windows of the PDFs, then the whole-deck piece that
joins them) spread over the --jobs processes; each face is drawn once; the bytes do not depend
on --jobs; the largest process does not grow with the deck; editing one card rewrites only
that card's files and the sheets it is on, and draws only that card's batch.

The decks are tiny cards (mini size, a word or two of text) so that a few hundred build in
seconds."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.cache import Manifest
from printgen.kit.run import PartOutcome, plan, run_tasks
from printgen.model import load_game
from tests.conftest import edit
from tests.kit.conftest import snapshot

GAME_YAML = """\
id: many
name: Many Cards
players: {min: 2, max: 4}
card_size: mini
components:
  deck:
    file: cards.csv
"""

CARDS_A_SHEET = 69  # a TTS sheet: 10 x 7 slots, one kept for the back


def many_cards(root: Path, cards: int) -> Path:
    """A data folder with one game of `cards` unique cards; returns the game's folder."""
    folder = root / "many"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    rows = [f"c{n},Card {n},1,Draw {n % 4 + 1}." for n in range(1, cards + 1)]
    table = "\n".join(["id,name,count,text", *rows]) + "\n"
    (folder / "cards.csv").write_text(table, encoding="utf-8")
    return folder


def build(folder: Path, out: Path, jobs: int) -> PartOutcome:
    """The kit's own scheduler, as `printgen build many` runs it."""
    options = replace(BuildOptions(), jobs=jobs)
    tasks = plan([load_game(folder)], out, options)
    (outcome,) = run_tasks(tasks, out, Manifest.load(out), jobs, lambda _: None)
    assert outcome.error is None, outcome.error
    return outcome


def peak_of_build(folder: Path, out: Path) -> float:
    """MB: the largest resident set of any process of `printgen build --jobs 2` (the command
    and its workers), from a wrapper process that runs nothing else."""
    command = [sys.executable, "-m", "printgen", "build", "--data", str(folder.parent)]
    command += ["--out", str(out), "--jobs", "2"]
    wrapper = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
        "capture_output=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    run = subprocess.run(
        [sys.executable, "-c", wrapper, *command], capture_output=True, text=True, check=True
    )
    return int(run.stdout) / 1024


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, PartOutcome]:
    """Two sheets' worth of cards and a few more (three batches), built with --jobs 2."""
    root = tmp_path_factory.mktemp("many")
    folder = many_cards(root / "data", 2 * CARDS_A_SHEET + 4)
    out = root / "out-2"
    return folder, out, build(folder, out, 2)


def test_the_pieces_of_one_deck_are_spread_over_the_processes(deck) -> None:
    folder, out, outcome = deck
    assert outcome.processes == 2
    assert len(list((out / "many" / "cards").glob("*.png"))) == 2 * CARDS_A_SHEET + 4 + 1
    sheets = sorted(p.name for p in (out / "many" / "tts").glob("deck-*.png"))
    assert sheets == ["deck-1.png", "deck-2.png", "deck-3.png", "deck-back.png"]
    assert build(folder, out.parent / "out-1", 1).processes == 1


@pytest.mark.parametrize("jobs", [1, 4])
def test_the_bytes_do_not_depend_on_jobs(deck, jobs: int) -> None:
    """Every file the build writes for people; its working store (OUT/.cache/) may hold a face
    more or less, as the processes happened to draw them (it failed so, once in a landing,
    with every output the same)."""
    folder, out, _ = deck
    other = out.parent / f"out-{jobs}"
    if not other.exists():
        build(folder, other, jobs)

    def outputs(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in snapshot(root).items() if not k.startswith(".cache/")}

    assert outputs(other) == outputs(out)
    assert len(outputs(out)) > 2 * CARDS_A_SHEET  # the cards' PNGs, sheets and PDFs at least


def test_the_joined_cards_print_pdf_boxes_labels_and_bookmarks_every_page(deck) -> None:
    """The whole-deck piece adds them to the joined document before its one save (they were
    added by parsing and saving the joined file again)."""
    import pikepdf

    from printgen.layout.units import PT_PER_MM
    from printgen.render.pdf.print_pdf import PRINT_BLEED_MM

    out, bleed = deck[1], PRINT_BLEED_MM * PT_PER_MM
    cards = 2 * CARDS_A_SHEET + 4
    with pikepdf.open(out / "many" / "cards-print.pdf") as pdf:
        assert len(pdf.pages) == cards + 1  # and the back
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            assert [float(v) for v in page.obj.BleedBox] == [x0, y0, x1, y1]
            trim = [float(v) for v in page.obj.TrimBox]
            assert trim == pytest.approx([x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed])
        nums = list(pdf.Root.PageLabels.Nums)
        labels = [str(nums[i + 1].P) for i in range(0, len(nums), 2)]
        assert [int(nums[i]) for i in range(0, len(nums), 2)] == list(range(cards + 1))
        assert labels[0] == "c1" and labels[-2] == f"c{cards}" and labels[-1] == "back"
        with pdf.open_outline() as outline:
            (item,) = outline.root
            assert item.title == f"deck ({cards} cards)"
            assert [child.title for child in item.children] == labels
            assert [pdf.pages.index(pikepdf.Page(c.destination[0])) for c in item.children] == list(
                range(cards + 1)
            )


def test_editing_one_card_rewrites_its_files_and_its_sheets_only(deck, tmp_path: Path) -> None:
    out = deck[1]
    edited = many_cards(tmp_path / "data", 2 * CARDS_A_SHEET + 4)
    edit(edited / "cards.csv", "c80,Card 80,1,", "c80,Card 80,1,Now ")
    copy = tmp_path / "out"
    subprocess.run(["cp", "-a", str(out), str(copy)], check=True)  # keeps the mtimes
    kit = copy / "many"
    before = {  # the part's files (the gallery's previews of its PDFs follow the PDFs)
        p: p.stat().st_mtime_ns
        for p in kit.rglob("*")
        if p.is_file() and p.parent.name != "preview"
    }
    outcome = build(edited, copy, 2)
    changed = sorted(
        p.relative_to(kit).as_posix() for p in before if p.stat().st_mtime_ns != before[p]
    )
    # card 80 is on the second sheet: its PNG, that TTS (and TTP) sheet, and the three PDFs
    assert changed == [
        "cards-fold.pdf",
        "cards-print.pdf",
        "cards.pdf",
        "cards/c80.png",
        "ttp/deck-2.png",
        "tts/deck-2.png",
    ]
    assert outcome.rewritten == len(changed) and len(outcome.files) == len(before)


def test_the_largest_process_does_not_grow_with_the_deck(tmp_path: Path) -> None:
    """One sheet of cards, then three: the TTS sheets are drawn one at a time and each piece
    writes its files as it makes them, so three times the cards need no more memory (before
    issue 18 every TTS tile of the deck was held at once: about 1 MB more a card)."""
    small = peak_of_build(many_cards(tmp_path / "small", CARDS_A_SHEET), tmp_path / "out-small")
    large = peak_of_build(many_cards(tmp_path / "large", 3 * CARDS_A_SHEET), tmp_path / "out-large")
    assert large < small + 40, (small, large)


def test_the_progress_line_counts_the_rewritten_files(cli, tmp_path: Path) -> None:
    folder = many_cards(tmp_path / "data", 8)
    out = tmp_path / "out"
    assert cli("build", "--data", folder.parent, "--out", out, "--jobs", "1").code == 0
    edit(folder / "cards.csv", "c3,Card 3,1,", "c3,Card 3,1,Now ")
    run = cli("build", "--data", folder.parent, "--out", out, "--jobs", "1")
    assert run.code == 0
    # 8 fronts and the back, TTS sheet, its JSON, back and saved object, TTP sheet and
    # template, the three PDFs: 18 files, of which c3.png, both sheets and the PDFs changed
    assert "many/cards: 18 files in" in run.err and ", 6 rewritten" in run.err
    manifest = json.loads((out / ".printgen-cache.json").read_text())
    assert len(manifest["parts"]["many/cards"]["files"]) == 18


def test_an_edited_deck_gives_the_bytes_of_a_cold_build_redrawing_one_window_a_pdf(
    deck, tmp_path: Path
) -> None:
    """The card PDFs of a deck of several batches are joined from windows kept in the
    build store: after one card's edit only the window showing it is drawn again in each of
    the three PDFs, and every file is byte for byte what a cold build of the edited data
    makes."""
    out = deck[1]
    edited = many_cards(tmp_path / "data", 2 * CARDS_A_SHEET + 4)
    edit(edited / "cards.csv", "c7,Card 7,1,", "c7,Card 7,1,Now ")
    copy = tmp_path / "out"
    subprocess.run(["cp", "-a", str(out), str(copy)], check=True)
    windows = set((copy / ".cache" / "card-pdf").iterdir())
    # each batch makes the window of each PDF whose sheets start on its cards: cards.pdf
    # (16 mini cards a sheet) sheets 1-5 and 6-9, cards-fold.pdf (9) 1-8 and 9-16, and
    # cards-print.pdf one a batch
    assert len(windows) == 2 + 2 + 3
    build(edited, copy, 2)
    drawn = set((copy / ".cache" / "card-pdf").iterdir()) - windows
    assert len(drawn) == 3  # one window of cards.pdf, cards-fold.pdf and cards-print.pdf
    cold = tmp_path / "cold"
    build(edited, cold, 2)
    assert snapshot(copy / "many") == snapshot(cold / "many")


def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The card fronts written as SVG (by card id) and the faces drawn by cairosvg (by
    title) from now on, in this process."""
    from collections import OrderedDict

    from printgen.kit import card_faces
    from printgen.render.draw import vector
    from printgen.render.faces.render import Renderer

    monkeypatch.setattr(card_faces, "_written", OrderedDict())  # nothing kept from other tests
    monkeypatch.setattr(card_faces, "_recorded", OrderedDict())

    calls: dict[str, list[str]] = {"fronts": [], "drawn": []}
    front, record = Renderer.front, vector.record_svg

    def counting_front(self: Renderer, deck, card):  # type: ignore[no-untyped-def]
        calls["fronts"].append(card.id)
        return front(self, deck, card)

    def counting_record(svg: str, roots, name: str):  # type: ignore[no-untyped-def]
        calls["drawn"].append(name)
        return record(svg, roots, name)

    monkeypatch.setattr(Renderer, "front", counting_front)
    monkeypatch.setattr(vector, "record_svg", counting_record)
    return calls


def test_a_cold_build_draws_each_face_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The batches make the PNGs, the TTS sheets and the PDFs' windows from one drawing of
    each face; the whole-deck piece joins the windows and draws no front again."""
    folder = many_cards(tmp_path / "data", 2 * CARDS_A_SHEET + 4)
    calls = counted(monkeypatch)
    build(folder, tmp_path / "out", 1)
    cards = [f"c{n}" for n in range(1, 2 * CARDS_A_SHEET + 5)]
    assert sorted(calls["fronts"]) == sorted(cards)
    assert sorted(calls["drawn"]) == sorted(
        [f"many card {c!r}" for c in cards] + ["many deck back"]
    )


def test_after_one_edit_only_that_cards_batch_is_drawn(
    deck, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A batch's pictures are kept by its cards' data: editing card 100 (the second batch)
    lays out that card's face alone (the SVGs of the others are in the build store), draws
    the pictures of that batch's cards only (and of the few cards of the third that its PDF
    windows' last sheets show) and none of the first batch."""
    folder, out, _ = deck
    table = (folder / "cards.csv").read_text(encoding="utf-8")
    copy = tmp_path / "out"
    subprocess.run(["cp", "-a", str(out), str(copy)], check=True)
    edit(folder / "cards.csv", "c100,Card 100,1,", "c100,Card 100,1,Now ")
    try:  # edited where it is: the build store keeps a face by its file and line
        calls = counted(monkeypatch)
        build(folder, copy, 1)
    finally:
        (folder / "cards.csv").write_text(table, encoding="utf-8")
    second = {f"c{n}" for n in range(CARDS_A_SHEET + 1, 2 * CARDS_A_SHEET + 1)}
    third = {f"c{n}" for n in range(2 * CARDS_A_SHEET + 1, 2 * CARDS_A_SHEET + 5)}
    assert calls["fronts"] == ["c100"]
    assert set(calls["drawn"]) == {f"many card {c!r}" for c in second | third} | {"many deck back"}


def test_the_validate_report_finds_the_fronts_the_batches_drew(
    deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batches keep each front they draw in the build store as the gallery's validate
    report looks it up (printgen.render.faces.game_faces): the report made after a build lays
    out no card with the build's measure, and finds the same faces a fresh drawing gives."""
    from printgen.files import memo
    from printgen.render.draw import vector
    from printgen.render.faces.game_faces import game_faces

    folder, out, _ = deck
    game = load_game(folder)
    fresh = game_faces(game, vector.CairoMeasure())  # no store configured: drawn here
    calls = counted(monkeypatch)
    memo.configure(out / ".cache")
    try:
        kept = game_faces(game, vector.CairoMeasure())
    finally:
        memo.configure(None)
    assert calls["fronts"] == []
    assert [f for _, f in kept[0].fronts] == [f for _, f in fresh[0].fronts]
    assert len(kept[0].fronts) == 2 * CARDS_A_SHEET + 4


def pieces_built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The card pieces that reach the card renderer (in this process: --jobs 1)."""
    from printgen.kit import cards

    built: list[str] = []
    real = cards._piece_files

    def counting(game, options, chosen, piece, faces):  # type: ignore[no-untyped-def]
        built.append(piece)
        return real(game, options, chosen, piece, faces)

    monkeypatch.setattr(cards, "_piece_files", counting)
    return built


def test_after_one_edit_the_other_batches_are_skipped_by_their_key(
    deck, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The manifest records each batch's key (its cards' data, its sheet, the design): after
    card 100's edit only the second batch and the whole-deck pieces that join the PDFs are
    built; the first and third batches give their files as they are. A batch one of whose
    files was deleted is built again, and the bytes are those of a cold build."""
    edited = many_cards(tmp_path / "data", 2 * CARDS_A_SHEET + 4)
    edit(edited / "cards.csv", "c100,Card 100,1,", "c100,Card 100,1,Now ")
    copy = tmp_path / "out"
    subprocess.run(["cp", "-a", str(deck[1]), str(copy)], check=True)
    recorded = json.loads((copy / ".printgen-cache.json").read_text())["parts"]["many/cards"]
    assert sorted(recorded["pieces"]) == ["batch-0", "batch-1", "batch-2"]
    assert "many/cards/c1.png" in recorded["pieces"]["batch-0"]["files"]
    built = pieces_built(monkeypatch)
    outcome = build(edited, copy, 1)
    assert sorted(built) == ["batch-1", "decks", "decks-0", "decks-1", "decks-2"]
    assert outcome.rewritten == 6
    built.clear()
    (copy / "many" / "cards" / "c2.png").unlink()
    (copy / "many" / "tts" / "deck-3.png").write_bytes(b"damaged")
    build(edited, copy, 1)  # the whole-deck pieces are not keyed: they join the PDFs again
    assert sorted(built) == ["batch-0", "batch-2", "decks", "decks-0", "decks-1", "decks-2"]
    build(edited, tmp_path / "cold", 1)
    assert snapshot(copy / "many") == snapshot(tmp_path / "cold" / "many")


def test_a_manifest_whose_pieces_name_other_files_is_dropped(deck, tmp_path: Path) -> None:
    """The manifest is a file anyone can edit: a piece naming a file its part did not write
    (or a malformed piece) drops the part's entry, so nothing it names is trusted."""
    copy = tmp_path / "out"
    subprocess.run(["cp", "-a", str(deck[1]), str(copy)], check=True)
    path = copy / ".printgen-cache.json"
    data = json.loads(path.read_text())
    data["parts"]["many/cards"]["pieces"]["batch-0"]["files"].append("many/../../victim.txt")
    path.write_text(json.dumps(data))
    manifest = Manifest.load(copy)
    assert "many/cards" not in manifest.parts
    assert "not a file of the part" in manifest.notes[0]
    data["parts"]["many/cards"]["pieces"] = {"batch-0": "key"}
    path.write_text(json.dumps(data))
    assert "expected {key: text, files: [path]}" in Manifest.load(copy).notes[0]
