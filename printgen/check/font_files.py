"""Each font file a game's design brings, opened the way `build` will open it, before `validate`
accepts it (issue 40, item 9).

A font file is read by three programs in a build, each with its own tolerance: cairo (through
FreeType) draws and embeds the card faces, WeasyPrint shapes the rulebook with HarfBuzz and
subsets the file for its PDF (HarfBuzz's subsetter, fontTools' when that fails), and fontTools
reads the character map for the coverage check. A damaged table passes some and not others:
with its `glyf` tag damaged the file still maps every character, and cairo then draws each
letter as nothing (the cards print without their text, exit 0). So here every table is read
with fontTools, the file is subset as WeasyPrint subsets it, and each face is drawn with cairo
as the cards draw it: a face that draws no ink for letters its map says it has is refused.
"""

from __future__ import annotations

import hashlib
import io
import logging
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.errors import DataError, PrintgenError, Problem
from printgen.files import usercache
from printgen.files.guarded import read_guarded
from printgen.model import Game
from printgen.render.faces.render import design_of
from printgen.render.text.fonts import charmap
from printgen.render.text.typefaces import MAX_FONT_BYTES, register, shown_in
from printgen.rules.engine import Check

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

    from printgen.render.faces.spec import Design, FontSpec

SAMPLE = string.ascii_letters + string.digits + string.punctuation
"""Characters each face must draw with ink, those of them its map has: no font maps a
letter, a digit or a mark to an empty glyph (a space has none, and is not among them)."""
INK_SIZE = 48  # px: each letter some hundreds of pixels of ink


def font_file_checks(game: Game) -> list[Check]:
    """One check for the design's font files: each opens as the card renderer and the
    rulebook will open it (none: no check)."""
    problems, checked = font_file_problems(game, design_of(game))
    if not checked:
        return []
    if problems:
        return [Check("font files", False, "error", "; ".join(str(p) for p in problems))]
    names = ", ".join(sorted(p.name for p in checked))
    return [Check("font files", True, "error", f"{names}: each opens as the build opens it")]


def refuse_bad_font_files(game: Game) -> None:
    """`build`'s own check, before anything is drawn: a font file of the design that the
    card renderer or the rulebook could not open is bad input (exit 2) at the design's
    line, not a crash in cairo or HarfBuzz, nor cards printed without their text. The
    design's other mistakes are left to the parts that read it (they name them)."""
    if not any(game.folder.glob("design*.yaml")):
        return  # font files come from the game's own design: none, nothing to open
    problems, _checked = font_file_problems(game, design_of(game, keep_going=True))
    if problems:
        raise DataError(problems)


def font_file_problems(game: Game, design: Design) -> tuple[list[Problem], list[Path]]:
    """Each font file of the design that will not open as the build opens it, at the
    design's line of its font, named relative to the game's folder; and the files read."""
    problems: list[Problem] = []
    checked: dict[Path, str | None] = {}
    for spec in design.fonts.values():
        for style, path in spec.files.items():
            if path not in checked:
                shown = shown_in(path, game.folder)
                checked[path] = font_file_problem(path, shown)
                if checked[path]:
                    said = f"font file {shown!r}: {checked[path]}"
                    problems.append(Problem.at(spec.where, _key(spec.role, style), said))
        if spec.files and not any(checked[path] for path in spec.files.values()):
            problems += _drawn_problems(spec, game.folder)  # files that read: drawn by cairo?
    return problems, list(checked)


def font_file_problem(path: Path, shown: str | None = None) -> str | None:
    """Why fontTools or the rulebook's subsetting cannot read the font file, or None. The
    answer is kept in the user's cache by the file's bytes: reading every table of a 20 MB
    font takes seconds, and validate runs on every save. `shown` names the file in a
    refusal of the guarded read."""
    try:
        data = read_guarded(path, MAX_FONT_BYTES, name=shown)
    except PrintgenError as exc:
        return str(exc)
    folder = usercache.cache_folder(CACHE_KIND)
    entry = hashlib.sha256(_salt() + data).hexdigest()
    kept = usercache.read_entry(folder, entry) if folder is not None else None
    if kept is not None:
        return kept.decode("utf-8", "replace") or None
    logger = logging.getLogger("fontTools")  # its warnings would land in validate's output
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        problem = _read_problem(data)
    finally:
        logger.setLevel(level)
    if folder is not None:
        usercache.write_entry(folder, entry, (problem or "").encode("utf-8"))
    return problem


CACHE_KIND = "font-files"


@cache
def _salt() -> bytes:
    """What else the answer depends on: this module's code and fontTools' version."""
    import fontTools  # start-up: fontTools loads only for a design with font files

    code = Path(__file__).read_bytes() if Path(__file__).is_file() else b""
    return hashlib.sha256(code + fontTools.version.encode()).digest()


