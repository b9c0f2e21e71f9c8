"""A small Gherkin reader for OSRM's cucumber feature files (stdlib only).

It understands what OSRM's car and guidance features use: tags, `Feature:`, `Background:`,
`Scenario:` (and `Scenario Outline:` with `Examples:` tables), steps with a data table or a
doc string, and `#` comments. Doc strings lose the indentation of their opening delimiter, as
in cucumber's own parser; table cells are trimmed and `\\|`, `\\\\`, `\\n` unescaped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

STEP_KEYWORDS = ("Given ", "When ", "Then ", "And ", "But ", "* ")


@dataclass
class Step:
    keyword: str
    text: str
    line: int
    table: list[list[str]] | None = None
    docstring: str | None = None

    def hashes(self) -> list[dict[str, str]]:
        """The table as a list of dicts keyed by the header row (cucumber's table.hashes())."""
        if not self.table:
            return []
        head = self.table[0]
        return [dict(zip(head, row)) for row in self.table[1:]]


@dataclass
class Scenario:
    name: str
    line: int
    tags: list[str]
    steps: list[Step] = field(default_factory=list)


@dataclass
class Feature:
    path: Path
    name: str
    tags: list[str]
    background: list[Step] = field(default_factory=list)
    scenarios: list[Scenario] = field(default_factory=list)


def _split_row(line: str) -> list[str]:
    s = line.strip()
    assert s.startswith("|"), line
    cells, cur, i = [], [], 1
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n == "|":
                cur.append("|")
            elif n == "\\":
                cur.append("\\")
            elif n == "n":
                cur.append("\n")
            else:
                cur.append(c + n)
            i += 2
            continue
        if c == "|":
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    return cells


def parse_feature(path: Path) -> Feature:
    lines = path.read_text(encoding="utf-8").split("\n")
    feature: Feature | None = None
    pending_tags: list[str] = []
    current_steps: list[Step] | None = None
    last_step: Step | None = None
    outline: Scenario | None = None
    examples_table: list[list[str]] | None = None
    in_examples = False
    i = 0

    def finish_outline():
        nonlocal outline, examples_table
        if outline is not None and examples_table:
            head = examples_table[0]
            for k, row in enumerate(examples_table[1:]):
                sub = dict(zip(head, row))

                def rep(s):
                    return re.sub(r"<([^>]+)>", lambda m: sub.get(m.group(1), m.group(0)), s)
                sc = Scenario(f"{outline.name} (example {k + 1})", outline.line, outline.tags)
                for st in outline.steps:
                    sc.steps.append(Step(st.keyword, rep(st.text), st.line,
                                         [[rep(c) for c in r] for r in st.table] if st.table else None,
                                         rep(st.docstring) if st.docstring is not None else None))
                feature.scenarios.append(sc)
        outline, examples_table = None, None

    while i < len(lines):
        raw = lines[i]
        s = raw.strip()
        lineno = i + 1
        i += 1
        if not s or s.startswith("#"):
            continue
        if s.startswith("@"):
            pending_tags += [t for t in s.split("#")[0].split() if t.startswith("@")]
            continue
        if s.startswith("Feature:"):
            feature = Feature(path, s[len("Feature:"):].strip(), pending_tags)
            pending_tags = []
            current_steps = None
            continue
        if s.startswith("Background:") and not feature.scenarios and outline is None:
            # (after a scenario, cucumber's parser reads "Background:" as description text)
            current_steps = feature.background
            last_step = None
            in_examples = False
            continue
        if s.startswith("Scenario Outline:") or s.startswith("Scenario Template:"):
            finish_outline()
            outline = Scenario(s.split(":", 1)[1].strip(), lineno, feature.tags + pending_tags)
            pending_tags = []
            current_steps = outline.steps
            last_step = None
            in_examples = False
            continue
        if s.startswith("Examples:") or s.startswith("Scenarios:"):
            in_examples = True
            examples_table = []
            pending_tags = []
            continue
        if s.startswith("Scenario:") or s.startswith("Example:"):
            finish_outline()
            sc = Scenario(s.split(":", 1)[1].strip(), lineno, feature.tags + pending_tags)
            pending_tags = []
            feature.scenarios.append(sc)
            current_steps = sc.steps
            last_step = None
            in_examples = False
            continue
        if s.startswith("|"):
            row = _split_row(raw)
            if in_examples:
                examples_table.append(row)
            elif last_step is not None:
                if last_step.table is None:
                    last_step.table = []
                last_step.table.append(row)
            continue
        if s.startswith('"""') or s.startswith("```"):
            delim = s[:3]
            indent = len(raw) - len(raw.lstrip())
            body = []
            while i < len(lines):
                r = lines[i]
                i += 1
                if r.strip() == delim:
                    break
                # remove up to `indent` leading whitespace characters
                k = 0
                while k < indent and k < len(r) and r[k] in " \t":
                    k += 1
                body.append(r[k:].replace('\\"\\"\\"', '"""'))
            if last_step is not None:
                last_step.docstring = "\n".join(body)
            continue
        kw = next((k for k in STEP_KEYWORDS if s.startswith(k)), None)
        if kw is not None and current_steps is not None:
            in_examples = False
            last_step = Step(kw.strip(), s[len(kw):].strip(), lineno)
            current_steps.append(last_step)
            continue
        # free-text description lines are ignored
    if feature is not None:
        finish_outline()
    return feature
