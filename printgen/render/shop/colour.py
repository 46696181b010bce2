"""RGB to CMYK for print through the shop's ICC output profile (littleCMS, Pillow's ImageCms),
with black generation by what is painted and an ink limit that keeps the colour.

- **Areas** (fills, pictures) go through the profile with relative colorimetric intent and
  black point compensation: a dark colour comes out as the profile builds it, C, M and Y
  under K (a rich black: Artifex's SWOP profile gives C72 M68 Y67 K89 for black), never as
  a flat, lighter K alone.
- **Small text and thin lines** (text under `SMALL_TEXT_PT`, strokes under `THIN_LINE_PT`)
  in a grey or black (chroma under `NEUTRAL_CHROMA`) go on the K plate alone, so they stay
  sharp when the plates are a hair out of register: K is chosen so that the proof's
  lightness matches the design's, and a black (`SOLID_K` or more) is K 100 %, solid, not a
  screen, and overprints (`Ink.overprint`): the colour under it is not knocked out, so a
  misregistered plate leaves no white edge. Greys are K alone only at those sizes; a larger
  grey area is built of four inks, as the profile makes it.
- **Tiny coloured text** (`FEW_INKS_PT` or smaller) that the profile would build of four
  inks is set in three: of the inkings that leave one ink out (within the ink limit), the
  one whose proof is nearest the design. Strokes that thin are about as wide as the plates'
  misregister, so four inks would print as coloured fringes (a shop's preflight refuses it);
  a brown caption prints as magenta, yellow and black with no cyan.
- **The ink limit** (C + M + Y + K at most the shop's per cent): of the inkings within the
  limit that keep the profile's K or add to it and keep its C : M : Y proportions, the one
  whose proof is nearest the design (CIEDE2000) is printed. Scaling C, M and Y under K keeps
  the hue; adding K gives back the lightness the lost colour inks took. (Moving grey from
  CMY into K first, as before, drained a maroon to black.)

The **soft proof** (`proof_rgb`, `proof_image`) is the reverse: CMYK seen through the same
profile back in sRGB (relative colorimetric, black point compensation: the print's black
shows as the screen's black), which is what `delta_e` compares with the design.
"""

from __future__ import annotations

import contextlib
import mmap
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike, NDArray
from PIL import Image, ImageCms

from printgen.errors import RenderError
from printgen.render.shop.lab import Floats, chroma, ciede2000, srgb_to_lab

CMYK = tuple[float, float, float, float]
RGB = tuple[float, float, float]
Bytes8 = NDArray[np.uint8]
"""8-bit samples, the last axis a pixel's channels (what littleCMS reads and writes)."""

NEUTRAL_CHROMA = 8.0
"""C*ab under which a colour counts as a grey or black: the palette's warm greys (`muted`
#6b6358 is 7.5, `ink` #1f1b16 4.3). At text sizes a tint that faint is hard to see, while a
plate out of register shows at once."""
SMALL_TEXT_PT = 12.0
"""Text set smaller than this (in points, as printed) in a grey or black: K alone."""
THIN_LINE_PT = 2.0
"""Strokes thinner than this (points): K alone when grey or black."""
SOLID_K = 0.9
"""A K-alone colour needing this much K or more is printed K 100 % (solid, overprinting):
text meant as black (the palette's ink `#1f1b16`, a designer's `#222222`) is not screened."""
FEW_INKS_PT = 6.0
"""Coloured text this size or smaller is printed in at most three inks: preflight's
`FOUR_COLOUR_FAIL_PT` with its 0.05 pt margin for rounding (render does not import
preflight; a test keeps the two equal)."""
FEW_INKS_MARGIN_PT = 0.05
USED_INK = 0.1
"""An ink counts as used from this much (preflight's `USED`)."""
RICH_K_TEXT = 0.9
"""K this high with colour under it is a rich black (preflight's `RICH_K`)."""
EXACT_COLOURS = 4096
"""A picture with at most this many colours is converted colour by colour, exactly as vector
colours are (drawn art, flattened transparency: no seam against the vector around it)."""


class Use(Enum):
    AREA = "area"
    TEXT = "text"
    LINE = "line"


@dataclass(frozen=True)
class Ink:
    cmyk: CMYK
    overprint: bool = False


