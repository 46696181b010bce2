"""Fuzzing (issue 9): broken copies of the bundled data never crash printgen.

Hypothesis draws the cases of tests/hardening/fuzzing.py (and shrinks a failing one to a small
case, printed as a line to paste into test_regressions.py). Each case runs `printgen validate`,
`score` or `build` in-process under a time limit and an address-space limit; the only outcomes
allowed are exit 0, 1 or 2 with a message, never a traceback, "internal error", a hang or a
MemoryError. The runs are derandomized, so CI sees the same few hundred cases every time;
benchmarks/fuzz.py runs 10,000 fresh ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hardening.fuzz_readers import (
    add_preflight_pdf,
    add_workbook_game,
    draw_preflight_case,
    draw_workbook_case,
)
from tests.hardening.fuzzing import (
    Case,
    HypothesisChooser,
    Mutation,
    Sandbox,
    draw_build_case,
    draw_case,
    judge,
)

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)


def check(box: Sandbox, case: Case) -> None:
    outcome = box.run(case)
    assert outcome.ok, outcome.describe()


@settings(FUZZ, max_examples=120)
@given(st.data())
def test_validate_survives_broken_data(sandbox: Sandbox, data: st.DataObject) -> None:
    check(sandbox, draw_case(HypothesisChooser(data), "validate"))


@settings(FUZZ, max_examples=150)
@given(st.data())
def test_score_survives_broken_situations(sandbox: Sandbox, data: st.DataObject) -> None:
    check(sandbox, draw_case(HypothesisChooser(data), "score"))


@pytest.fixture(scope="module")
def build_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    """MyWuXing's cards and Feng Shui Master's sheets only: the cheap parts of a build (their
    rulebooks, the slow part, are left out; benchmarks/fuzz.py builds them too)."""
    box = Sandbox.create(tmp_path_factory.mktemp("fuzz-build"), ("mywuxing", "feng-shui-master"))
    for game in ("mywuxing", "feng-shui-master"):
        rules = box.data / game / "rules.md"
        rules.unlink()
        del box.pristine[rules]
    return box


@settings(FUZZ, max_examples=10)
@given(st.data())
def test_build_survives_broken_data(build_sandbox: Sandbox, data: st.DataObject) -> None:
    case = draw_build_case(HypothesisChooser(data), ("mywuxing", "feng-shui-master"))
    check(build_sandbox, case)


def test_the_judge_refuses_what_the_contract_forbids() -> None:
    assert judge(0, "", "") is None
    assert judge(1, "mywuxing: FAILED", "") is None
    assert judge(2, "", "printgen: cards.csv:3: ...") is None
    assert judge(2, "", "") == "exit 2 without a message on stderr"
    assert judge(3, "", "printgen: internal error: KeyError") == "exit code 3"
    assert judge(None, "", "timeout") == "exit code None"
    assert judge(2, "", "Traceback (most recent call last):\n") is not None


def test_a_hang_and_runaway_memory_are_caught(tmp_path: Path, monkeypatch) -> None:
    """The sandbox's own limits work: a case that sleeps or allocates without end fails."""
    import time

    import printgen.commands.validate as validate

    box = Sandbox.create(tmp_path, ("feng-shui-master",), seconds=0.5, memory_bytes=300 * 2**20)
    case = Case("validate", "feng-shui-master", ())
    monkeypatch.setattr(validate, "run", lambda *a: time.sleep(5))
    assert "timeout" in box.run(case).err
    monkeypatch.setattr(validate, "run", lambda *a: bytearray(2**30))
    outcome = box.run(case)
    assert not outcome.ok and ("MemoryError" in outcome.err), outcome.err


def test_cases_are_undone(sandbox: Sandbox) -> None:
    before = {p: p.read_bytes() for p in sandbox.data.rglob("*") if p.is_file()}
    case = Case(
        "validate",
        "mywuxing",
        (Mutation("cards.csv", "empty"), Mutation("game.yaml", "bad_utf8", (10, b"\xff"))),
    )
    outcome = sandbox.run(case)
    assert outcome.ok and outcome.code == 2
    assert "cards.csv" in outcome.err or "game.yaml" in outcome.err
    assert {p: p.read_bytes() for p in sandbox.data.rglob("*") if p.is_file()} == before


@pytest.fixture(scope="module")
def workbook_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    """The `workbook` game alone (an .xlsx and an .ods deck, a design): issue 40's readers."""
    box = Sandbox.create(tmp_path_factory.mktemp("fuzz-workbook"), ())
    add_workbook_game(box)
    return box


@settings(FUZZ, max_examples=60)
@given(st.data())
def test_validate_survives_broken_workbooks_and_designs(
    workbook_sandbox: Sandbox, data: st.DataObject
) -> None:
    check(workbook_sandbox, draw_workbook_case(HypothesisChooser(data)))


@pytest.fixture(scope="module")
def pdf_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    """A PDF for `printgen preflight` (issue 40, 5), no game."""
    box = Sandbox.create(tmp_path_factory.mktemp("fuzz-pdf"), ())
    add_preflight_pdf(box)
    return box


@settings(FUZZ, max_examples=40)
@given(st.data())
def test_preflight_survives_broken_pdfs(pdf_sandbox: Sandbox, data: st.DataObject) -> None:
    check(pdf_sandbox, draw_preflight_case(HypothesisChooser(data)))
