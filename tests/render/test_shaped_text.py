"""Card text is shaped (HarfBuzz) and drawn glyph by glyph as it was shaped (issue 36).

Read back from the built PDF: a kerned title sits at HarfBuzz's advances (cairo's toy text
API printed `AVATAR WAVE` 5 % wider, each letter at its own width); an Arabic name prints
in its joined forms and a Devanagari one with its conjuncts (the glyphs the PDF embeds are
the shaped ones, not the letters' isolated forms); features set in design.yaml are the
ones shaped with; a right-to-left paragraph's words run from the right."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
import uharfbuzz as hb
from fontTools.ttLib import TTFont

from printgen.model import load_game
from printgen.render.text.shaping import visual_order
from tests.render.conftest import build

LATO_BLACK = Path("/usr/share/fonts/truetype/lato/Lato-Black.ttf")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
DEVANAGARI = Path("/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf")
TITLE_PT = 11.0  # the default design's title size


def _game(folder: Path, names: list[str], design: str = "", fonts: tuple[Path, ...] = ()) -> Path:
    game = folder / "type-trial"
    (game / "fonts").mkdir(parents=True)
    for font in fonts:
        shutil.copyfile(font, game / "fonts" / font.name)
    (game / "game.yaml").write_text(
        "id: type-trial\nname: Type Trial\nplayers: {min: 2, max: 2}\ncard_size: poker\n"
        "components:\n  cards: {file: cards.csv}\n",
        encoding="utf-8",
    )
    rows = "".join(f"c{i},{name},1\n" for i, name in enumerate(names))
    (game / "cards.csv").write_text(f"id,name,count\n{rows}", encoding="utf-8")
    (game / "design.yaml").write_text(design, encoding="utf-8")
    return build(load_game(game), folder / "out", outputs=("cards-print.pdf",))


def _shaped(
    font: Path, text: str, features: dict[str, bool] | None = None
) -> tuple[list[int], list[float]]:
    """HarfBuzz's glyph ids and advances (ems) for `text` in `font`."""
    face = hb.Face(hb.Blob.from_file_path(str(font)))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(hb.Font(face), buffer, features or {})
    ids = [info.codepoint for info in buffer.glyph_infos]
    return ids, [p.x_advance / face.upem for p in buffer.glyph_positions]


def _title_chars(pdf_file: Path, page: int = 0) -> list[dict[str, object]]:
    with pdfplumber.open(pdf_file) as pdf:
        return [c for c in pdf.pages[page].chars if abs(float(c["size"]) - TITLE_PT) < 0.05]


def test_a_title_is_set_kerned_at_harfbuzzs_advances(tmp_path: Path) -> None:
    out = _game(tmp_path, ["AVATAR WAVE"])
    chars = _title_chars(out / "cards-print.pdf")
    assert "".join(str(c["text"]) for c in chars) == "AVATARWAVE"
    _, advances = _shaped(LATO_BLACK, "AVATAR WAVE")
    pens = [sum(advances[:i]) * TITLE_PT for i in range(len(advances))]
    expected = [pen for pen, char in zip(pens, "AVATAR WAVE", strict=True) if char != " "]
    start = float(chars[0]["x0"])
    drawn = [float(c["x0"]) - start for c in chars]
    assert drawn == pytest.approx(expected, abs=0.05)
    # kerned: the cairo toy API printed each letter at its own advance, 5 % wider
    assert drawn[-1] < 0.97 * sum(_unkerned(LATO_BLACK, "AVATAR WAV")) * TITLE_PT


def _unkerned(font: Path, text: str) -> list[float]:
    with TTFont(font, lazy=True) as tt:
        cmap, metrics, per_em = tt.getBestCmap(), tt["hmtx"], tt["head"].unitsPerEm
        return [metrics[cmap[ord(c)]][0] / per_em for c in text]


def _drawn_outlines(pdf_file: Path) -> set[tuple[object, ...]]:
    """The outlines of every glyph the PDF's text operators show in a CID font (cairo's
    embedding of shaped text): each 2-byte code through the font's CIDToGIDMap into its
    embedded subset, whose glyph ids are not the file's."""
    drawn: set[tuple[object, ...]] = set()
    with pikepdf.open(pdf_file) as pdf:
        for page in pdf.pages:
            _walk(page.obj, drawn)
    return drawn


def _walk(holder: pikepdf.Object, drawn: set[tuple[object, ...]]) -> None:
    resources = holder.get("/Resources", {})
    fonts = resources.get("/Font", {})
    font = None
    for operands, operator in pikepdf.parse_content_stream(holder):
        name = str(operator)
        if name == "Tf":
            font = fonts.get(str(operands[0]))
        elif name in ("Tj", "TJ") and font is not None and "/DescendantFonts" in font:
            strings = operands[0] if name == "TJ" else [operands[0]]
            codes = b"".join(bytes(s) for s in strings if isinstance(s, pikepdf.String))
            drawn |= _glyph_outlines(font, codes)
        elif name == "Do":
            inner = resources["/XObject"][str(operands[0])]
            _walk(inner, drawn)