Source = tuple[str, tuple[float, ...]]
"""A colour as a PDF gives it: ("rgb" | "gray" | "cmyk", its values, 0..1)."""
Painter = Callable[[Source, Use, float], Ink]
"""What a colour becomes, painted as a use at a size (points)."""


def painter(colours: Converter, by_use: bool = True) -> Painter:
    """The CMYK ink of each colour a PDF paints, remembered; not `by_use`: every colour as an
    area (no K-alone text or lines)."""
    # one table a use, looked up by identity: an Enum member hashes in Python, and a page of
    # text asks for its colour tens of thousands of times
    known: tuple[dict[tuple[Source, int], Ink], ...] = ({}, {}, {})

    def paint(source: Source, use: Use, size: float) -> Ink:
        tier = _tier(use, size)
        if not by_use:
            use = Use.AREA
        table = known[0 if use is Use.AREA else 1 if use is Use.TEXT else 2]
        key = (source, tier)
        ink = table.get(key)
        if ink is None:
            space, values = source
            if space == "cmyk" and len(values) == 4:
                ink = Ink(colours.cmyk_source((values[0], values[1], values[2], values[3])))
            else:
                rgb = (values[0],) * 3 if len(values) == 1 else values[:3]
                ink = colours.ink((rgb[0], rgb[1], rgb[2]), use, size)
            table[key] = ink
        return ink

    return paint


def _tier(use: Use, size: float) -> int:
    """Which sizes `Converter.ink` treats alike: 0 at full size, 1 small, 2 tiny text."""
    if use is Use.TEXT and 0 < size <= FEW_INKS_PT + FEW_INKS_MARGIN_PT:
        return 2
    return int(size < (SMALL_TEXT_PT if use is Use.TEXT else THIN_LINE_PT))


def four_inks(cmyk: CMYK) -> bool:
    """Every ink used (`USED_INK` or more): what preflight calls four-colour."""
    return min(cmyk) >= USED_INK


def total_ink(cmyk: CMYK) -> float:
    """C + M + Y + K in per cent."""
    return sum(cmyk) * 100


def limit_cmyk(cmyk: CMYK, limit_percent: float) -> CMYK:
    """A CMYK colour given as CMYK within the limit: C, M and Y scaled under K (K kept)."""
    c, m, y, k = cmyk
    room = limit_percent / 100 - min(k, limit_percent / 100)
    colour = c + m + y
    if colour <= room + 1e-9:
        return cmyk
    keep = room / colour
    return (c * keep, m * keep, y * keep, min(k, limit_percent / 100))


