"""Reading an LLM judge's reply (reference §4.3): JavaScript rounding, fences, embedded objects, field
checks — with property tests over the pure parser."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from recallbench.errors import JudgeParseError
from recallbench.judges.parse import EMPTY_REPLY_SCORE, js_round, parse_judge_output
from recallbench.results.scoring import JudgeScore

GOOD = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'
GOOD_SCORE = JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="matches")


# -- js_round -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (2.5, 3),
        (1.6, 2),
        (2.4, 2),
        (0.5, 1),
        (1.5, 2),
        (-0.5, 0),
        (-1.5, -1),
        (-2.5, -2),
        (-2.6, -3),
        (-0.0, 0),
        (0.49999999999999994, 0),  # floor(x + 0.5) in floats would give 1
        (-0.49999999999999994, 0),
        (4503599627370495.5, 4503599627370496),
        (4503599627370497.0, 4503599627370497),
        (1e300, int(1e300)),
        (3, 3),
    ],
)
def test_js_round(x: float, expected: int) -> None:
    result = js_round(x)
    assert result == expected
    assert type(result) is int


@pytest.mark.parametrize("x", [math.nan, math.inf, -math.inf])
def test_js_round_refuses_non_finite(x: float) -> None:
    with pytest.raises(ValueError, match="non-finite"):
        js_round(x)


@given(st.floats(allow_nan=False, allow_infinity=False))
@example(0.49999999999999994)
@example(-0.5)
@example(2.5)
def test_js_round_is_exact_floor_of_x_plus_half(x: float) -> None:
    # The mathematical floor(x + 1/2), computed without float rounding: what Math.round specifies.
    assert js_round(x) == math.floor(Fraction(x) + Fraction(1, 2))


# -- parse_judge_output: examples -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\n\t \n"])
def test_empty_reply_scores_zero_zero_grounded(text: str) -> None:
    score = parse_judge_output(text)
    assert score == JudgeScore(correctness=0, completeness=0, hallucination=1)
    assert score.reasoning is None
    assert score is EMPTY_REPLY_SCORE


@pytest.mark.parametrize(
    "text",
    [
        GOOD,
        f"  \n{GOOD}\n\n",
        f"```json\n{GOOD}\n```",
        f"```JSON\n{GOOD}\n```",
        f"```\n{GOOD}\n```",
        f"```json {GOOD} ```",
        f"  ```json\n\n{GOOD}\n\n```  ",
        f"Here is my verdict:\n{GOOD}\nHope that helps.",
        f"Here is my verdict:\n```json\n{GOOD}\n```\nDone.",
        f"Score: {GOOD} {{not json}}",
        f"[{GOOD}]",  # an array is not the object, but the object inside it is found
    ],
    ids=[
        "bare",
        "padded",
        "fenced-json",
        "fenced-JSON",
        "fenced-plain",
        "fenced-one-line",
        "fenced-padded",
        "prose",
        "fenced-in-prose",
        "object-then-braces",
        "array",
    ],
)
def test_reply_shapes(text: str) -> None:
    assert parse_judge_output(text) == GOOD_SCORE


def test_braces_and_quotes_inside_strings_do_not_end_the_object() -> None:
    reasoning = 'said "}" and {{ then \\"escaped\\" }'
    obj = {"correctness": 2, "completeness": 1, "hallucination": 1, "reasoning": reasoning}
    text = f"Verdict -> {json.dumps(obj)} <- trailing {{"
    assert parse_judge_output(text) == JudgeScore(
        correctness=2, completeness=1, hallucination=1, reasoning=reasoning
    )


def test_nested_objects_are_scanned_by_depth() -> None:
    text = 'ok: {"correctness": 1, "completeness": 0, "hallucination": 0, "extra": {"a": {}}} end'
    assert parse_judge_output(text) == JudgeScore(correctness=1, completeness=0, hallucination=0)


def test_only_the_first_candidate_object_is_tried() -> None:
    # The first braced span is not valid JSON: a later valid object is not looked for.
    text = f"{{draft: maybe}} then {GOOD}"
    with pytest.raises(JudgeParseError, match="did not contain a JSON object"):
        parse_judge_output(text)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"correctness": 2.5, "completeness": 1.5, "hallucination": 0.5}, (3, 2, 1)),
        (
            {"correctness": 2.4, "completeness": 0.49999999999999994, "hallucination": -0.5},
            (2, 0, 0),
        ),
        ({"correctness": 3.0, "completeness": 2.0, "hallucination": 1.0}, (3, 2, 1)),
        ({"correctness": -0.4, "completeness": 1.6, "hallucination": 0.2}, (0, 2, 0)),
        ({"correctness": 1e-300, "completeness": 0, "hallucination": 1}, (0, 0, 1)),
    ],
)
def test_fields_round_like_javascript(fields: dict[str, float], expected: tuple[int, ...]) -> None:
    score = parse_judge_output(json.dumps(fields))
    assert (score.correctness, score.completeness, score.hallucination) == expected


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("correctness", 4, "[0, 3]: 4"),
        ("correctness", 3.5, "[0, 3]: 4"),
        ("correctness", -1, "[0, 3]: -1"),
        ("correctness", -0.6, "[0, 3]: -1"),
        ("completeness", 3, "[0, 2]: 3"),
        ("hallucination", 2, "[0, 1]: 2"),
        ("hallucination", 1e300, "[0, 1]: "),
    ],
)
def test_out_of_range_is_an_error_not_clamped(field: str, value: float, shown: str) -> None:
    fields: dict[str, Any] = {"correctness": 1, "completeness": 1, "hallucination": 1}
    fields[field] = value
    with pytest.raises(JudgeParseError) as info:
        parse_judge_output(json.dumps(fields))
    message = str(info.value)
    assert f"field '{field}' out of range" in message
    assert shown in message


@pytest.mark.parametrize(
    ("field", "raw"),
    [
        ("correctness", '"3"'),
        ("correctness", "true"),
        ("completeness", "false"),
        ("hallucination", "null"),
        ("correctness", "[3]"),
        ("completeness", '{"v": 2}'),
        ("hallucination", "NaN"),
        ("correctness", "Infinity"),
        ("completeness", "-Infinity"),
        ("correctness", "1e999"),  # overflows to infinity
        ("hallucination", None),  # missing
    ],
)
def test_fields_must_be_finite_numbers(field: str, raw: str | None) -> None:
    parts = {"correctness": "1", "completeness": "1", "hallucination": "1"}
    if raw is None:
        del parts[field]
    else:
        parts[field] = raw
    text = "{" + ", ".join(f'"{k}": {v}' for k, v in parts.items()) + "}"
    with pytest.raises(JudgeParseError, match=f"field '{field}' is not a number"):
        parse_judge_output(text)


def test_fields_are_checked_in_order() -> None:
    with pytest.raises(JudgeParseError, match="'correctness'"):
        parse_judge_output('{"correctness": "x", "completeness": 9, "hallucination": null}')


@pytest.mark.parametrize(
    "text",
    [
        "I think the answer is correct.",
        "[1, 2, 3]",
        '"a string"',
        "42",
        "{",
        "{ not: json }",
        '{"correctness": 3, "completeness": 2,',
        "```json\n```",
        "```json\n[3, 2, 1]\n```",
        "}{",
    ],
)
def test_no_object_is_an_error(text: str) -> None:
    with pytest.raises(JudgeParseError, match=r"^Judge output did not contain a JSON object: "):
        parse_judge_output(text)


def test_no_object_message_quotes_the_first_200_characters() -> None:
    text = "x" * 500
    with pytest.raises(JudgeParseError) as info:
        parse_judge_output(text)
    assert str(info.value) == f"Judge output did not contain a JSON object: {'x' * 200}…"
    with pytest.raises(JudgeParseError) as info:
        parse_judge_output("  short  ")
    assert str(info.value) == "Judge output did not contain a JSON object: short"


@pytest.mark.parametrize(
    ("reasoning", "kept"),
    [
        ('"fine"', "fine"),
        ('""', None),
        ("null", None),
        ("3", None),
        ('["a"]', None),
        ('"  "', "  "),
        (json.dumps("x" * 300), "x" * 300),  # kept as given: not truncated here
    ],
)
def test_reasoning_is_kept_only_as_a_non_empty_string(reasoning: str, kept: str | None) -> None:
    text = f'{{"correctness": 1, "completeness": 1, "hallucination": 1, "reasoning": {reasoning}}}'
    assert parse_judge_output(text).reasoning == kept


def test_extra_keys_are_ignored() -> None:
    text = (
        '{"correctness": 1, "completeness": 2, "hallucination": 0, "confidence": "high", "x": []}'
    )
    assert parse_judge_output(text) == JudgeScore(correctness=1, completeness=2, hallucination=0)


def test_deep_nesting_is_a_parse_error() -> None:
    with pytest.raises(JudgeParseError):
        parse_judge_output("{" * 100_000 + "}" * 100_000)
    with pytest.raises(JudgeParseError):
        parse_judge_output("[" * 100_000 + "]" * 100_000)


def test_parse_module_is_pure() -> None:
    code = (
        "import sys; import recallbench.judges.parse; "
        "bad = [m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == ""


# -- parse_judge_output: properties ---------------------------------------------------------------


def _in_range(low: int, high: int) -> st.SearchStrategy[int | float]:
    """Numbers that round (JavaScript-style) into [low, high]: whole numbers and floats in
    [low - 0.5, high + 0.5)."""
    return st.one_of(
        st.integers(low, high),
        st.floats(low - 0.5, high + 0.5, exclude_max=True, allow_nan=False),
    )


scores = st.fixed_dictionaries(
    {
        "correctness": _in_range(0, 3),
        "completeness": _in_range(0, 2),
        "hallucination": _in_range(0, 1),
    },
    optional={"reasoning": st.text(), "note": st.text() | st.integers() | st.none()},
)

# Prose before the object may say anything but open a brace (the first "{" is the object's).
prose_before = st.text().filter(lambda s: "{" not in s)
wrappings = st.sampled_from(["bare", "fenced-json", "fenced", "prose"])


def _expected(fields: dict[str, Any]) -> JudgeScore:
    def whole(v: int | float) -> int:
        return v if isinstance(v, int) else js_round(v)

    reasoning = fields.get("reasoning")
    return JudgeScore(
        correctness=whole(fields["correctness"]),
        completeness=whole(fields["completeness"]),
        hallucination=whole(fields["hallucination"]),
        reasoning=reasoning or None,
    )


@given(scores, wrappings, prose_before, st.text(), st.booleans())
def test_any_valid_score_parses_back(
    fields: dict[str, Any], wrapping: str, before: str, after: str, indent: bool
) -> None:
    body = json.dumps(fields, indent=2 if indent else None, ensure_ascii=indent)
    if wrapping == "fenced-json":
        text = f"```json\n{body}\n```"
    elif wrapping == "fenced":
        text = f"```\n{body}\n```"
    elif wrapping == "prose":
        text = f"{before}\n{body}\n{after}"
    else:
        text = body
    assert parse_judge_output(text) == _expected(fields)


@given(
    st.sampled_from(["correctness", "completeness", "hallucination"]),
    st.one_of(
        st.integers(max_value=-1),
        st.integers(min_value=4),
        st.floats(max_value=-0.5, exclude_max=True, allow_nan=False, allow_infinity=False),
        st.floats(min_value=3.5, allow_nan=False, allow_infinity=False),
    ),
)
def test_out_of_range_always_errors(field: str, value: int | float) -> None:
    fields: dict[str, Any] = {"correctness": 0, "completeness": 0, "hallucination": 0}
    fields[field] = value
    with pytest.raises(JudgeParseError, match=f"field '{field}' out of range"):
        parse_judge_output(json.dumps(fields))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=10,
)
score_like = st.dictionaries(
    st.sampled_from(["correctness", "completeness", "hallucination", "reasoning"]) | st.text(),
    json_values,
)


@given(
    st.one_of(
        st.text(),
        st.text(alphabet='{}[]":,\\ \n`json0123456789.-+eE'),
        score_like.map(json.dumps),
        st.tuples(st.text(), score_like.map(json.dumps), st.text()).map("".join),
    )
)
def test_arbitrary_text_raises_only_judge_parse_error(text: str) -> None:
    try:
        score = parse_judge_output(text)
    except JudgeParseError:
        return
    assert isinstance(score, JudgeScore)
