"""What if: a search below the learner's choices (exact_cover.Search.run's choices), in words.

The choices are the tries of levels 0 .. k-1 of the log (its "choices" field); the search
ran only below them. Its outcome says whether a solution lies below them and, when none
does, which of them are to blame: the nogood of the last back-up, the one that leaves
level k (webapp/analysis/facts.py builds it as conflict-directed backjumping does).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis import facts as an
from ..engine import exact_cover as ec
from ..words.messages import join_and, say


def blamed(analysis: an.Analysis, base: int) -> list[int] | None:
    """The levels of the choices (below base) that with the givens leave no solution below them:
    the nogood of the back-up leaving level base, or None when the recording has none."""
    backups = analysis.backups
    for k in range(len(backups) - 1, -1, -1):
        if backups.level[k] == base:
            nogood = backups.nogood[k]
            return [level for level in range(base) if nogood >> (level + 1) & 1]
    return None


def message(outcome: ec.Outcome, analysis: an.Analysis | None, choices: Sequence[int], labels: Sequence[str],
            givens: Sequence[int], plain: str) -> str:
    """The outcome of a search below choices, in words (plain: the usual outcome message)."""
    found, cap = outcome.stats.solutions, outcome.settings.get("max_solutions")
    if outcome.status == ec.SOLVED:
        if outcome.complete:
            return say("whatif.all", count=found)
        return say("whatif.first") if cap == 1 else say("whatif.some", count=found, cap=cap)
    if outcome.status != ec.NO_SOLUTION:
        return say("whatif.stopped", message=plain)
    levels = blamed(analysis, len(choices)) if analysis is not None else None
    if levels is None:
        return say("whatif.none", why=say("whatif.why.unknown"))
    if not levels:
        return say("whatif.none", why=say("whatif.why.givens"))
    # "With the givens" only where there are givens (the queens have none).
    fields = {"count": len(levels), "levels": join_and([str(level) for level in levels]),
              "choices": join_and([labels[choices[level]] for level in levels])}
    why = say("whatif.why.choices", **fields) if givens else say("whatif.why.choices.bare", **fields)
    return say("whatif.none", why=why)