class Converter:
    """Colours of one printing condition: `profile` (an ICC output profile) and an ink limit.

    Conversions are cached: a card PDF uses a few hundred distinct colours."""

    def __init__(self, profile: Path, ink_limit: float) -> None:
        if not profile.is_file():
            raise RenderError(
                f"the CMYK profile {profile} is missing: install Debian's libgs-common "
                "(ghostscript's ICC profiles) or name another profile in the shop preset"
            )
        self.ink_limit = ink_limit
        self.profile_bytes = profile.read_bytes()
        self._to_cmyk, self._to_rgb = _transforms(profile)
        self._areas: dict[tuple[int, int, int], CMYK] = {}
        self._three: dict[tuple[int, int, int], CMYK] = {}
        self._proofs: dict[CMYK, RGB] = {}
        self._k_lightness = srgb_to_lab(self._proof(_k_ramp()) / 255)[:, 0]

    # -- the two directions through the profile, on arrays of 8-bit values ---------------
    def _apply(
        self, transform: ImageCms.ImageCmsTransform, mode_in: str, mode_out: str, values: ArrayLike
    ) -> Bytes8:
        flat = np.ascontiguousarray(values, dtype=np.uint8).reshape(1, -1, len(mode_in))
        source = Image.frombytes(mode_in, (flat.shape[1], 1), flat.tobytes())
        out = Image.new(mode_out, source.size)
        # the transform's own apply() serialises the whole profile into the result's info
        # on every call (milliseconds each): call the core transform directly
        transform.transform.apply(source.getim(), out.getim())
        raw = np.frombuffer(out.tobytes(), dtype=np.uint8)
        return raw.reshape(*np.shape(values)[:-1], len(mode_out))

    def _cmyk(self, rgb8: ArrayLike) -> Bytes8:
        return self._apply(self._to_cmyk, "RGB", "CMYK", rgb8)

    def _proof(self, cmyk8: ArrayLike) -> Bytes8:
        return self._apply(self._to_rgb, "CMYK", "RGB", cmyk8)

    # -- colours -------------------------------------------------------------------------
    def area(self, rgb: RGB) -> CMYK:
        """A colour painted as an area: through the profile, within the ink limit."""
        key = _key(rgb)
        if key not in self._areas:
            self._convert([key])
        return self._areas[key]

    def _convert(self, keys: list[tuple[int, int, int]]) -> None:
        """Each colour of `keys` (8-bit sRGB) into the cache, in one pass through the profile;
        those over the ink limit searched for together (`_within_limit`)."""
        raw = self._cmyk(np.array(keys, dtype=np.uint8)).astype(float) / 255
        over = []
        for key, values in zip(keys, raw, strict=True):
            if total_ink((values[0], values[1], values[2], values[3])) > self.ink_limit + 0.05:
                over.append((key, values))
            else:
                self._areas[key] = _four([round(float(v), 4) for v in values])
        if over:
            found = self._within_limit([key for key, _ in over], [cmyk for _, cmyk in over])
            for (key, _), inks in zip(over, found, strict=True):
                self._areas[key] = _four([round(float(v) / 255, 4) for v in inks])

    def _within_limit(self, keys: list[tuple[int, int, int]], cmyks: list[Floats]) -> Floats:
        """For each colour (8-bit sRGB `keys`, the profile's inks `cmyks`), the 8-bit inking
        within the limit whose proof is nearest it: the best of a grid (`_candidates`), then
        refined. The colours go through the profile together, each computed as alone."""
        targets = np.array([srgb_to_lab(np.array(key) / 255) for key in keys])
        inks = np.array([self._candidates(cmyk) for cmyk in cmyks])
        seen = srgb_to_lab(self._proof(inks.reshape(-1, 4)) / 255).reshape(*inks.shape[:2], 3)
        errors = ciede2000(targets[:, None, :], seen)
        best = np.argmin(errors, axis=1)
        rows = np.arange(len(keys))
        return self._refine(targets, inks[rows, best], errors[rows, best])

    def _candidates(self, cmyk: Floats) -> Floats:
        """Inkings within the limit that keep the profile's K or add to it and keep its
        C : M : Y proportions, 8-bit, rounded down (so within the limit)."""
        c, m, y, k = (float(v) for v in cmyk)
        limit = self.ink_limit / 100
        colour = c + m + y
        blacks = np.linspace(min(k, limit), min(1.0, limit, k + 0.4), 21)
        mosts = np.minimum(1.0, (limit - blacks) / colour) if colour > 0 else np.zeros(21)
        # each black's shares: numpy.linspace(most, most * 0.4, 13), row by row, its numbers
        shares = _spaced(mosts, mosts * 0.4, 13)
        grid = np.stack(
            [c * shares, m * shares, y * shares, np.broadcast_to(blacks[:, None], shares.shape)],
            axis=-1,
        )
        return np.floor(grid.reshape(-1, 4) * 255)

    def _refine(
        self,
        targets: Floats,
        starts: Floats,
        errors: Floats,
        inks: tuple[int, ...] = (0, 1, 2, 3),
        most: float | Floats = 255,
    ) -> Floats:
        """From each of `starts` (8-bit CMYK, one a row of `targets`, CIELAB, at `errors`),
        trade ink between channels (and take some away) while the proof comes nearer its
        target: a dark navy may print nearer with less yellow and more cyan than the
        profile's proportions, at the same total. Only `inks` change, each up to `most` (a
        number, or one a channel). The colours climb side by side, each its own way, and
        each gets the numbers it gets alone: littleCMS converts pixel by pixel, CIELAB and
        CIEDE2000 are elementwise, and numpy's matrix product gives a row the same numbers
        in any stack of two rows or more (a climb tries at least three)."""
        climbs = [_Climb(start, float(error)) for start, error in zip(starts, errors, strict=True)]
        moves = _moves(inks)
        limit = self.ink_limit / 100 * 255
        while active := [i for i, climb in enumerate(climbs) if climb.step < len(STEPS)]:
            near = [
                np.clip(climbs[i].best + STEPS[climbs[i].step] * moves, 0, most) for i in active
            ]
            near = [tried[tried.sum(axis=1) <= limit] for tried in near]
            counts = [len(tried) for tried in near]
            seen = srgb_to_lab(self._proof(np.concatenate(near)) / 255)
            found = ciede2000(np.repeat(targets[active], counts, axis=0), seen)
            ends = np.cumsum(counts)
            for i, tried, end, count in zip(active, near, ends, counts, strict=True):
                errors_i = found[end - count : end]
                at = int(np.argmin(errors_i))
                climbs[i].went(tried[at], float(errors_i[at]))
        return np.array([climb.best for climb in climbs])

    def ink(self, rgb: RGB, use: Use = Use.AREA, size_pt: float = 0.0) -> Ink:
        """How a colour is printed as `use` at `size_pt` (text size or stroke width)."""
        tier = _tier(use, size_pt)
        if tier and use is not Use.AREA:
            lab = srgb_to_lab(np.array(rgb, dtype=float))
            if float(chroma(lab)) < NEUTRAL_CHROMA:
                k = self.k_for_lightness(float(lab[0]))
                if k >= SOLID_K:
                    return Ink((0.0, 0.0, 0.0, 1.0), overprint=True)
                return Ink((0.0, 0.0, 0.0, k))
        area = self.area(rgb)
        if tier == 2 and four_inks(area):
            return Ink(self.three_inks(rgb))
        return Ink(area)

    def three_inks(self, rgb: RGB) -> CMYK:
        """The inking of at most three inks (within the limit) whose proof is nearest `rgb`:
        a coarse grid of each ink left out, then refined ink by ink. K stays under
        `RICH_K_TEXT`: K 90 % with colour under it is a rich black, wrong for small text."""
        key = _key(rgb)
        if key not in self._three:
            target = srgb_to_lab(np.array(key) / 255)
            most = np.array([255, 255, 255, np.ceil(RICH_K_TEXT * 255) - 1])
            steps = np.arange(0, 256, 15)
            grid = np.array(np.meshgrid(steps, steps, steps, indexing="ij")).reshape(3, -1).T
            best: tuple[float, Floats, tuple[int, ...]] | None = None
            for left_out in range(4):
                inks = tuple(i for i in range(4) if i != left_out)
                candidates = np.zeros((len(grid), 4))
                candidates[:, inks] = grid
                candidates = np.minimum(candidates, most)
                candidates = candidates[candidates.sum(axis=1) <= self.ink_limit / 100 * 255]
                errors = ciede2000(target, srgb_to_lab(self._proof(candidates) / 255))
                at = int(np.argmin(errors))
                if best is None or float(errors[at]) < best[0]:
                    best = (float(errors[at]), candidates[at], inks)
            assert best is not None
            refined = self._refine(target[None], best[1][None], np.array([best[0]]), best[2], most)
            self._three[key] = _four([round(float(v) / 255, 4) for v in refined[0]])
        return self._three[key]

    def k_for_lightness(self, lightness: float) -> float:
        """The K alone whose proof has CIELAB lightness `lightness` (K 100 % when none is as
        dark)."""
        ramp = self._k_lightness  # falls from paper white (K 0) to K 100 %
        darker = np.nonzero(ramp <= lightness)[0]
        return 1.0 if len(darker) == 0 else round(int(darker[0]) / 255, 4)

    def cmyk_source(self, cmyk: CMYK) -> CMYK:
        """A colour the PDF already gives as CMYK: kept, within the ink limit."""
        return limit_cmyk(cmyk, self.ink_limit)

    # -- pictures -------------------------------------------------------------------------
    def image(self, pixels: object) -> object:
        """An RGB Pillow image as CMYK through the profile, each pixel within the ink limit:
        colour by colour as `area` when it has few colours, else through the profile with
        over-limit pixels' C, M and Y scaled under K."""
        assert isinstance(pixels, Image.Image)
        source = pixels if pixels.mode == "RGB" else pixels.convert("RGB")
        colours = source.getcolors(maxcolors=EXACT_COLOURS)
        if colours is not None:
            cmyk8 = self._by_colour(source, [_rgb8(c) for _, c in colours])
        else:
            cmyk8 = limit_pixels(self._cmyk(np.asarray(source)), self.ink_limit)
        # the image reads the array itself (no copies): Pillow copies it before a change
        return Image.frombuffer(
            "CMYK", source.size, np.ascontiguousarray(cmyk8), "raw", "CMYK", 0, 1
        )

    def _by_colour(self, source: Image.Image, keys: list[tuple[int, int, int]]) -> Bytes8:
        """The CMYK bytes of `source` (RGB) whose colours are `keys`, each as `area` makes
        it: each colour's 8-bit inks once (not rounded a pixel), as one 32-bit word, looked
        up a pixel through a table of every 24-bit colour (`_WORDS`)."""
        missing = [key for key in keys if key not in self._areas]
        if missing:
            self._convert(missing)
        # a pixel's R, G and B as one number: its RGBX bytes read as a little-endian word
        width, height = source.size
        words = np.asarray(source.convert("RGBX")).view("<u4").reshape(height, width)
        codes = np.array([r | g << 8 | b << 16 for r, g, b in keys])
        inks8 = np.round(np.array([self._areas[k] for k in keys]) * 255).astype(np.uint8)
        table = _WORDS.table()
        table[codes] = np.ascontiguousarray(inks8).view(np.uint32).reshape(-1)
        try:
            return table[words & 0xFFFFFF].view(np.uint8).reshape(height, width, 4)
        finally:
            table[codes] = 0  # (left as found: zero, its pages untouched)

    # -- the soft proof ------------------------------------------------------------------
    def proof_rgb(self, cmyk: CMYK) -> RGB:
        """The printed colour seen back through the profile, sRGB 0..1 (remembered: a soft
        proof asks for the same few hundred colours thousands of times)."""
        if cmyk not in self._proofs:
            seen = self._proof(np.round(np.array([cmyk]) * 255))[0] / 255
            self._proofs[cmyk] = (float(seen[0]), float(seen[1]), float(seen[2]))
        return self._proofs[cmyk]

    def proof_image(self, image: object) -> object:
        """A CMYK Pillow image seen back through the profile, as RGB."""
        assert isinstance(image, Image.Image)
        rgb = self._proof(np.asarray(image.convert("CMYK")))
        return Image.frombytes("RGB", image.size, np.ascontiguousarray(rgb).tobytes())

    def delta_e(self, rgb: RGB, use: Use = Use.AREA, size_pt: float = 0.0) -> float:
        """CIEDE2000 between the design colour and its printed proof."""
        printed = self.proof_rgb(self.ink(rgb, use, size_pt).cmyk)
        return float(ciede2000(srgb_to_lab(np.array(rgb)), srgb_to_lab(np.array(printed))))


