"""printgen.render.text.xml_text escapes as xml.sax.saxutils does (the SVG bytes depend on it),
and a build no longer imports saxutils, whose urllib.request import cost every process."""

from __future__ import annotations

import itertools
import subprocess
import sys
from xml.sax import saxutils

import pytest

from printgen.render.text.xml_text import escape, quoteattr


@pytest.mark.parametrize(
    ("text", "escaped", "quoted"),
    [
        ("plain", "plain", '"plain"'),
        ("a & b < c > d", "a &amp; b &lt; c &gt; d", '"a &amp; b &lt; c &gt; d"'),
        ('say "hi"', 'say "hi"', "'say \"hi\"'"),
        ('it\'s "x"', 'it\'s "x"', '"it\'s &quot;x&quot;"'),
        ("line\nnext\ttab\r", "line\nnext\ttab\r", '"line&#10;next&#9;tab&#13;"'),
        ("&amp;", "&amp;amp;", '"&amp;amp;"'),
    ],
)
def test_worked_cases(text: str, escaped: str, quoted: str) -> None:
    assert escape(text) == escaped
    assert quoteattr(text) == quoted


def test_same_as_saxutils_for_every_short_string_of_the_special_characters() -> None:
    for size in range(4):
        for chars in itertools.product("a&<>\"'\n\r\t", repeat=size):
            text = "".join(chars)
            assert escape(text) == saxutils.escape(text)
            assert quoteattr(text) == saxutils.quoteattr(text)


def test_a_build_does_not_import_urllib_request_to_escape_text() -> None:
    """What `printgen build` imports before it knows whether anything changed: saxutils'
    urllib.request (http.client, ssl, email) was some 20 ms of a no-op build's start."""
    code = "import sys, printgen.commands.build; print('urllib.request' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
