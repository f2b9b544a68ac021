"""The HTML report is self-contained: images inlined, text escaped."""

import base64
from pathlib import Path

from airwar.analysis.plots import histogram
from airwar.analysis.report import Section, Table, render_html, write_html


def test_report_inlines_images_and_escapes_text(tmp_path: Path) -> None:
    png = histogram(tmp_path / "h.png", [1, 2, 2, 3], title="h", xlabel="x")
    sections = [
        Section(
            "Matchups <all>",
            paragraphs=["MiG-15 & F-86"],
            tables=[Table(["plane", "p"], [["Yak-9", "1/6"]])],
            images=[png],
            notes=["seed 1"],
        )
    ]
    out = write_html(tmp_path / "r" / "report.html", "airwar report", sections)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "Matchups &lt;all&gt;" in text and "MiG-15 &amp; F-86" in text
    assert "<td>Yak-9</td><td>1/6</td>" in text
    assert base64.b64encode(png.read_bytes()).decode() in text
    assert 'src="h.png"' not in text


def test_render_is_stable_given_the_stamp() -> None:
    a = render_html("t", [Section("s")], generated="then")
    assert a == render_html("t", [Section("s")], generated="then")
    assert "Generated then" in a
