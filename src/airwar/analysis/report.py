"""A self-contained HTML report: sections of text, tables and plots inlined as base64.

The HTML file needs nothing beside it: every image is a ``data:image/png``
URI, the style sheet is inline, and all text is escaped.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 64em; color: #222; }
h1 { border-bottom: 2px solid #446; }
h2 { margin-top: 2em; color: #335; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th { background: #eef; }
td:first-child, th:first-child { text-align: left; }
img { max-width: 100%; border: 1px solid #ddd; margin: 0.5em 0; }
p.note { color: #555; font-size: 0.9em; }
"""


@dataclass
class Table:
    """A table: a header row and rows of cells (already formatted as text)."""

    headers: Sequence[str]
    rows: Sequence[Sequence[str]]

    def to_html(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
            for row in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


@dataclass
class Section:
    """One part of the report: a title, paragraphs, tables, plot files and notes."""

    title: str
    paragraphs: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    images: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def image_tag(path: Path, alt: str = "") -> str:
    """An ``<img>`` with the PNG at ``path`` inlined as base64."""
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(alt or path.stem)}" src="data:image/png;base64,{data}">'


def render_html(title: str, sections: Sequence[Section], *, generated: str | None = None) -> str:
    """The whole report as one HTML document."""
    stamp = generated or datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="note">Generated {html.escape(stamp)} by airwar analyze.</p>',
    ]
    for section in sections:
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        parts.extend(f"<p>{html.escape(p)}</p>" for p in section.paragraphs)
        parts.extend(t.to_html() for t in section.tables)
        parts.extend(image_tag(img, section.title) for img in section.images)
        parts.extend(f'<p class="note">{html.escape(n)}</p>' for n in section.notes)
    parts.append("</body></html>")
    return "\n".join(parts)


def write_html(path: Path, title: str, sections: Sequence[Section]) -> Path:
    """Write the report to ``path`` (folders are created) and return it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(title, sections), encoding="utf-8")
    return path
