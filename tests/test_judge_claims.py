"""The claim check (issue 45): an answer's extra claims, looked up beyond the judge's window in the days
ingested by the checkpoint, at most N days.

The rubric judge in the window mode no longer flags a true detail from another day, still flags an
invented one (amounts, numbers, names, dates, codes found on no day), respects its bound and the
checkpoint; the LLM judge is shown the lines of the days holding the extra claims — checked on the
requests a real loopback server speaking the OpenAI API receives — and its cache keys on them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench import cli
from recallbench.data.corpus import Day
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError
from recallbench.judges.base import JudgeContext, build_context, excerpt_days
from recallbench.judges.cache import CachedJudge, JudgeCache, cache_key
from recallbench.judges.claim_context import claim_excerpts, claim_lines
from recallbench.judges.claim_days import (
    Claim,
    choose_claim_days,
    claim_day_numbers,
)
from recallbench.judges.claim_judges import checking_claims
from recallbench.judges.describe import describe_judge
from recallbench.judges.grounding import GroundingIndex
from recallbench.judges.llm import LlmJudge
from recallbench.judges.modes import labels_claim_days
from recallbench.judges.prompts import (
    CLAIM_CONTEXT_HEADER,
    CLAIM_PROMPT_VERSION,
    MEMORY_CONTEXT_HEADER,
    build_user_message,
)
from recallbench.judges.rubric import RubricJudge
from recallbench.models.openai import OpenAIModel
from recallbench.results.scoring import JudgeScore
from recallbench.testing.providers import FakeProviderServer

# ---------------------------------------------------------------------------------------------------
# A small corpus: the answer's evidence is day 15; true details sit on days 3, 8 and 26.


def _day(n: int, content: str) -> Day:
    return Day(number=n, date=f"2026-01-{n:02d}", content=content)


FILLER = "Quiet day. Receipts filed and the inbox cleared."
CONTENT = {
    3: "### Camp\nThe sailing camp boat was insured for $4,750 with Harbourline Mutual.",
    8: "### Transport\n- The camp bus was booked for 14:30 on the first morning.",
    14: "The sailing camp sent its packing list.",
    15: "The sailing camp deposit came in at $2,412, paid by Marguerite Oyelaran.",
    16: "Marguerite filed the camp receipt.",
    26: "The camp registration code is SC-8841, sent by the harbour office.",
}
DAYS = tuple(_day(n, CONTENT.get(n, FILLER)) for n in range(1, 31))
QUESTION = "How big was the deposit for Clementine's sailing camp?"
REFERENCE = "$2,412, paid by Marguerite Oyelaran."


def pair(category: str = "factual-recall", answer: str = REFERENCE) -> QAPair:
    return QAPair(
        id="q1",
        question=QUESTION,
        answer=answer,
        category=category,
        difficulty="easy",
        relevant_days=(15,),
    )


def score(
    answer: str, judge: RubricJudge, *, cutoff: int = 30, qa: QAPair | None = None
) -> JudgeScore:
    qa = qa or pair()
    context = build_context(qa, DAYS[:cutoff], 0)
    return judge.score_sync(qa.question, qa.answer, answer, context)


def triple(s: JudgeScore) -> tuple[int, int, int]:
    return s.correctness, s.completeness, s.hallucination


WINDOW = RubricJudge(hallucination_window=1)


def checked(days: int = 3) -> RubricJudge:
    return RubricJudge(hallucination_window=1, claim_days=days)


# ---------------------------------------------------------------------------------------------------
# The rubric judge


@pytest.mark.parametrize(
    "extra",
    [
        "The boat was insured for $4,750.",  # an amount, day 3 (12 days from the evidence)
        "The boat was insured with Harbourline Mutual.",  # a name, day 3
        "The camp bus leaves at 14:30.",  # a time, day 8
        "Its registration code is SC-8841.",  # a code, day 26
    ],
)
def test_a_true_extra_from_another_day_is_grounded_by_the_claim_check(extra: str) -> None:
    answer = f"{REFERENCE} {extra}"
    assert score(answer, WINDOW).hallucination == 0  # outside the ±1-day window: flagged
    assert triple(score(answer, checked())) == (3, 2, 1)
    assert triple(score(answer, RubricJudge())) == (3, 2, 1)  # invented mode: every ingested day


@pytest.mark.parametrize(
    ("extra", "label"),
    [
        ("The boat was insured for $7,131.", "$7,131"),  # an amount on no day
        ("Its registration number is 4,219.", "4,219"),  # a number on no day
        ("The boat was insured with Zanzibar Quux.", "Zanzibar Quux"),  # a name on no day
        ("The bus leaves on March 17.", "03-17"),  # a date no day holds (nor is)
        ("Its registration code is ZX-7731.", "zx-7731"),  # a code on no day
    ],
)
def test_an_invented_extra_is_still_flagged(extra: str, label: str) -> None:
    answer = f"{REFERENCE} {extra}"
    for judge in (checked(), checked(30), RubricJudge()):
        verdict = score(answer, judge)
        assert verdict.hallucination == 0, judge
        assert label in (verdict.reasoning or ""), verdict.reasoning
        assert verdict.correctness < 3  # one made-up detail beside the facts costs a step


def test_the_bound_counts_days() -> None:
    # Three true details on three days beyond the window: two days ground two of them.
    answer = f"{REFERENCE} The boat was insured for $4,750; the bus leaves at 14:30; code SC-8841."
    assert score(answer, checked(2)).hallucination == 0
    assert score(answer, checked(3)).hallucination == 1
    assert score(answer, checked(1)).hallucination == 0
    assert "unsupported" in (score(answer, checked(2)).reasoning or "")


def test_only_days_ingested_by_the_checkpoint_count() -> None:
    judge = checked()
    answer = f"{REFERENCE} Its registration code is SC-8841."  # day 26
    # Judging the later checkpoint first indexes day 26; the earlier one must not see it.
    assert score(answer, judge, cutoff=30).hallucination == 1
    assert score(answer, judge, cutoff=22).hallucination == 0
    assert score(answer, checked(), cutoff=22).hallucination == 0


def test_a_contradiction_is_no_extra() -> None:
    # $4,750 is real (day 3) but stands in for the reference's amount: wrong, and not looked up.
    verdict = score("The deposit was $4,750.", checked())
    assert triple(verdict) == triple(score("The deposit was $4,750.", WINDOW)) == (0, 0, 0)
    # A wrong answer's details from other days answer another question: not looked up either.
    wrong = "It was paid by the harbour office; the boat was insured for $4,750."
    assert score(wrong, checked()).hallucination == 0


def test_a_right_no_keeps_its_true_extras() -> None:
    qa = pair("negative-recall", "No. Nothing about a refund was recorded.")
    answer = "No. The notes only say the boat was insured for $4,750 with Harbourline Mutual."
    assert score(answer, WINDOW, qa=qa).hallucination == 0
    assert triple(score(answer, checked(), qa=qa)) == (3, 2, 1)
    made_up = "No. The notes only say the boat was insured for $7,131."
    assert score(made_up, checked(), qa=qa).hallucination == 0


def test_the_check_is_off_by_default_and_recorded_only_when_on() -> None:
    assert RubricJudge().claim_days == 0
    plain = describe_judge(RubricJudge(hallucination_window=1))
    assert "claimDays" not in plain  # fingerprints of earlier runs stay what they were
    assert describe_judge(checked(2))["claimDays"] == 2
    assert describe_judge(checked(2))["version"] == plain["version"]
    with pytest.raises(ConfigError, match="claim_days needs a hallucination_window"):
        RubricJudge(claim_days=2)
    with pytest.raises(ValueError, match="claim_days"):
        RubricJudge(hallucination_window=1, claim_days=-1)


def test_the_check_changes_nothing_without_extra_claims() -> None:
    for answer in (REFERENCE, "It was $2,412.", "I don't know.", "The deposit was $5,555."):
        assert score(answer, checked()) == score(answer, WINDOW), answer


# ---------------------------------------------------------------------------------------------------
# The look-up and its bound (pure): hand-made and property cases


def index_of(days: tuple[Day, ...]) -> GroundingIndex:
    return GroundingIndex.build(days)


def test_greedy_choice_covers_most_claims_first_then_the_nearest_day() -> None:
    days = (
        _day(1, "Alpha paid $1,111 and $2,222."),
        _day(5, "Beta paid $1,111."),
        _day(9, "Gamma paid $3,333."),
        _day(12, "Delta paid $3,333."),
    )
    claims = [Claim(v, f"money:{v}") for v in ("1111", "2222", "3333")]
    found = choose_claim_days(index_of(days), claims, cutoff=12, seen=(), relevant=(10,), limit=3)
    assert found.days == (1, 9)  # day 1 holds two claims; day 9 is nearer day 10 than day 12
    assert [[c.key for c in held] for held in found.claims] == [
        ["money:1111", "money:2222"],
        ["money:3333"],
    ]
    seen = choose_claim_days(
        index_of(days), claims, cutoff=12, seen=((9, 12),), relevant=(10,), limit=3
    )
    assert seen.days == (1,)
    assert (
        choose_claim_days(index_of(days), claims, cutoff=12, seen=(), relevant=(), limit=0).days
        == ()
    )


def test_names_need_their_words_on_one_day_and_quotes_half_their_pairs() -> None:
    days = (
        _day(1, "Marguerite signed. Later that week the quarterly budget review moved to Friday."),
        _day(2, "Oyelaran was away."),
        _day(3, "Marguerite Oyelaran approved it."),
    )
    index = index_of(days)
    assert claim_day_numbers(index, Claim("x", "name:marguerite oyelaran"), 3) == {3}
    quote = ("the", "quarterly", "budget", "review", "moved", "to", "monday")
    assert claim_day_numbers(index, Claim("q", "quote:" + " ".join(quote), quote), 3) == {1}
    short = ("budget", "review")
    assert claim_day_numbers(index, Claim("q", "quote:budget review", short), 3) == set()


WORDS = ("alpha", "beta", "gamma", "delta", "omega")


@st.composite
def corpora(
    draw: st.DrawFn,
) -> tuple[tuple[Day, ...], list[Claim], int, tuple[tuple[int, int], ...]]:
    n = draw(st.integers(1, 12))
    days = []
    for i in range(1, n + 1):
        amounts = draw(st.lists(st.integers(1000, 1010), max_size=3))
        words = draw(st.lists(st.sampled_from(WORDS), max_size=3))
        body = " ".join([*(f"${a:,}" for a in amounts), *words]) or "nothing"
        days.append(_day(i, body))
    claims = [
        Claim(str(a), f"money:{a}") for a in draw(st.sets(st.integers(1000, 1010), max_size=5))
    ]
    claims += [Claim(w, f"name:{w}") for w in draw(st.sets(st.sampled_from(WORDS), max_size=3))]
    cutoff = draw(st.integers(1, n))
    lo = draw(st.integers(1, n))
    seen = ((lo, draw(st.integers(lo, n))),) if draw(st.booleans()) else ()
    return tuple(days), claims, cutoff, seen


@given(corpora(), st.integers(0, 4))
@settings(max_examples=150, deadline=None)
def test_choice_respects_bound_cutoff_and_window(case: Any, limit: int) -> None:
    days, claims, cutoff, seen = case
    index = index_of(days)
    found = choose_claim_days(index, claims, cutoff=cutoff, seen=seen, relevant=(1,), limit=limit)
    assert len(found.days) <= limit
    assert len(set(found.days)) == len(found.days) == len(found.claims)
    covered = [c for held in found.claims for c in held]
    assert len(covered) == len({c.key for c in covered})  # each claim counted once
    for day, held in zip(found.days, found.claims, strict=True):
        assert 1 <= day <= cutoff
        assert not any(lo <= day <= hi for lo, hi in seen)
        assert held  # a day is chosen only for a claim it holds
        assert all(day in claim_day_numbers(index, c, cutoff) for c in held)
    # A larger bound never covers fewer claims.
    more = choose_claim_days(
        index, claims, cutoff=cutoff, seen=seen, relevant=(1,), limit=limit + 1
    )
    assert sum(map(len, more.claims)) >= len(covered)


# ---------------------------------------------------------------------------------------------------
# What an LLM judge is shown


def test_excerpt_days_reads_the_blocks_of_memory_excerpts() -> None:
    context = build_context(pair(), DAYS, 1)
    assert excerpt_days(context.memory_excerpts) == (14, 15, 16)
    assert excerpt_days(None) == excerpt_days("") == ()


def test_claim_lines_show_the_lines_holding_the_claims_under_their_heading() -> None:
    context = build_context(pair(), DAYS, 1)
    answer = f"{REFERENCE} The boat was insured for $4,750 and the bus leaves at 14:30."
    lines = claim_excerpts(QUESTION, REFERENCE, answer, context, limit=3, finder=RubricJudge())
    assert lines == (
        "--- DAY 3 (2026-01-03) ---\n"
        "### Camp\n"
        "The sailing camp boat was insured for $4,750 with Harbourline Mutual.\n\n"
        "--- DAY 8 (2026-01-08) ---\n"
        "### Transport\n"
        "- The camp bus was booked for 14:30 on the first morning."
    )
    one = claim_excerpts(QUESTION, REFERENCE, answer, context, limit=1, finder=RubricJudge())
    assert excerpt_days(one) == (3,) or excerpt_days(one) == (8,)
    invented = f"{REFERENCE} The boat was insured for $7,131."
    assert (
        claim_excerpts(QUESTION, REFERENCE, invented, context, limit=3, finder=RubricJudge()) == ""
    )
    early = build_context(pair(), DAYS[:7], 1)  # day 8 not yet ingested
    assert excerpt_days(
        claim_excerpts(QUESTION, REFERENCE, answer, early, limit=3, finder=RubricJudge())
    ) == (3,)


def test_a_days_own_date_shows_the_lines_that_share_the_answers_words() -> None:
    day = _day(
        12,
        "### Family\nThe school run moved to 8:10.\n### Camp\nThe camp deposit stayed at $2,412.",
    )
    shown = claim_lines(
        day, [Claim("01-12", "date:01-12")], "On 2026-01-12 the camp deposit stayed"
    )
    assert shown == ["### Camp", "The camp deposit stayed at $2,412."]


def test_user_message_carries_the_claim_block_after_the_memory_block() -> None:
    context = JudgeContext(
        memory_excerpts="--- DAY 1 (d) ---\nM", claim_excerpts="--- DAY 9 (d) ---\nC"
    )
    message = build_user_message("Q", "R", "A", context)
    assert message.index(MEMORY_CONTEXT_HEADER) < message.index(CLAIM_CONTEXT_HEADER)
    assert f"{CLAIM_CONTEXT_HEADER}\n--- DAY 9 (d) ---\nC\n\nQUESTION:" in message
    for blank in (None, "", "  \n"):
        plain = JudgeContext(memory_excerpts="--- DAY 1 (d) ---\nM", claim_excerpts=blank)
        assert CLAIM_CONTEXT_HEADER not in build_user_message("Q", "R", "A", plain)


# Update only together with CLAIM_PROMPT_VERSION: a judge that checks claims keys its cache on it.
PINNED_CLAIM_PROMPT = ("1", "25e80ea3e26430b1")


def test_claim_block_text_is_pinned_to_its_version() -> None:
    shown = (
        JudgeContext(memory_excerpts="--- DAY 1 (d) ---\nM", claim_excerpts="--- DAY 9 (d) ---\nC"),
        JudgeContext(claim_excerpts="--- DAY 9 (d) ---\nC"),
    )
    texts = [CLAIM_CONTEXT_HEADER, *(build_user_message("Q", "R", "A", c) for c in shown)]
    digest = hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]
    assert (CLAIM_PROMPT_VERSION, digest) == PINNED_CLAIM_PROMPT, (
        "the claim block's text changed: bump CLAIM_PROMPT_VERSION and pin "
        f"({CLAIM_PROMPT_VERSION!r}, {digest!r})"
    )


def test_cache_keys_without_claim_lines_are_unchanged() -> None:
    excerpts = "--- DAY 1 (d) ---\nM"
    old = cache_key("id", "Q", "R", "A", JudgeContext(memory_excerpts=excerpts))
    for blank in (None, ""):
        context = JudgeContext(memory_excerpts=excerpts, claim_excerpts=blank)
        assert cache_key("id", "Q", "R", "A", context) == old
    shown = JudgeContext(memory_excerpts=excerpts, claim_excerpts="--- DAY 9 (d) ---\nC")
    assert cache_key("id", "Q", "R", "A", shown) != old


def test_an_llm_judge_checks_claims_only_when_asked() -> None:
    model = OpenAIModel("judge", endpoint="http://127.0.0.1:9/v1", api_key="k")
    plain, checking = LlmJudge(model), LlmJudge(model, claim_days=2)
    assert "claim" not in plain.cache_identity and "claim_days=" not in repr(plain)
    identity = json.loads(checking.cache_identity)
    assert identity["claim_days"] == 2 and identity["claim_prompt"] == CLAIM_PROMPT_VERSION
    assert len(checking.prompt_texts()) == len(plain.prompt_texts()) + 2
    assert plain.prompt_texts() == LlmJudge(model).prompt_texts()
    with pytest.raises(ConfigError, match="claim_days"):
        LlmJudge(model, claim_days=-1)
    assert isinstance(checking_claims(plain, 3), LlmJudge)
    assert checking_claims(plain, 3).claim_days == 3  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="--claim-days"):
        checking_claims(RubricJudge(), 3)


GRADE = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'


def _user_message(request: Any) -> str:
    return str(request.json["messages"][-1]["content"])


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_the_llm_judges_prompt_shows_the_lines_of_the_days_holding_the_claims(
    tmp_path: Path,
) -> None:
    answer = f"{REFERENCE} The boat was insured for $4,750 with Harbourline Mutual."
    context = build_context(pair(), DAYS, 1)
    async with FakeProviderServer(lambda request: GRADE) as server:
        model = OpenAIModel("judge", endpoint=f"{server.url}/v1", api_key="sk-test")
        async with LlmJudge(model) as plain, LlmJudge(model, claim_days=2) as checking:
            await plain.score(QUESTION, REFERENCE, answer, context)
            await checking.score(QUESTION, REFERENCE, answer, context)
            await checking.score(QUESTION, REFERENCE, f"{REFERENCE} It cost $7,131.", context)
        without, shown, invented = (_user_message(r) for r in server.requests)
        assert MEMORY_CONTEXT_HEADER in without and CLAIM_CONTEXT_HEADER not in without
        assert "insured" not in without.split("QUESTION:")[0]  # day 3: outside the window
        assert shown.startswith(without.split("QUESTION:")[0].rstrip("\n"))
        block = shown.split(CLAIM_CONTEXT_HEADER + "\n", 1)[1].split("\n\nQUESTION:")[0]
        assert block == (
            "--- DAY 3 (2026-01-03) ---\n### Camp\n"
            "The sailing camp boat was insured for $4,750 with Harbourline Mutual."
        )
        assert CLAIM_CONTEXT_HEADER not in invented  # found on no day: nothing to show

        # Cached: the lines shown are part of the key. An identical call makes no request; the
        # same answer at a checkpoint before day 3 shows no lines, and is another entry.
        cache = JudgeCache(tmp_path / "cache")
        async with CachedJudge(LlmJudge(model, claim_days=2), cache) as cached:
            await cached.score(QUESTION, REFERENCE, answer, context)
            await cached.score(QUESTION, REFERENCE, answer, context)
            assert len(server.requests) == 4
            early = build_context(pair(), DAYS[:2], 1)
            await cached.score(QUESTION, REFERENCE, answer, early)
            assert len(server.requests) == 5
            assert CLAIM_CONTEXT_HEADER not in _user_message(server.requests[-1])
            assert cached.usage.cache_hits == 1 and cached.usage.cache_misses == 2


# ---------------------------------------------------------------------------------------------------
# The commands


def test_labels_claim_days_reads_the_fingerprint() -> None:
    llm = {"fingerprint": {"judges": {"primary": {"identity": {"claim_days": 3}}}}}
    rubric = {"fingerprint": {"judges": {"primary": {"claimDays": 2}}}}
    assert labels_claim_days(llm) == 3 and labels_claim_days(rubric) == 2
    for nothing in ({}, {"fingerprint": "x"}, {"fingerprint": {"judges": {"primary": {}}}}):
        assert labels_claim_days(nothing) == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--judge", "rubric", "--claim-days", "2"], "--claim-days: the rubric judge checks"),
        (
            ["--judge", "stub", "--claim-days", "2", "--hallucination-window", "1"],
            "rubric judge only",
        ),
        (["--judge", "stub", "--claim-days", "2"], "--claim-days: judge stub does not check"),
    ],
)
def test_judge_probe_bad_claim_flags_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code = cli.main(["judge-probe", *argv, "--personas", "executive-assistant", "--sample", "2"])
    err = capsys.readouterr().err
    assert code == 2 and message in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_judge_probe_measures_the_claim_check(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["judge-probe", "--judge", "rubric", "--personas", "financial-advisor", "--sample", "6"]
    verdicts = {}
    for extra in (
        [],
        ["--hallucination-window", "1"],
        ["--hallucination-window", "1", "--claim-days", "3"],
    ):
        assert cli.main([*base, *extra, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        verdicts[len(extra)] = {o["name"]: o["verdict"] for o in data["orderings"]}
    assert verdicts[0]["distant-extra ≥ verbatim"] == "held"
    assert verdicts[2]["distant-extra ≥ verbatim"] == "violated"  # the window alone flags it
    assert verdicts[2]["true extras not flagged"] == "violated"
    assert verdicts[4]["distant-extra ≥ verbatim"] == "held"
    assert verdicts[4]["true extras not flagged"] == "held"
    assert verdicts[4]["invented-extra flagged"] == "held"


def test_judge_agreement_claim_days_needs_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = tmp_path / "result.json"
    result.write_text(json.dumps({"personas": [], "metadata": {}}), encoding="utf-8")
    code = cli.main(["judge-agreement", str(result), "--claim-days", "2"])
    err = capsys.readouterr().err
    assert code == 2 and "--claim-days" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.reference
def test_agreement_on_the_shared_run_in_window_mode(
    reference_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 45's target: the rubric judge's agreement with the reference run's LLM labels, in the
    window mode the command picks for them (their judge saw a ±1-day window and no claim lines, so
    no claim check), stays at Spearman ≥ 0.80 and hallucination balanced accuracy ≥ 0.79."""
    result = reference_data / "bench-results" / "ea-180d-recall-baseline" / "result.json"
    data_dir = str(reference_data / "personas")
    argv = [
        "judge-agreement",
        str(result),
        "--data",
        data_dir,
        "--arcs",
        "arcs-180d.yaml",
        "--json",
    ]
    assert cli.main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["hallucinationMode"], data["hallucinationWindow"], data["claimDays"]) == (
        "window",
        1,
        0,
    )
    assert data["spearman"] >= 0.80
    assert data["hallucinationBalancedAccuracy"] >= 0.79


def test_the_claim_check_is_a_judge_spec_on_the_command_line() -> None:
    """``--judge rubric:window=N,claim-days=K`` turns the check on from the command line; a wrong
    key or value is one line naming it."""
    from recallbench.errors import ConfigError
    from recallbench.harness.judge_loading import load_judge

    judge = load_judge("rubric:window=1,claim-days=3")
    assert (judge.hallucination_window, judge.claim_days) == (1, 3)  # type: ignore[attr-defined]
    assert load_judge("rubric:window=2").claim_days == 0  # type: ignore[attr-defined]
    for spec, words in [
        ("rubric:windw=1", "'windw' is not an option of the rubric judge"),
        ("rubric:window=one", "window must be a whole number"),
        ("rubric:claim-days=3", "claim_days needs a hallucination_window"),
    ]:
        with pytest.raises(ConfigError, match=words):
            load_judge(spec)
