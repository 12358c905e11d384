"""The HTML report without a browser: one self-contained file, safe embedding, the data round-trips."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from collections.abc import Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import pytest
from _html_results import TRICKY, make_result
from hypothesis import example, given, settings
from hypothesis import strategies as st

from recallbench.data.qa import CATEGORIES, DIFFICULTIES
from recallbench.data.ranges import TimeRange
from recallbench.render._html_charts import nice_ticks
from recallbench.render._html_data import MAX_RETRIEVAL_ENTRIES, ROW_FIELDS, SNIPPET_CHARS
from recallbench.render.html import (
    embed_json,
    embed_payload,
    read_payload,
    render_html_report,
    write_html_report,
)
from recallbench.results.records import BenchmarkResult, PersonaResult, RunMetadata
from recallbench.results.scoring import JudgeScore

_DATA = re.compile(r'<script type="application/json" id="rb-data">(.*?)</script>', re.S)


def payload_of(page: str) -> dict[str, Any]:
    found = _DATA.search(page)
    assert found is not None
    data: dict[str, Any] = read_payload(found.group(1))
    return data


class _Tags(HTMLParser):
    """Every start tag with its attributes, as a browser's tokenizer sees them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_of(page: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(page)
    parser.close()
    return parser.tags


def with_first_answer(result: BenchmarkResult, text: str) -> BenchmarkResult:
    persona = result.personas[0]
    first = persona.range_results[0]
    q0 = attrs.evolve(first.question_results[0], system_answer=text)
    rr = attrs.evolve(first, question_results=(q0, *first.question_results[1:]))
    p = attrs.evolve(persona, range_results=(rr, *persona.range_results[1:]))
    return attrs.evolve(result, personas=(p, *result.personas[1:]))


# --- one self-contained file -------------------------------------------------------------------


def test_the_page_references_nothing_outside_itself() -> None:
    page = render_html_report(make_result(tricky_answer=True))
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"https?://", page), "an absolute URL in the page"
    assert "@import" not in page
    assert "url(" not in page
    for tag, attributes in tags_of(page):
        assert "src" not in attributes, f"<{tag}> loads {attributes['src']}"
        assert tag != "link", "a <link> to an external resource"
        href = attributes.get("href")
        if href is not None:
            assert href.startswith("#"), f"<{tag} href={href!r}> leaves the page"


def test_styles_and_script_are_inlined() -> None:
    page = render_html_report(make_result())
    scripts = [a for tag, a in tags_of(page) if tag == "script"]
    assert scripts == [{"type": "application/json", "id": "rb-data"}, {}]
    assert "function" in page.split("<script>", 1)[1]
    assert "<style>" in page and "#rb-viewport" in page


def test_write_html_report_writes_what_render_returns(tmp_path: Path) -> None:
    result = make_result()
    path = write_html_report(result, tmp_path / "sub" / "report.html", interim="INTERIM — 1/2")
    assert path == tmp_path / "sub" / "report.html"
    assert path.read_text(encoding="utf-8") == render_html_report(result, interim="INTERIM — 1/2")
    assert [p.name for p in path.parent.iterdir()] == ["report.html"]  # no temporary file left


# --- safe embedding ----------------------------------------------------------------------------


def test_script_close_in_an_answer_cannot_break_out() -> None:
    page = render_html_report(make_result(tricky_answer=True))
    assert len(re.findall(r"<script", page, re.I)) == 2
    assert len(re.findall(r"</script", page, re.I)) == 2
    assert "<!--" not in page
    data = payload_of(page)
    assert TRICKY in data["strings"]


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(_json_values)
def test_embedded_json_round_trips_and_holds_no_markup(value: Any) -> None:
    text = embed_json(value)
    assert json.loads(text) == value
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}


@given(_json_values)
def test_the_compressed_block_round_trips_holds_no_markup_and_old_blocks_still_read(
    value: Any,
) -> None:
    text = embed_payload(value)
    assert read_payload(text) == value
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    if not isinstance(value, str):  # a page written before issue 35.9 held the JSON itself
        assert read_payload(embed_json(value)) == value


