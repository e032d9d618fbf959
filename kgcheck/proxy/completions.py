"""``POST /v1/chat/completions`` without streaming: forward, check every choice, regenerate or
refuse as the mitigator decides, and answer with the upstream's completion plus ``kgcheck``.

Every choice is checked (a check costs milliseconds next to the upstream's seconds); each one
carries its own ``kgcheck`` object when there are several, and the response's top-level
``kgcheck`` is the first choice's. A regeneration asks for one completion (``n: 1``) with the
guidance appended to ``messages`` as a system message. A choice without text content (tool
calls only) is not checked: its ``kgcheck`` says ``outcome: unchecked``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
from fastapi.responses import JSONResponse, Response

from kgcheck.config import ProxyConfig
from kgcheck.history.state import DialogueState
from kgcheck.proxy.paths import COMPLETIONS
from kgcheck.proxy.upstream import Params, Upstream, UpstreamUnreachable, passed_headers
from kgcheck.proxy.verdict import Outcome, ReplyChecker, Verdict, guidance_of, outcome_of

__all__ = ["COMPLETIONS", "Completions", "Forward", "passthrough", "regeneration_body"]
#: Request keys that only make sense for a streamed answer.
_STREAM_ONLY = ("stream_options",)


def passthrough(response: httpx.Response) -> Response:
    """The upstream's answer as it came: status, body and headers (an error a client must see
    as the upstream's own)."""
    return Response(
        content=response.content,
        status_code=response.status_code,
        headers=passed_headers(response.headers),
    )


def regeneration_body(body: dict[str, Any], guidance: str) -> dict[str, Any]:
    """``body`` asking for one non-streamed rewrite, told what to fix."""
    retry = {k: v for k, v in body.items() if k not in _STREAM_ONLY}
    messages = list(body.get("messages") or [])
    retry.update(messages=[*messages, {"role": "system", "content": guidance}], n=1, stream=False)
    return retry


def _unchecked(reason: str) -> dict[str, Any]:
    return {"decision": None, "outcome": "unchecked", "reason": reason}


@dataclass(frozen=True)
class Forward:
    """What every call to the upstream for one client request carries, and what its replies
    are checked against.

    Attributes:
        headers: the caller's headers, as passed on.
        state: the conversation (the request's messages).
        params: the caller's query parameters, parsed.
        notes: what the conversation left out, for each report's ``skipped``.
        gone: says whether the client has left (its checks are then cancelled).
    """

    headers: dict[str, str]
    state: DialogueState
    params: Params = ()
    notes: tuple[str, ...] = ()
    gone: Callable[[], Awaitable[bool]] | None = None


@dataclass
class Completions:
    """The non-streaming flow (also used to stream a reply checked whole: ``proxy.stream:
    false``)."""

    upstream: Upstream
    replies: ReplyChecker
    settings: ProxyConfig

    async def checked(
        self, body: dict[str, Any], call: Forward
    ) -> tuple[httpx.Response, dict[str, Any] | None]:
        """The upstream's answer and the completion checked, with ``kgcheck`` added; ``None``
        when the upstream answered with an error (to be passed through as it came).

        Raises:
            UpstreamUnreachable: the upstream cannot be reached or answers with something other
                than a completion (502), or timed out (504).
            CheckFailed: checking a reply raised (503): no reply is sent.
        """
        response = await self.upstream.post(COMPLETIONS, body, call.headers, call.params)
        if not response.is_success:
            return response, None
        data = _completion(response)
        if data is None:  # nothing that can be checked: nothing is sent
            raise UpstreamUnreachable(
                "the upstream's answer is not a chat completion", code="upstream_bad_response"
            )
        choices = data["choices"]
        for choice in choices:
            choice["kgcheck"] = await self._settle(choice, body, call)
        data["kgcheck"] = choices[0]["kgcheck"] if choices else _unchecked("no choices")
        if len(choices) == 1:
            del choices[0]["kgcheck"]
        return response, data

    async def complete(self, body: dict[str, Any], call: Forward) -> Response:
        """:meth:`checked` as the answer to the client."""
        response, data = await self.checked(body, call)
        if data is None:
            return passthrough(response)
        return JSONResponse(
            data,
            status_code=response.status_code,
            headers=passed_headers(response.headers, drop=["content-type"]),
        )

    async def _settle(self, choice: Any, body: dict[str, Any], call: Forward) -> dict[str, Any]:
        """Check one choice and put what the client gets in its message; its ``kgcheck``."""
        message = choice.get("message") if isinstance(choice, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, str) or not content.strip():
            return _unchecked("no text content")
        assert isinstance(message, dict)
        verdict = await self.settle(content, body, call)
        message["content"] = verdict.content
        return verdict.to_dict()

    async def settle(self, text: str, body: dict[str, Any], call: Forward) -> Verdict:
        """What the client gets for ``text``: checked, regenerated while the mitigator asks
        for it and ``proxy.max_regenerations`` allows, else refused."""
        refusal = self.settings.refusal
        report = await self.replies.check(text, call.state, notes=call.notes, gone=call.gone)
        earlier = []
        attempt = 1
        while (
            outcome_of(report) == Outcome.REGENERATE and attempt <= self.settings.max_regenerations
        ):
            guidance = guidance_of(report)
            assert guidance is not None
            earlier.append(report)
            retry, note = await self._regenerate(body, call, guidance)
            if retry is None:
                return Verdict(refusal, Outcome.REFUSED, report, attempt, earlier[:-1], note)
            attempt += 1
            text = retry
            report = await self.replies.check(text, call.state, notes=call.notes, gone=call.gone)
        verdict = self.replies.verdict(text, report, refusal, attempt)
        verdict.earlier = earlier
        return verdict

    async def _regenerate(
        self, body: dict[str, Any], call: Forward, guidance: str
    ) -> tuple[str | None, str | None]:
        """The upstream's rewrite, or why there is none."""
        try:
            response = await self.upstream.post(
                COMPLETIONS, regeneration_body(body, guidance), call.headers, call.params
            )
        except UpstreamUnreachable as exc:
            return None, f"regeneration failed: {exc}"
        data = _completion(response)
        if data is None or not data["choices"]:
            return None, f"regeneration failed: the upstream answered HTTP {response.status_code}"
        message = data["choices"][0].get("message") or {}
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, str) or not content.strip():
            return None, "regeneration failed: the upstream's rewrite has no text"
        return content, None


def _completion(response: httpx.Response) -> dict[str, Any] | None:
    """The upstream's completion, or ``None`` when its answer is not one (an error status, a
    body that is not a JSON object with a ``choices`` list)."""
    if not response.is_success:
        return None
    try:
        data = json.loads(response.content)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("choices"), list):
        return None
    return data
