"""The documentation site (docs/mkdocs.yml) builds with `mkdocs build --strict`: a broken link or
anchor between pages fails it. The built pages fetch nothing from the network (no web fonts,
no remote stylesheets or scripts) and link to each other as .html files, so the site reads
offline and from file://."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

REMOTE = re.compile(r"""<(?:link|script|img)\b[^>]*\b(?:href|src)=["']https?://""", re.I)


def test_the_site_builds_strict_and_offline(tmp_path: Path) -> None:
    site = tmp_path / "site"
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"]
    command += ["-f", "docs/mkdocs.yml", "-d", str(site)]  # relative, as CI runs it (mkdocs.yml)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT, env=env)
    assert run.returncode == 0, run.stderr
    pages = sorted(site.rglob("*.html"))
    assert {"index.html", "tutorial.html", "getting-started.html"} <= {p.name for p in pages}
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not REMOTE.findall(html), page.relative_to(site)
        assert "fonts.googleapis.com" not in html, page.relative_to(site)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="tutorial.html"' in index  # pages link as files, not folders
    assert (site / "img" / "cards.png").is_file()