def test_the_answers_embed_compressed() -> None:
    result = make_result()
    page = render_html_report(result)
    block = _DATA.search(page)
    assert block is not None and isinstance(json.loads(block.group(1)), str)
    plain = len(embed_json(payload_of(page)))
    assert len(block.group(1)) < plain / 2


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["</script>", "</SCRIPT ", "</scr", "ipt>", "<!--", "-->", "<script>", "&lt;", "&", "é"]
        )
        | st.text(max_size=3),
        min_size=1,
    ).map("".join)
)
def test_any_answer_text_stays_inside_the_data_block(text: str) -> None:
    result = with_first_answer(make_result(personas=1, checkpoints=1, questions=2), text)
    page = render_html_report(result)
    assert len(re.findall(r"</script", page, re.I)) == 2
    assert payload_of(page)["strings"].count(text) == 1


# --- the data round-trips ----------------------------------------------------------------------


def _expected_rows(result: BenchmarkResult) -> list[tuple[Any, ...]]:
    rows = []
    for persona in result.personas:
        for rr in persona.range_results:
            for unscored, answers in ((0, rr.question_results), (1, rr.unscored_results or ())):
                for q in answers:
                    rows.append(
                        (
                            persona.persona_id,
                            rr.range.label,
                            q.qa.id,
                            q.qa.question,
                            q.qa.answer,
                            q.qa.category,
                            q.qa.difficulty,
                            list(q.qa.relevant_days),
                            q.system_answer,
                            (q.score.correctness, q.score.completeness),
                            None if unscored else q.score.hallucination,
                            None if unscored else q.composite_score,
                            q.score.reasoning,
                            q.latency_ms,
                            None
                            if q.error is None
                            else (q.error.stage, q.error.type, q.error.message),
                            None
                            if q.retrieval_metrics is None
                            else list(q.retrieval_metrics.as_tuple()),
                            unscored,
                        )
                    )
    return rows