def limit_pixels(cmyk8: Bytes8, limit_percent: float) -> Bytes8:
    """8-bit CMYK pixels (numpy, last axis C, M, Y, K) within the ink limit: C, M and Y of
    each pixel over it scaled under its K (as `limit_cmyk`)."""
    values = cmyk8.astype(float)
    limit = limit_percent / 100 * 255
    k = np.minimum(values[..., 3], limit)
    colour = values[..., :3].sum(axis=-1)
    keep = np.where(colour > limit - k, (limit - k) / np.maximum(colour, 1e-9), 1.0)
    out = np.empty_like(values)
    out[..., :3] = np.floor(values[..., :3] * keep[..., None] + 1e-6)
    out[..., 3] = k
    return out.astype(np.uint8)


def limit_image(image: object, limit_percent: float) -> object:
    """Each pixel of a CMYK Pillow image within the ink limit (`limit_pixels`); the image
    itself when every pixel already is."""
    assert isinstance(image, Image.Image)
    pixels = np.asarray(image)
    if pixels.astype(int).sum(axis=-1).max(initial=0) <= limit_percent / 100 * 255 + 0.5:
        return image
    limited = limit_pixels(pixels, limit_percent)
    return Image.frombytes("CMYK", image.size, np.ascontiguousarray(limited).tobytes())


