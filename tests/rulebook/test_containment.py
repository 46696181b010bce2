"""What a rulebook may read: files inside the templates and the game's folder, data: URLs.

Also: weasyprint is imported only when a rulebook is built.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from printgen.errors import RenderError
from printgen.kit.write import build_part
from printgen.render.rulebook import rule_files
from printgen.render.rulebook.urls import allowed_file
from tests.rulebook.conftest import ROOT, load

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


def test_policy_allows_data_urls_and_files_inside(tmp_path: Path) -> None:
    root = tmp_path / "game"
    root.mkdir()
    (root / "box.png").write_bytes(PNG)
    assert allowed_file("data:image/png;base64,AAAA", [root]) is None
    assert allowed_file((root / "box.png").as_uri(), [root]) == (root / "box.png").resolve()


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/x.png",
        "https://example.com/x.png",
        "ftp://example.com/x.png",
        "file:///etc/passwd",
        "file://otherhost/etc/passwd",
    ],
)
def test_policy_refuses_everything_else(tmp_path: Path, url: str) -> None:
    with pytest.raises(RenderError, match="refused"):
        allowed_file(url, [tmp_path])


def test_policy_refuses_traversal_and_links_out(tmp_path: Path) -> None:
    root = tmp_path / "game"
    root.mkdir()
    (tmp_path / "secret.png").write_bytes(PNG)
    (root / "link.png").symlink_to(tmp_path / "secret.png")
    for url in (
        root.as_uri() + "/../secret.png",
        root.as_uri() + "/%2e%2e/secret.png",
        (root / "link.png").as_uri(),
    ):
        with pytest.raises(RenderError, match="outside"):
            allowed_file(url, [root])


@pytest.mark.parametrize(
    "image",
    ["http://example.com/x.png", "../secret.png", "/etc/hostname", "%2e%2e/secret.png"],
)
def test_a_rulebook_that_points_outside_is_refused(tiny: Path, tmp_path: Path, image: str) -> None:
    (tiny.parent / "secret.png").write_bytes(PNG)
    (tiny / "rules.md").write_text(f"## A\n\n![picture]({image})\n", encoding="utf-8")
    with pytest.raises(RenderError, match=r"tiny/rules.md: rulebook: refused"):
        build_part(rule_files, load(tiny), None, tmp_path / "out")
    assert not (tmp_path / "out" / "tiny" / "rules.pdf").exists()


def test_markdown_drops_file_urls_before_anything_is_fetched(tiny: Path, tmp_path: Path) -> None:
    (tiny / "rules.md").write_text("## A\n\n![p](file:///etc/hostname)\n", encoding="utf-8")
    path, _booklet = build_part(rule_files, load(tiny), None, tmp_path / "out")
    from tests.rulebook.conftest import pdf_text

    assert "![p](file:///etc/hostname)" in pdf_text(path)


def test_a_picture_in_the_games_folder_is_fine(tiny: Path, tmp_path: Path) -> None:
    (tiny / "box.png").write_bytes(PNG)
    (tiny / "rules.md").write_text("## A\n\n![the box](box.png)\n", encoding="utf-8")
    path, _booklet = build_part(rule_files, load(tiny), None, tmp_path / "out")
    assert path.stat().st_size > 1000


def test_weasyprint_is_not_imported_by_cli_or_list() -> None:
    """validate typesets the rulebooks (it reads their pages for what runs past the edges:
    issue 36); listing the games, or importing printgen, loads no typesetter."""
    code = (
        "import sys\n"
        "import printgen.cli\n"
        "assert 'weasyprint' not in sys.modules, 'import printgen.cli'\n"
        "try:\n"
        "    printgen.cli.main(['list'])\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0, exc.code\n"
        "assert 'weasyprint' not in sys.modules, 'printgen list'\n"
        "import printgen.render.rulebook\n"
        "assert 'weasyprint' not in sys.modules, 'import printgen.render.rulebook'\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
