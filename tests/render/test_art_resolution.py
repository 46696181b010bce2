"""Art larger than its box needs is scaled down once, to ART_PPI at the box's size, before it
goes into the face's drawing (so into every PDF and PNG); art at or under that is left as it
is. Read back from the picture the face embeds and from the printed PDF."""

from __future__ import annotations

import base64
import io
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from printgen.render.draw.images import ART_PPI, cropped, needed_pixels, scaled

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "lantern-market"


def decoded(url: str) -> Image.Image:
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))


def picture(path: Path, size: tuple[int, int], mode: str = "RGB") -> Path:
    image = Image.new(mode, size, (40, 90, 160) if mode == "RGB" else (40, 90, 160, 128))
    image.paste((220, 60, 30) if mode == "RGB" else (220, 60, 30, 255), (0, 0, size[0] // 2, 10))
    image.save(path)
    return path


def test_a_large_picture_is_cut_and_scaled_to_what_its_box_needs(tmp_path: Path) -> None:
    big = picture(tmp_path / "big.png", (4000, 2500))
    box = (40.0, 25.0)  # mm: 945 x 591 px at 600 ppi
    part = decoded(cropped(big, box[0] / box[1], box))
    assert needed_pixels(box) == (945, 591)
    assert 945 <= part.size[0] <= 946 and 591 <= part.size[1] <= 592, part.size
    assert needed_pixels(box)[0] == round(40 / 25.4 * ART_PPI + 0.5)
    tall = decoded(cropped(big, 1.0, (20.0, 20.0)))  # a square box: cut, then 473 x 473
    assert tall.size == (473, 473)


def test_contain_scales_the_whole_picture_into_the_box(tmp_path: Path) -> None:
    big = picture(tmp_path / "big.png", (4000, 2000), "RGBA")
    url = scaled(big, (30.0, 30.0))  # 709 x 709 px needed: the picture is 709 x 354 whole
    assert url is not None
    whole = decoded(url)
    assert whole.size == (709, 354) and whole.mode == "RGBA"
    assert whole.getpixel((700, 350))[3] == 128  # its transparency kept


def test_a_picture_at_or_under_the_boxs_need_is_left_as_it_is(tmp_path: Path) -> None:
    small = picture(tmp_path / "small.png", (600, 400))
    assert scaled(small, (60.0, 40.0)) is None  # drawn from its file
    part = decoded(cropped(small, 1.5, (60.0, 40.0)))
    assert part.size == (600, 400)
    assert decoded(cropped(small, 1.5, (60.0, 40.0))).tobytes() == part.tobytes()
    assert cropped(small, 1.5, (60.0, 40.0)) == cropped(small, 1.5)  # the crop of before


@pytest.fixture(scope="module")
def huge_art_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample game with a 6000 x 4000 photo as one card's art, its cards-print.pdf."""
    from printgen.commands.build import BuildOptions
    from printgen.kit.cards import card_files
    from printgen.kit.names import card_outputs
    from printgen.kit.write import build_part
    from printgen.model import load_game
    from tests.shared_builds import shared_folder

    def make(root: Path) -> None:
        folder = root / "lantern-market"
        shutil.copytree(SAMPLE, folder)
        picture(folder / "art" / "silk.png", (6000, 4000))
        options = replace(BuildOptions())
        out = root / "out"
        build_part(card_files, load_game(folder), options, out, card_outputs(("cards.pdf",)))
        build_part(card_files, load_game(folder), options, out, card_outputs(("cards-print.pdf",)))

    return shared_folder(tmp_path_factory, "huge-art", make) / "out" / "lantern-market"


@pytest.mark.parametrize("name", ["cards.pdf", "cards-print.pdf"])
def test_huge_art_is_embedded_at_no_more_than_art_ppi(huge_art_kit: Path, name: str) -> None:
    from printgen.preflight.scan import scan

    images = scan(huge_art_kit / name).images
    assert images
    assert max(image.dpi for image in images) <= ART_PPI * 1.01, [
        (i.page, i.pixels, round(i.dpi)) for i in images
    ]
    assert max(image.pixels[0] * image.pixels[1] for image in images) < 2_000_000