def _glyph_outlines(font: pikepdf.Object, codes: bytes) -> set[tuple[object, ...]]:
    cid_font = font["/DescendantFonts"][0]
    mapping = cid_font.get("/CIDToGIDMap")
    table = mapping.read_bytes() if isinstance(mapping, pikepdf.Stream) else None
    data = cid_font["/FontDescriptor"]["/FontFile2"].read_bytes()
    found = set()
    with TTFont(io.BytesIO(data)) as tt:
        order = tt.getGlyphOrder()
        for i in range(0, len(codes), 2):
            cid = int.from_bytes(codes[i : i + 2], "big")
            gid = int.from_bytes(table[2 * cid : 2 * cid + 2], "big") if table else cid
            found.add(_outline(tt, order[gid]))
    return found


def _outline(tt: TTFont, name: str) -> tuple[object, ...]:
    """A glyph's outline as a comparable value (a composite by its components' outlines)."""
    glyph = tt["glyf"][name]
    coordinates, ends, _ = glyph.getCoordinates(tt["glyf"])
    return (tuple(coordinates), tuple(ends))


def _outlines_of(font: Path, ids: list[int]) -> set[tuple[object, ...]]:
    with TTFont(font) as tt:
        order = tt.getGlyphOrder()
        return {_outline(tt, order[i]) for i in ids}


def _isolated(font: Path, text: str) -> set[tuple[object, ...]]:
    with TTFont(font) as tt:
        cmap = tt.getBestCmap()
        return {_outline(tt, cmap[ord(c)]) for c in text if not c.isspace()}


@pytest.mark.parametrize(
    ("font", "name"),
    [(DEJAVU, "سلام"), (DEVANAGARI, "क्षत्रिय")],
    ids=["arabic", "devanagari"],
)
def test_a_complex_script_name_prints_its_shaped_glyphs(
    tmp_path: Path, font: Path, name: str
) -> None:
    if not font.is_file():
        pytest.skip(f"{font} is not installed (.ci/install adds it)")
    design = f"fonts:\n  title: {{file: fonts/{font.name}}}\n  body: {{file: fonts/{font.name}}}\n"
    out = _game(tmp_path, [name], design, (font,))
    ids, _ = _shaped(font, name)
    shaped, isolated = _outlines_of(font, ids), _isolated(font, name)
    assert shaped != isolated  # the script does join or conjoin its letters
    assert _drawn_outlines(out / "cards-print.pdf") == shaped


def test_design_features_are_shaped_with(tmp_path: Path) -> None:
    """`features:` of a font role and of a box are the ones shaped with: `-kern` on the
    title's font, `liga` on the title box (Latin ligatures are off unless asked for)."""
    design = (
        "fonts:\n  title: {file: fonts/DejaVuSans.ttf, features: '-kern'}\n"
        "front:\n  boxes:\n    title: {features: 'liga'}\n"
    )
    out = _game(tmp_path, ["AVATAR fifi", "AVATAR fifi"], design, (DEJAVU,))
    chars = _title_chars(out / "cards-print.pdf")
    assert "".join(str(c["text"]) for c in chars) == "AVATAR\ufb01\ufb01"  # the ligature glyph
    ids, plain = _shaped(DEJAVU, "AVATAR fifi", {"kern": False, "liga": True})
    assert len(ids) == 9  # fi twice: one glyph each
    pens = [sum(plain[:i]) * TITLE_PT for i in range(len(plain))]
    expected = pens[:6] + pens[7:]  # the space draws no glyph
    start = float(chars[0]["x0"])
    assert [float(c["x0"]) - start for c in chars] == pytest.approx(expected, abs=0.05)


def test_latin_ligatures_are_off_unless_asked_for(tmp_path: Path) -> None:
    """By default `fi` prints as two letters, so pypdf and pdfminer read `Infinite` back
    (cairo gives a ligature glyph the font's U+FB01, "fi" only in ActualText)."""
    out = _game(tmp_path, ["Infinite"])
    assert "".join(str(c["text"]) for c in _title_chars(out / "cards-print.pdf")) == "Infinite"


def test_a_bad_feature_is_named_at_its_line(tmp_path: Path) -> None:
    from printgen.errors import DataError

    with pytest.raises(DataError, match=r"design.yaml:3: .*title.features.*'smallcaps'"):
        _game(tmp_path, ["A"], "front:\n  boxes:\n    title: {features: smallcaps}\n")


def test_words_of_a_right_to_left_paragraph_run_from_the_right() -> None:
    assert visual_order(["rtl", None, "rtl"], "rtl") == [2, 1, 0]
    # a left-to-right name inside Arabic keeps its own order, at the paragraph's place
    assert visual_order(["rtl", None, "ltr", None, "ltr"], "rtl") == [2, 3, 4, 1, 0]
    # an Arabic phrase inside English is turned round in place
    assert visual_order(["ltr", None, "rtl", None, "rtl", None, "ltr"]) == [0, 1, 4, 3, 2, 5, 6]
