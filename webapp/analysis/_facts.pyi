"""Types of the compiled analysis (webapp/analysis/_facts.c)."""

from typing import Any

def analyse(items: int, starts: Any, entries: Any, colours: Any, givens: Any, events: Any,
            details: bool = True) -> dict[str, Any]: ...
def forced_items(events: Any, sizes: Any) -> bytes: ...
