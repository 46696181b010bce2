"""Fuzz cases for the readers of issue 40 (spreadsheets, designs, preflight), beside
fuzzing.py's.

A game `workbook` (three cards in an `.xlsx` deck and an `.ods` deck, a design of its own) is
added to a fuzz sandbox; its cases mutate the XML inside a workbook's zip (an attribute set to a
hostile value, an element repeated or nested thousands of times, a part's bytes broken or
dropped) or the design (a box copied hundreds of times, a length set to an extreme), and run
`validate` (which reads every deck and draws every card). The outcome is judged as every fuzz
case is: exit 0, 1 or 2 with a message, never a traceback, a hang or runaway memory.

A PDF (`sample.pdf`, beside the data: a page of text, a line, a form painted twice) is given
to `preflight`; its cases replace the page's content with hostile operators (malformed,
repeated up to 200,000 times, nested forms) or break the file's bytes.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Sequence
from typing import Any

import yaml

from tests.hardening.fuzzing import (
    READER_OPS,
    Case,
    Chooser,
    Mutation,
    Sandbox,
    draw_mutation,
)
from tests.model.designer import write_ods, write_xlsx

GAME = "workbook"
FILES = ("cards.xlsx", "more.ods", "design.yaml", "game.yaml")
GAME_YAML = """\
id: workbook
name: Workbook
players: {min: 2, max: 4}
card_size: poker
components:
  deck: {file: cards.xlsx, sheet: Cards}
  more: {file: more.ods}
"""
ROWS: list[list[object]] = [
    ["Name", "Count", "Cost", "Text"],
    ["Lantern", 2, 3, "Light the way."],
    ["Moth", 1, 0.5, "Drawn to light."],
]
DESIGN = """\
front:
  boxes:
    cost: {text: "{{ cost }}", left: 3mm, top: 3mm, width: 8mm, height: 6mm, size: 9pt}
    text: {text: "{{ text }}", top: 50%, bottom: 6mm, size: 8pt}
"""


def add_workbook_game(box: Sandbox) -> None:
    """Write the `workbook` game into the sandbox's data, as part of what it restores."""
    folder = box.data / GAME
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "design.yaml").write_text(DESIGN, encoding="utf-8")
    write_xlsx(folder / "cards.xlsx", {"Notes": [["about"]], "Cards": ROWS}, merged=())
    write_ods(
        folder / "more.ods", {"Cards": [ROWS[0], ["Ember", 1, 2, "Warm."], ["Kite", 3, 1, ""]]}
    )
    box.pristine.update({p: p.read_bytes() for p in folder.rglob("*") if p.is_file()})


# --- workbooks -------------------------------------------------------------------------------

ZIP_OPS = ("attr", "attr", "attr", "repeat", "repeat", "nest", "part_bytes", "drop_part")
HOSTILE_VALUES = (
    *("0", "-1", "1048576", "1048577", "16384", "2147483648", "99999999999999999999", "1e308"),
    *("XFD1048576", "A1:XFD1048576", "A0", "ZZZZ1", "B2:A1", "C3:C1048576", "", " ", "NaN"),
    *("true", "false", "string", "e", "str", "inlineStr", "s", "#REF!", "of:=1/0"),
    *("&amp;", "&#10;", "&lt;x&gt;", "9" * 200, "x" * 5000, "\u202e", "游戏"),
)
REPEATS = (2, 50, 5_000, 200_000, 2_000_000)
_ATTRIBUTE = re.compile(rb'([A-Za-z_][\w:.-]*)="([^"]*)"')
_ELEMENT = re.compile(rb"<([A-Za-z_][\w:.-]*)\b[^<>]*?(?:/>|>[^<>]*</\1>)")


def draw_workbook_mutation(ch: Chooser, file: str) -> Mutation:
    if not file.endswith((".xlsx", ".ods")):
        if file == "design.yaml" and ch.integer(0, 1):
            return draw_design_mutation(ch)
        return draw_mutation(ch, file)
    if ch.integer(0, 9) == 0:
        return draw_mutation(ch, file)  # the zip itself: truncated, random bytes ...
    op = ch.choice(ZIP_OPS)
    part, where = ch.integer(0, 99), ch.integer(0, 10**6)
    if op == "attr":
        return Mutation(file, "zip_attr", (part, where, ch.choice(HOSTILE_VALUES)))
    if op in ("repeat", "nest"):
        return Mutation(file, f"zip_{op}", (part, where, ch.choice(REPEATS)))
    if op == "part_bytes":
        return Mutation(file, "zip_bytes", (part, where, ch.binary(16)))
    return Mutation(file, "zip_drop", (part,))


def draw_workbook_case(ch: Chooser) -> Case:
    count = ch.integer(1, 3)
    mutations = tuple(draw_workbook_mutation(ch, ch.choice(FILES)) for _ in range(count))
    return Case("validate", GAME, mutations, json=ch.integer(0, 1) == 1)