def _decoded_rows(data: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    s = data["strings"]
    f = {name: i for i, name in enumerate(data["fields"])}
    out = []
    for r in data["rows"]:
        qa = data["qas"][r[f["qa"]]]
        err = r[f["error"]]
        out.append(
            (
                data["personas"][qa[0]],
                data["checkpoints"][r[f["checkpoint"]]]["label"],
                qa[1],
                s[qa[2]],
                s[qa[3]],
                data["categories"][qa[4]],
                data["difficulties"][qa[5]],
                qa[6],
                s[r[f["answer"]]],
                (r[f["correctness"]], r[f["completeness"]]),
                r[f["hallucination"]],
                r[f["composite"]],
                s[r[f["reasoning"]]] if r[f["reasoning"]] >= 0 else None,
                r[f["latencyMs"]],
                None if err is None else tuple(s[i] for i in err),
                r[f["retrieval"]],
                r[f["unscored"]],
            )
        )
    return out


def test_every_answer_round_trips_through_the_page() -> None:
    result = make_result(personas=3, checkpoints=4, questions=9, tricky_answer=True)
    data = payload_of(render_html_report(result))
    assert data["fields"] == list(ROW_FIELDS)
    assert data["categories"] == list(CATEGORIES)
    assert data["difficulties"] == list(DIFFICULTIES)
    assert _decoded_rows(data) == _expected_rows(result)
    # Each (persona, question) once, however many checkpoints asked it.
    assert len(data["qas"]) == 3 * (9 + 1)


def test_appellate_scores_are_kept() -> None:
    result = make_result(personas=1, checkpoints=1, questions=2)
    persona = result.personas[0]
    rr = persona.range_results[0]
    primary = JudgeScore(correctness=0, completeness=0, hallucination=0, reasoning="first verdict")
    q0 = attrs.evolve(rr.question_results[0], primary_score=primary)
    rr = attrs.evolve(rr, question_results=(q0, *rr.question_results[1:]))
    result = attrs.evolve(result, personas=(attrs.evolve(persona, range_results=(rr,)),))
    data = payload_of(render_html_report(result))
    at = data["fields"].index("primary")
    row = data["rows"][0][at]
    assert row[:3] == [0, 0, 0]
    assert data["strings"][row[3]] == "first verdict"
    assert [r[at] for r in data["rows"][1:]] == [None] * (len(data["rows"]) - 1)


def test_question_log_details_reach_the_page_trimmed() -> None:
    result = make_result(personas=1, checkpoints=2, questions=3)
    long_snippet = "x" * (SNIPPET_CHARS + 50)
    entries = [
        {"path": f"memories/day-{d:04d}.md", "day": d, "score": 1.0 / d, "snippet": long_snippet}
        for d in range(1, MAX_RETRIEVAL_ENTRIES + 3)
    ]
    record = {
        "retrieval": entries,
        "toolCalls": [
            {"tool": "search", "args": {"q": "story </script>"}, "resultPreview": "hits"}
        ],
        "memoryContextProvided": True,
    }
    details = {("persona-0", "14d", "persona-0-q001"): record}
    data = payload_of(render_html_report(result, details=details))
    f = data["fields"].index("detail")
    with_detail = [r for r in data["rows"] if r[f] >= 0]
    assert len(with_detail) == 1
    row = with_detail[0]
    assert data["checkpoints"][row[1]]["label"] == "14d"
    assert data["qas"][row[0]][1] == "persona-0-q001"
    shown = data["details"][row[f]]
    assert len(shown["retrieval"]) == MAX_RETRIEVAL_ENTRIES
    assert shown["more"] == 2
    path, day, score, snippet = shown["retrieval"][0]
    assert (data["strings"][path], day, score) == ("memories/day-0001.md", 1, 1)
    assert len(data["strings"][snippet]) == SNIPPET_CHARS
    assert data["strings"][shown["tools"][0][1]] == '{"q":"story </script>"}'
    assert shown["memory"] is True


def test_a_run_on_disk_renders_through_the_report_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from recallbench.cli import main
    from recallbench.harness.runlog import write_result

    result = make_result(personas=2, checkpoints=3, questions=5, tricky_answer=True)
    write_result(tmp_path / "result.json", result)
    out = tmp_path / "report.html"
    assert main(["report", str(tmp_path / "result.json"), "--html", str(out)]) == 0
    capsys.readouterr()
    # result.json → read back → page: every answer as it was.
    assert _decoded_rows(payload_of(out.read_text(encoding="utf-8"))) == _expected_rows(result)


def test_the_collector_is_left_as_it_was() -> None:
    import gc

    result = make_result(personas=1, checkpoints=2, questions=2)
    assert gc.isenabled()
    render_html_report(result)
    assert gc.isenabled()
    gc.disable()
    try:
        render_html_report(result)
        assert not gc.isenabled()
    finally:
        gc.enable()


# --- what the page says ------------------------------------------------------------------------


def test_interim_banner_only_for_an_interim_run() -> None:
    result = make_result()
    assert 'id="rb-interim"' not in render_html_report(result)
    page = render_html_report(result, interim="INTERIM — 3/10 checkpoints")
    banner = re.search(r'<div class="rb-banner interim" id="rb-interim">(.*?)</div>', page)
    assert banner is not None
    assert banner.group(1).startswith("INTERIM — 3/10 checkpoints")


def test_header_names_adapter_judge_and_counts() -> None:
    result = make_result(personas=2, checkpoints=3, questions=4)
    page = render_html_report(result, title="Run <A> & B")
    assert "<title>Run &lt;A&gt; &amp; B</title>" in page
    assert "<dd>Scripted</dd>" in page and "<dd>rubric</dd>" in page
    assert f"{result.metadata.total_evals_run}" in page
    assert "1m 01s" in page  # the duration


def test_stub_judge_and_errors_are_called_out() -> None:
    page = render_html_report(make_result(judge_model=None))
    warnings = re.findall(r'<div class="rb-banner warning">(.*?)</div>', page)
    assert any("no judge configured" in w for w in warnings)
    assert any("left unscored" in w for w in warnings)
    assert any("Failed answers" in w for w in warnings)


def test_heatmap_has_a_cell_per_checkpoint_and_a_view_per_persona() -> None:
    result = make_result(personas=2, checkpoints=143, questions=2, step_days=7)
    page = render_html_report(result)
    tables = re.findall(r'<table class="rb-heat" data-persona="([^"]*)"', page)
    assert tables == ["", "persona-0", "persona-1"]
    aggregate = page.split('<table class="rb-heat"', 2)[1]
    rows = re.findall(r"<tr[^>]*data-kind=\"(\w+)\"[^>]*>(.*?)</tr>", aggregate)
    assert [kind for kind, _ in rows][-2:] == ["overall", "hallucination"]
    for _kind, row in rows:
        assert len(re.findall(r"<td", row)) == 143
    assert 'title="factual-recall · 7d (7 days) · ' in aggregate


def test_hallucination_section_marks_high_risk_categories() -> None:
    page = render_html_report(make_result(personas=2, checkpoints=4, questions=8))
    section = page.split('id="hallucination"', 1)[1].split("<h2", 1)[0]
    assert "Hallucination trend:" in section and "per 100 days" in section
    for category in ("negative-recall", "synthesis"):
        assert re.search(rf"{category} <span class=\"badge warn\">high risk</span>", section)
    assert "<svg" in section  # the scatter, drawn inline


def test_the_pathological_pattern_is_warned_about() -> None:
    # Recall and hallucination fall together: the better the recall, the more it fabricates.
    def score(p: int, c: int, q: int) -> JudgeScore:
        good = 7 - c  # checkpoints 0..7: recall falls over time ...
        fabricates = q < good  # ... and so do the fabrications
        return JudgeScore(
            correctness=3 if q < good else 0,
            completeness=2 if q < good else 0,
            hallucination=0 if fabricates else 1,
        )

    page = render_html_report(make_result(personas=1, checkpoints=8, questions=8, score=score))
    assert 'id="rb-hallucination-warning"' in page


def test_canary_questions_are_listed_with_a_link_to_their_answers() -> None:
    def score(p: int, c: int, q: int) -> JudgeScore:
        # Question 0 fabricates at every checkpoint, question 1 at one in three, the rest never.
        fabricates = q == 0 or (q == 1 and c % 3 == 0)
        return JudgeScore(correctness=1, completeness=1, hallucination=0 if fabricates else 1)

    page = render_html_report(make_result(personas=2, checkpoints=6, questions=4, score=score))
    canaries = page.split("<h3>Canary questions</h3>", 1)[1].split("</table>", 1)[0]
    found = re.findall(r'data-find="([^"]+)">[^<]*</a></td><td class=num>([^<]*)<', canaries)
    assert found == [
        ("persona-0-q000", "6 of 6 (100%)"),
        ("persona-1-q000", "6 of 6 (100%)"),
    ]


def test_an_empty_or_failed_run_still_renders() -> None:
    failed = PersonaResult(
        persona_id="broken",
        adapter_name="Scripted",
        range_results=(),
        heatmap=(),
        total_ingestion_ms=0.0,
        total_query_ms=0.0,
        unique_qa_pair_count=0,
        total_evals_run=0,
        error="setup failed: connection refused",
    )
    result = BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Scripted",
        ranges=(TimeRange(label="30d", days=30),),
        personas=(failed,),
        heatmap=(),
        metadata=RunMetadata(duration_ms=None, total_evals_run=0, unique_qa_pair_count=0),
    )
    page = render_html_report(result)
    assert "Persona broken stopped early: setup failed: connection refused" in page
    assert payload_of(page)["rows"] == []
    assert "No scored answers." in page


