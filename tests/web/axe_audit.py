"""axe-core's WCAG 2.0/2.1 A and AA rules run in a page (the axe-playwright-python package ships
axe-core; without it the audits skip, saying so).

The pages' Content-Security-Policy forbids inline scripts, so axe is not added as a script tag: it
is given to the browser context as an init script (run by the browser itself in every new document,
before the page's own scripts), and then called with `axe.run` from a function, never a string.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def _source() -> str | None:
    try:
        import axe_playwright_python
    except ImportError:
        return None
    path = Path(axe_playwright_python.__file__).parent / "axe.min.js"
    return path.read_text(encoding="utf-8") if path.exists() else None


SOURCE = _source()
WHY_NO_AXE = (
    None
    if SOURCE
    else "axe-core is not installed: pip install axe-playwright-python (the dev extra), which ships it"
)

# WCAG 2.5.3 (label in name, level A): axe-core marks its rule experimental and leaves it out of the
# tags above; it is asked for by name.
NAMES_RULE = "label-content-name-mismatch"

RUN = """async ([tags, extra]) => {
  const rules = Object.fromEntries(extra.map((id) => [id, { enabled: true }]));
  const options = { runOnly: { type: "tag", values: tags }, rules, resultTypes: ["violations"] };
  const result = await window.axe.run(document, options);
  return result.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${(n.failureSummary || "").replace(/\\s+/g, " ")}`),
  }));
}"""


def give_axe(context: Any) -> None:
    """Make axe-core available in every page that `context` opens from now on."""
    assert SOURCE is not None, WHY_NO_AXE
    context.add_init_script(script=SOURCE)


def violations(page: Any, where: str) -> list[str]:
    """axe-core's WCAG A/AA violations on `page` as readable lines (rule, help, each node)."""
    found = page.evaluate(RUN, [TAGS, [NAMES_RULE]])
    lines = []
    for v in found:
        lines.append(f"{where}: {v['id']} ({v['help']})")
        lines.extend(f"    {node}" for node in v["nodes"][:8])
    return lines