def mutate_zip(m: Mutation, raw: bytes) -> bytes:
    """A workbook with one part changed as the mutation says (a zip that cannot be opened is
    broken a little more instead)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as book:
            parts = {info.filename: book.read(info) for info in book.infolist()}
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return raw + b"\0"
    names = sorted(n for n in parts if n.endswith((".xml", ".rels"))) or sorted(parts)
    name = names[m.args[0] % len(names)]
    if m.op == "zip_drop":
        del parts[name]
    else:
        parts[name] = _part_op(m.op, m.args[1:], parts[name])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        for part, data in parts.items():
            book.writestr(part, data)
    return out.getvalue()


def _part_op(op: str, args: tuple[Any, ...], xml: bytes) -> bytes:
    where = args[0]
    if op == "zip_bytes":
        at = where % (len(xml) + 1)
        return xml[:at] + args[1] + xml[at:]
    if op == "zip_attr":
        found = list(_ATTRIBUTE.finditer(xml))
        if not found:
            return xml
        match = found[where % len(found)]
        value = args[1].encode("utf-8")
        return xml[: match.start(2)] + value + xml[match.end(2) :]
    found = list(_ELEMENT.finditer(xml))
    if not found:
        return xml
    match = found[where % len(found)]
    element, times = match.group(0), args[1]
    if op == "zip_repeat":
        return xml[: match.start()] + element * times + xml[match.end() :]
    tag = match.group(1)  # zip_nest: the element inside `times` copies of its own opening tag
    opening = element.split(b">", 1)[0].rstrip(b"/") + b">"
    closing = b"</" + tag + b">"
    return xml[: match.start()] + opening * times + element + closing * times + xml[match.end() :]


# --- designs ---------------------------------------------------------------------------------

EXTREMES = ("0", "-5mm", "1e9mm", "500%", "0.0001pt", "1e-300mm", "100cm", "nan", "1e308pt")
LENGTH_KEYS = ("left", "top", "width", "height", "right", "bottom", "size")


def draw_design_mutation(ch: Chooser) -> Mutation:
    if ch.integer(0, 1):
        copies = ch.choice((10, 199, 201, 1_000))  # around MAX_BOXES; past it, refused
        return Mutation("design.yaml", "copy_boxes", (ch.integer(0, 99), copies))
    key = ch.choice(LENGTH_KEYS)
    return Mutation("design.yaml", "box_value", (ch.integer(0, 99), key, ch.choice(EXTREMES)))


def mutate_design(m: Mutation, raw: bytes) -> bytes:
    """The design with its boxes copied many times, or one length set to an extreme."""
    try:
        doc = yaml.safe_load(raw.decode("utf-8"))
        boxes = doc["front"]["boxes"]
        assert isinstance(boxes, dict) and boxes
    except Exception:
        return raw
    names = sorted(boxes)
    name = names[m.args[0] % len(names)]
    if m.op == "copy_boxes":
        for copy in range(m.args[1]):
            boxes[f"{name}_{copy}"] = dict(boxes[name] or {})
    else:
        box = boxes[name] if isinstance(boxes[name], dict) else {}
        box[m.args[1]] = m.args[2]
        boxes[name] = box
    return yaml.safe_dump(doc, sort_keys=False, width=10**9).encode("utf-8")


READER_OPS.update(
    {op: mutate_zip for op in ("zip_attr", "zip_repeat", "zip_nest", "zip_bytes", "zip_drop")}
)
READER_OPS.update({op: mutate_design for op in ("copy_boxes", "box_value")})


def files(game: str) -> Sequence[str]:
    return FILES


# --- preflight -------------------------------------------------------------------------------

PDF = "sample.pdf"
SNIPPETS = (
    b"0.5 w 0 0 m 100 100 l S",
    b"BT /F1 9 Tf 10 10 Td (Hello) Tj ET",
    b"q 2 0 0 2 0 0 cm /Fm Do Q",
    b"q 1 0 0 1 5 5 cm",
    b"Q",
    b"/Fm Do",
    b"1 0 0 rg 0 0 10 10 re f",
    b"[1 2] 0 d",
    b"BT [(a) -20 (b)] TJ ET",
)


def sample_pdf(content: bytes = b"") -> bytes:
    """A page of text, a line and a form painted twice; `content` replaces the page's."""
    import pikepdf

    from tests.hardening.pdfs import font, saved

    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(298, 420))
    form = pikepdf.Stream(pdf, b"0.5 w 0 0 m 10 10 l S BT /F1 6 Tf (x) Tj ET")
    form.Type, form.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
    form.BBox = pikepdf.Array([0, 0, 20, 20])
    form.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font(pdf)))
    body = content or b" ".join(SNIPPETS[:3]) + b" /Fm Do"
    page.obj.Contents = pdf.make_indirect(pikepdf.Stream(pdf, body))
    forms = pikepdf.Dictionary(Fm=pdf.make_indirect(form))
    page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font(pdf)), XObject=forms)
    return saved(pdf)


def add_preflight_pdf(box: Sandbox) -> None:
    """Write `sample.pdf` beside the sandbox's data, as part of what it restores."""
    path = box.root / PDF
    path.write_bytes(sample_pdf())
    box.pristine[path] = path.read_bytes()


def draw_preflight_case(ch: Chooser) -> Case:
    from tests.hardening.pdfs import MALFORMED

    if ch.integer(0, 3) == 0:  # the file's bytes: truncated, random bytes, text inserted
        return Case("preflight", PDF, (draw_mutation(ch, PDF, None),), json=ch.integer(0, 1) == 1)
    pieces = tuple(
        (ch.integer(0, len(SNIPPETS) + len(MALFORMED) - 1), ch.choice(REPEATS[:4]))
        for _ in range(ch.integer(1, 3))
    )
    mutation = Mutation(PDF, "pdf_content", pieces)
    return Case("preflight", PDF, (mutation,), json=ch.integer(0, 1) == 1)


def mutate_pdf(m: Mutation, raw: bytes) -> bytes:
    """The sample with its page's content made of the mutation's pieces, each repeated (to at
    most 2 MB a piece: the file is made in the fuzzer's memory)."""
    from tests.hardening.pdfs import MALFORMED

    known = (*SNIPPETS, *MALFORMED)
    pieces = [(known[i], min(times, 2_000_000 // len(known[i]))) for i, times in m.args]
    return sample_pdf(b" ".join(b" ".join([piece] * times) for piece, times in pieces))


READER_OPS["pdf_content"] = mutate_pdf
