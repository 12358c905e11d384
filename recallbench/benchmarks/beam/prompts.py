"""The official evaluation's prompts, byte for byte, and their SHA-256 digests.

From github.com/mohammadtavakoli78/BEAM at commit ``b2a3ee8ba12d68f83143dda191097dc3e028ddd3``:

* :data:`JUDGE_PROMPT`: ``unified_llm_judge_base_prompt`` (``src/prompts.py``), the one prompt of
  every nugget call of ``src/evaluation/compute_metrics.py`` (3,882 characters, 3,910 UTF-8 bytes;
  its curly quotes and trailing spaces as published). The evaluators replace ``<rubric_item>``,
  then ``<llm_response>`` (:func:`judge_prompt`); ``<question>`` is never replaced there, so the
  judge reads the literal ``<question>`` — kept so (the official figures were made so);
* :data:`EQUIVALENCE_SYSTEM` and :func:`equivalence_user`: ``llm_equivalence``'s system message
  (its typo "exaplanation" included) and its user f-string, the two messages of each event-ordering
  alignment call;
* :data:`FACTS_PROMPT`: ``break_paragraph_to_facts_detailed_prompt``, which ``evaluate_event_ordering``
  sends and then discards (``system_list`` is overwritten by ``llm_response.split("\n")``): kept
  for reference, never sent here (it changes no figure).

:data:`DIGESTS` are the SHA-256 digests of their UTF-8 bytes; the tests check the constants against
them, and against a checkout of the repository when ``RECALLBENCH_BEAM_REPO`` names one.
"""

from __future__ import annotations

__all__ = [
    "BEAM_COMMIT",
    "DIGESTS",
    "EQUIVALENCE_SYSTEM",
    "EQUIVALENCE_USER",
    "FACTS_PROMPT",
    "JUDGE_PROMPT",
    "equivalence_user",
    "judge_prompt",
]

BEAM_COMMIT = "b2a3ee8ba12d68f83143dda191097dc3e028ddd3"
"""The repository's commit the prompts were taken from."""

JUDGE_PROMPT = """
You are an expert evaluator tasked with judging whether the LLM's response demonstrates compliance with the specified RUBRIC CRITERION.

## EVALUATION INPUTS
- QUESTION (what the user asked): <question>
- RUBRIC CRITERION (what to check): <rubric_item>
- RESPONSE TO EVALUATE: <llm_response>

## EVALUATION RUBRIC:
The rubric defines a specific requirement, constraint, or expected behavior that the LLM response should demonstrate. 

**IMPORTANT**: Pay careful attention to whether the rubric specifies:
- **Positive requirements** (things the response SHOULD include/do)
- **Negative constraints** (things the response SHOULD NOT include/do, often indicated by "no", "not", "avoid", "absent")

## RESPONSIVENESS REQUIREMENT (anchored to the QUESTION)
A compliant response must be **on-topic with respect to the QUESTION** and attempt to answer it.
- If the response does not address the QUESTION, score **0.0** and stop.
- For negative constraints, both must hold: (a) the response is responsive to the QUESTION, and (b) the prohibited element is absent.

## SEMANTIC TOLERANCE RULES:
Judge by meaning, not exact wording.
- Accept **paraphrases** and **synonyms** that preserve intent.
- **Case/punctuation/whitespace** differences must be ignored.
- **Numbers/currencies/dates** may appear in equivalent forms (e.g., “$68,000”, “68k”, “68,000 USD”, or “sixty-eight thousand dollars”). Treat them as equal when numerically equivalent.
- If the rubric expects a number or duration, prefer **normalized comparison** (extract and compare values) over string matching.

## STYLE NEUTRALITY (prevents style contamination):
Ignore tone, politeness, length, and flourish unless the rubric explicitly requires a format/structure (e.g., “itemized list”, “no citations”, “one sentence”).
- Do **not** penalize hedging, voice, or verbosity if content satisfies the rubric.
- Only evaluate format when the rubric **explicitly** mandates it.

## SCORING SCALE:
- **1.0 (Complete Compliance)**: Fully complies with the rubric criterion.
  - Positive: required element present, accurate, properly executed (allowing semantic equivalents).
  - Negative: prohibited element **absent** AND response is **responsive**.
  
- **0.5 (Partial Compliance)**: Partially complies.
  - Positive: element present but minor inaccuracies/incomplete execution.
  - Negative: generally responsive and mostly avoids the prohibited element but with minor/edge violations.
  
- **0.0 (No Compliance)**: Fails to comply.
  - Positive: required element missing or incorrect.
  - Negative: prohibited element present **or** response is non-responsive/evasive even if the element is absent.

## EVALUATION INSTRUCTIONS:
1. **Understand the Requirement**: Determine if the rubric is asking for something to be present (positive) or absent (negative/constraint).

2. **Parse Compound Statements**: If the rubric contains multiple elements connected by "and" or commas, evaluate whether:
   - **All elements** must be present for full compliance (1.0)
   - **Some elements** present indicates partial compliance (0.5)
   - **No elements** present indicates no compliance (0.0)
   
3. **Check Compliance**: 
   - For positive requirements: Look for the presence and quality of the required element
   - For negative constraints: Look for the absence of the prohibited element

4. **Assign Score**: Based on compliance with the specific rubric criterion according to the scoring scale above.

5. **Provide Reasoning**: Explain whether the rubric criterion was satisfied and justify the score.

## OUTPUT FORMAT:
Return your evaluation in JSON format with two fields:

{
   "score": [your score: 1.0, 0.5, or 0.0],
   "reason": "[detailed explanation of whether the rubric criterion was satisfied and why this justified the assigned score]"
}

NOTE: ONLY output the json object, without any explanation before or after that
"""  # noqa: W291, W293 - the official text, its trailing spaces as published
"""``unified_llm_judge_base_prompt``: sent as the only (user) message of a nugget call."""