def _rgb8(pixel: tuple[int, ...] | float) -> tuple[int, int, int]:
    """An RGB Pillow pixel as a cache key (Pillow gives a band's value alone as a number
    only for one-band images)."""
    assert isinstance(pixel, tuple), "an RGB image's colours are tuples"
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


def _four(values: list[float]) -> CMYK:
    """Four inks as a CMYK tuple (the list a conversion made, in C, M, Y, K order)."""
    c, m, y, k = values
    return (c, m, y, k)


def _key(rgb: RGB) -> tuple[int, int, int]:
    r, g, b = (max(0, min(255, round(v * 255))) for v in rgb)
    return (r, g, b)


def _spaced(starts: Floats, stops: Floats, count: int) -> Floats:
    """`count` numbers from each of `starts` to its stop, a row each: numpy.linspace's own
    arithmetic for one start and stop at a time (a step, or where it is 0, a fraction of the
    span), so that each row is what that call gives."""
    delta = stops - starts
    step = delta / (count - 1)
    at = np.arange(count, dtype=float)[None, :]
    rows = np.where((step == 0)[:, None], at / (count - 1) * delta[:, None], at * step[:, None])
    rows += starts[:, None]
    rows[:, -1] = stops
    return rows


class _Table:
    """A table of a 32-bit word for every 24-bit colour, made once a process (64 MB of
    address space; the operating system gives it memory only where it is written, a page a
    few colours): a picture's colours are written into it, its pixels looked up through it
    at once, and the colours set back to zero.

    Its memory is mapped here, private and in small pages, not by numpy: numpy asks Linux
    for huge pages for any array of 4 MB or more, and each colour written into a 2 MB
    stretch not yet touched then cost a huge page cleared, some 30 us of system time (0.14 s
    in one kit's flattened patches, against 0.024 s in small pages)."""

    def __init__(self) -> None:
        self._table: NDArray[np.uint32] | None = None
        self._memory: mmap.mmap | None = None

    def table(self) -> NDArray[np.uint32]:
        if self._table is None:
            size = 1 << 24
            if not hasattr(mmap, "MAP_PRIVATE"):  # Windows: no private mappings to ask for
                self._table = np.zeros(size, dtype=np.uint32)
                return self._table
            # zero-filled, and given memory only where it is written
            self._memory = mmap.mmap(-1, 4 * size, flags=mmap.MAP_PRIVATE)
            if hasattr(mmap, "MADV_NOHUGEPAGE"):  # Linux: even where huge pages are the default
                with contextlib.suppress(OSError):  # a kernel without huge pages refuses
                    self._memory.madvise(mmap.MADV_NOHUGEPAGE)
            self._table = np.frombuffer(self._memory, dtype=np.uint32)
        return self._table


