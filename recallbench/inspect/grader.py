"""An LLM judge over one of inspect's model roles: ``-T judge=role:grader``.

recallbench's LLM judge (:class:`~recallbench.judges.llm.LlmJudge`: its prompt, its parsing, its
re-ask of an unparsable reply) asks a text model (:class:`~recallbench.models.base.TextModel`);
:class:`RoleModel` is that text model over inspect's ``get_model(role=...)``, so the grader is
whatever ``--model-role grader=PROVIDER/MODEL`` binds (without it, inspect's rule: the model under
evaluation), with inspect's connections, retries, rate limits and usage accounting.
"""

from __future__ import annotations

import re

from ..judges.base import Judge
from ..models.base import Completion

__all__ = ["ROLE_PREFIX", "RoleModel", "role_judge", "role_of"]

ROLE_PREFIX = "role:"
"""A judge spec naming an inspect model role: ``role:grader``."""

_ROLE = re.compile(r"[A-Za-z_][\w-]*")


def role_of(spec: str | None) -> str | None:
    """The model role a judge spec names (``role:grader`` → ``grader``), else None.

    Raises:
        ValueError: ``role:`` with no valid role name after it.
    """
    if spec is None or not spec.strip().lower().startswith(ROLE_PREFIX):
        return None
    role = spec.strip()[len(ROLE_PREFIX) :]
    if not _ROLE.fullmatch(role):
        raise ValueError(f"-T judge=role:NAME names an inspect model role, got {spec!r}")
    return role


class RoleModel:
    """A recallbench text model answering through inspect's model role ``role``."""

    def __init__(self, role: str) -> None:
        self.role = role
        self.name = f"{ROLE_PREFIX}{role}"

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig, get_model

        model = get_model(role=self.role)
        output = await model.generate(
            [ChatMessageSystem(content=system_prompt), ChatMessageUser(content=user_message)],
            config=GenerateConfig(temperature=temperature, max_tokens=max_tokens),
        )
        usage = output.usage
        return Completion(
            text=output.completion.strip(),
            input_tokens=usage.input_tokens if usage is not None else None,
            output_tokens=usage.output_tokens if usage is not None else None,
            model=str(model),
        )


def role_judge(role: str) -> Judge:
    """recallbench's LLM judge over inspect's model role ``role``."""
    from ..judges.llm import LlmJudge

    judge: Judge = LlmJudge(RoleModel(role), name=f"{ROLE_PREFIX}{role}")
    return judge