EQUIVALENCE_SYSTEM = "\n            You are a binary classifier.\n            If the TWO snippets describe the SAME event/fact, reply **YES**\n            Otherwise reply **NO**. No extra words.\n            DO NOT provide any exaplanation.\n        "
"""``llm_equivalence``'s system message (a triple-quoted string in the source, its indentation kept)."""

EQUIVALENCE_USER = (
    "First snippet: {first_paragraph} \n\n                       Second snippet: "
    "{second_paragraph}\n                    "
)
"""``llm_equivalence``'s user f-string as a template: the rubric item first, the response line
second (the source's ``\\n`` then a line break, and the indentation of the lines after it)."""

FACTS_PROMPT = """
You are tasked with breaking down a paragraph or sentence into individual semantic fact units. Each fact unit should represent one distinct, atomic piece of information that can be independently verified or evaluated.

DEFINITION OF SEMANTIC FACT UNIT:
- A single, complete piece of information
- Cannot be broken down further without losing meaning
- Contains one main claim or statement
- Is independently verifiable
- Has clear subject-predicate relationship

EXTRACTION RULES:
1. Split compound sentences at conjunctions (and, but, or, so, etc.)
2. Separate temporal information into distinct facts
3. Break down lists into individual items
4. Isolate causal relationships (because, since, therefore)
5. Separate descriptive attributes from main statements
6. Extract numerical data as separate facts when relevant
7. Maintain context necessary for understanding each fact

QUESTION-BASED EXTRACTION NECESSITY:
- Identify what the question is asking for (who, what, when, where, why, how, how much, etc.)
- Extract semantic units that directly answer the question first
- Include supporting details and context as separate fact units
- Ensure extracted facts are meaningful in relation to the question asked

EXAMPLES:

INPUT: "John visited the store on Monday and bought three apples for $5, but he forgot to get milk because the dairy section was closed."

OUTPUT:
1. "John visited the store on Monday"
2. "John bought three apples"
3. "The apples cost $5"
4. "John forgot to get milk"
5. "The dairy section was closed"
6. "John forgot milk because the dairy section was closed"

INSTRUCTIONS:
- Extract ALL semantic fact units from the given text
- Number each fact unit sequentially
- Maintain factual accuracy - do not add or infer information
- Preserve important context within each fact unit
- Ensure each fact can stand alone as a meaningful statement
- DO NOT add any explanation before or after the text

QUESTION:
<question>

ANSWER TO EXTRACT FACTS FROM:
<input_text>

OUTPUT FORMAT:
1. [First semantic fact unit]
2. [Second semantic fact unit]
3. [Third semantic fact unit]
...

Begin extraction:
"""
"""``break_paragraph_to_facts_detailed_prompt`` (never sent: see the module docstring)."""

DIGESTS: dict[str, str] = {
    "JUDGE_PROMPT": "d349c9a8559bed9c14bfe2e624212225b09218ff864258a739229c15f4c8e869",
    "EQUIVALENCE_SYSTEM": "0863c78c1b27d36c97bb7bfd2d4d6b88ef69b093e92bb4719e665527722413e2",
    "FACTS_PROMPT": "04ab9a64f08674efdac63649059daf27fd499c2e455eaf57641553fd7aae2276",
}
"""The SHA-256 of each prompt's UTF-8 bytes, as the BEAM note records them."""


def judge_prompt(rubric_item: str, llm_response: str) -> str:
    """A nugget call's prompt as the official evaluators build it: ``<rubric_item>`` replaced
    first, then ``<llm_response>`` (``str.replace``: every occurrence), ``<question>`` left as it
    is."""
    return JUDGE_PROMPT.replace("<rubric_item>", rubric_item).replace(
        "<llm_response>", llm_response
    )


def equivalence_user(first_paragraph: str, second_paragraph: str) -> str:
    """An alignment call's user message: ``first_paragraph`` the rubric item, ``second_paragraph``
    the response line, as ``llm_equivalence``'s f-string writes them."""
    return (
        f"First snippet: {first_paragraph} \n\n{' ' * 23}Second snippet: {second_paragraph}\n"
        f"{' ' * 20}"
    )