_WORDS = _Table()


STEPS = (16, 8, 4, 2, 1)
"""The sizes of `Converter._refine`'s moves, in 8-bit units: each tried up to `CLIMBS` times."""
CLIMBS = 12


@dataclass
class _Climb:
    """One colour's climb in `Converter._refine`: its best inking and error so far, the step
    it is at (an index into `STEPS`: all done at its length) and the moves made at it."""

    best: Floats
    error: float
    step: int = 0
    made: int = 0

    def went(self, tried: Floats, error: float) -> None:
        """The nearest of the inkings tried from `best` at this step was `tried`, at `error`:
        taken when nearer, else (or after `CLIMBS` moves) on to the next step."""
        if error >= self.error - 1e-6:
            self.step, self.made = self.step + 1, 0
            return
        self.best, self.error = tried, error
        self.made += 1
        if self.made == CLIMBS:
            self.step, self.made = self.step + 1, 0


@cache
def _moves(inks: tuple[int, ...]) -> Floats:
    """`Converter._refine`'s moves among `inks`: one ink traded for another, or one less."""
    moves = [np.eye(4)[i] - np.eye(4)[j] for i in inks for j in inks if i != j]
    moves += [-np.eye(4)[i] for i in inks]
    found = np.array(moves)
    found.flags.writeable = False  # shared by every call
    return found


def _k_ramp() -> Bytes8:
    ramp = np.zeros((256, 4), dtype=np.uint8)
    ramp[:, 3] = np.arange(256)
    return ramp


@cache
def _transforms(profile: Path) -> tuple[ImageCms.ImageCmsTransform, ImageCms.ImageCmsTransform]:
    """sRGB to the profile's CMYK and back (relative colorimetric, black point compensation):
    built once a process (tens of milliseconds each), whatever the ink limit."""
    srgb = ImageCms.createProfile("sRGB")
    output = ImageCms.getOpenProfile(str(profile))
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    bpc = ImageCms.Flags.BLACKPOINTCOMPENSATION
    return (
        ImageCms.buildTransform(srgb, output, "RGB", "CMYK", renderingIntent=intent, flags=bpc),
        ImageCms.buildTransform(output, srgb, "CMYK", "RGB", renderingIntent=intent, flags=bpc),
    )


@cache
def converter(profile: Path, ink_limit: float) -> Converter:
    return Converter(profile, ink_limit)