def _read_problem(data: bytes) -> str | None:
    from fontTools.ttLib import TTFont  # start-up: only for a font not in the user's cache

    try:
        font = TTFont(io.BytesIO(data), fontNumber=0, lazy=False)
    except Exception as exc:
        return f"not a font file fontTools can read ({_short(exc)})"
    missing = [repr(t) for t in ("cmap", "head", "hhea", "hmtx", "maxp") if t not in font]
    if "glyf" not in font and "CFF " not in font and "CFF2" not in font:
        missing.append("'glyf' (or 'CFF ')")
    if missing:
        return f"it has no {', '.join(missing)} table (a damaged file?): no program can draw it"
    for tag in sorted(font.keys()):
        if tag == "GlyphOrder":
            continue
        try:
            font[tag].compile(font)  # decompiled on access, then written back
        except Exception as exc:
            return f"its {tag!r} table cannot be read ({_short(exc)})"
    return _subset_problem(data, font)


def _subset_problem(data: bytes, font: TTFont) -> str | None:
    """Why the file cannot be subset as WeasyPrint subsets the rulebook's fonts (fontTools,
    with WeasyPrint's options), or None."""
    from fontTools import subset  # start-up: only for a font not in the user's cache

    cmap = font.getBestCmap() or {}
    options = subset.Options(
        retain_gids=True,
        passthrough_tables=True,
        ignore_missing_glyphs=True,
        hinting=False,
        desubroutinize=True,
    )
    options.drop_tables += ["GSUB", "GPOS", "SVG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in SAMPLE if ord(c) in cmap])
    try:
        from fontTools.ttLib import TTFont  # start-up: only for an uncached font

        copy = TTFont(io.BytesIO(data), fontNumber=0)
        subsetter.subset(copy)
        copy.save(io.BytesIO())
    except Exception as exc:
        return f"the rulebook cannot embed it: subsetting fails ({_short(exc)})"
    return None


def _drawn_problems(spec: FontSpec, folder: Path) -> list[Problem]:
    """Each face of a font role that cairo draws as nothing for letters its map has."""
    try:
        alias = register(spec.files, spec.where, spec.family, folder)
    except PrintgenError as exc:
        said = str(exc).removeprefix(f"{spec.where}: ")  # register names the design's line
        return [Problem.at(spec.where, f"fonts.{spec.role}", said)]
    problems = []
    for style, path in spec.files.items():
        bold, italic = "bold" in style, "italic" in style
        drawn = {c: _drawn(alias, bold, italic, c) for c in _mapped(path, SAMPLE)}
        blank = [c for c, (ink, _advance) in drawn.items() if not ink]
        narrow = [c for c, (ink, advance) in drawn.items() if ink and advance <= 0]
        for found, what in (
            (
                blank,
                "as nothing: their outlines cannot be read, so the cards would print without them",
            ),
            (narrow, "with no width: the letters after each would print over it"),
        ):
            if found:
                shown = "".join(found[:20]) + ("..." if len(found) > 20 else "")
                problems.append(
                    Problem.at(
                        spec.where,
                        _key(spec.role, style),
                        f"font file {shown_in(path, folder)!r}: cairo draws {len(found)} of its "
                        f"characters ({shown}) {what}",
                    )
                )
    return problems


def _key(role: str, style: str) -> str:
    """The design's key a font file is given under (`fonts.body.file`, `fonts.body.bold`)."""
    return f"fonts.{role}.{'file' if style == 'regular' else style}"


def _mapped(path: Path, letters: Iterable[str]) -> str:
    try:
        covered = charmap(path)
    except Exception:  # reported by font_file_problem
        return ""
    return "".join(c for c in letters if ord(c) in covered)


def _drawn(family: str, bold: bool, italic: bool, text: str) -> tuple[int, float]:
    """How many pixels cairo's toy font API (as cairosvg draws the cards) inks for `text`,
    and how far it moves the pen."""
    import cairocffi as cairo  # start-up: cairo loads only for a design with font files

    width, height = INK_SIZE * (len(text) + 2), INK_SIZE * 2  # room for a wide letter
    surface = cairo.ImageSurface(cairo.FORMAT_A8, width, height)
    context = cairo.Context(surface)
    slant = cairo.FONT_SLANT_ITALIC if italic else cairo.FONT_SLANT_NORMAL
    weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
    context.select_font_face(family, slant, weight)
    context.set_font_size(INK_SIZE)
    context.move_to(INK_SIZE / 2, INK_SIZE * 1.4)
    context.show_text(text)
    surface.flush()
    advance = context.text_extents(text)[4]
    return sum(1 for byte in bytes(surface.get_data()) if byte), advance


def _short(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."
