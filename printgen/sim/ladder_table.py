"""A skill ladder (`compare --bots`) as a table for the terminal."""

from __future__ import annotations

from printgen.sim.ladder_summary import LadderSummary, is_alone, is_pairs


def format_ladder(summary: LadderSummary, name: str) -> str:
    bots, table, units = summary["bots"], summary["table"], summary["units"]
    solo = len(units) == 1
    lines = [_heading(summary, name), ""]
    width = max(len(b) for b in bots) + 2
    if solo:
        lines.append(f"{'bot':<{width}}{'wins':>7}  95% CI")
        for bot in bots:
            alone = table[bot]
            if is_alone(alone):
                lines.append(f"{bot:<{width}}{_pct(alone['value']):>7}  {_ci(alone['ci95'])}")
    else:
        cell = 20
        lines.append(f"{'':<{width}}" + "".join(f"{'vs ' + b:<{cell}}" for b in bots))
        for a in bots:
            row, against = f"{a:<{width}}", table[a]
            for b in bots:
                if a != b and is_pairs(against):
                    entry = against[b]
                    row += f"{_pct(entry['value']) + ' ' + _ci(entry['ci95']):<{cell}}"
                else:
                    row += f"{'-':<{cell}}"
            lines.append(row.rstrip())
    lines += ["", "order, strongest first: " + ", ".join(summary["order"]), _gap(summary)]
    if not solo:
        lines.append(
            f"the row bot's wins against the column bot, in %, with the 95% interval; an even "
            f"share is {_pct(summary['even_share'])} %; a win shared by k counts 1/k"
        )
    return "\n".join(lines)


def _heading(summary: LadderSummary, name: str) -> str:
    units = summary["units"]
    who = "teams" if any(len(s) > 1 for s in units.values()) else "seats"
    how = (
        "each bot in every seat"
        if len(units) == 1
        else f"each bot alone against the other in each of the {len(units)} {who}"
    )
    options = "".join(f", {k} {v}" for k, v in summary.get("options", {}).items())
    settings = "".join(f", {k}={v}" for k, v in summary.get("set", {}).items())
    return (
        f"{name}: skill ladder of {', '.join(summary['bots'])}; {summary['games']} seeds, "
        f"{summary['players']} players{options}{settings}, seed {summary['seed']}; {how}, "
        "the same seeds for every pairing"
    )


def _gap(summary: LadderSummary) -> str:
    gap = summary["skill_gap"]
    ci = _ci(gap["ci95"], signed=True)
    if len(summary["units"]) == 1:
        return (
            f"skill gap: {_signed(gap['value'])} points, {gap['stronger']}'s win rate over "
            f"{gap['weaker']}'s (95% CI {ci}, paired by seed)"
        )
    return (
        f"skill gap: {_signed(gap['value'])} points: {gap['stronger']} wins against "
        f"{gap['weaker']} that much more often than an even share (95% CI {ci})"
    )


def _pct(value: float) -> str:
    return f"{100 * value + 0.0:.1f}"


def _signed(value: float) -> str:
    return f"{100 * value + 0.0:+.1f}"


def _ci(ci: list[float] | None, signed: bool = False) -> str:
    if ci is None:
        return "-"
    show = _signed if signed else _pct
    return f"({show(ci[0])}..{show(ci[1])})" if not signed else f"{show(ci[0])} .. {show(ci[1])}"