@given(
    st.floats(-1e6, 1e6, allow_nan=False),
    st.floats(1e-3, 1e6, allow_nan=False),
    st.integers(2, 10),
)
@example(1.0, 400_001.0, 2)  # the first round step (500,000) held no multiple inside 1..400,002
@example(-467394.22784591204, 0.001, 10)  # steps of 1e-4 near 5e5: floats 6e-11 apart
def test_nice_ticks_are_round_ascending_and_inside_the_range(
    low: float, span: float, count: int
) -> None:
    high = low + span
    ticks = nice_ticks(low, high, count)
    assert ticks == sorted(set(ticks))
    slack = span * 1e-6
    assert all(low - slack <= t <= high + slack for t in ticks)
    assert 1 <= len(ticks) <= 2 * count + 1
    if len(ticks) > 1:
        step = ticks[1] - ticks[0]
        mantissa = step / 10 ** math.floor(math.log10(step))
        # Two ticks far from zero differ by the step give or take their floats' spacing.
        tol = 1e-6 + 4 * math.ulp(max(abs(low), abs(high))) / step
        assert any(math.isclose(mantissa, m, rel_tol=tol) for m in (1, 2, 5, 10))


def test_render_modules_are_pure() -> None:
    code = (
        "import sys, recallbench.render.html, recallbench.render._html_hallucination; "
        "print(sorted(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", ["report.css", "report.js"])
def test_assets_ship_inside_the_package(name: str) -> None:
    from importlib import resources

    asset = resources.files("recallbench.render").joinpath("assets", name)
    assert asset.is_file()
    text = asset.read_text("utf-8").lower()
    assert "</script" not in text and "<script" not in text and "<!--" not in text
