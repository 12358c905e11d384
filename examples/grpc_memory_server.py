"""A minimal memory system served over gRPC, written only against the generated stubs.

This is what the author of a memory system built on another framework writes to be benchmarked by
recallbench without importing it: a server for ``MemoryBenchService`` (``proto/memory_bench_service.proto``,
package ``recall.bench``). The memory is deliberately simple — every ``###`` section of every day,
answered by keyword overlap — so that the gRPC plumbing is what you read.

Run it, then point the harness at it::

    python examples/grpc_memory_server.py --port 50052
    recallbench run --adapter grpc://127.0.0.1:50052 --data DIR --arcs arcs-180d.yaml

In your own project, generate the stubs from the proto with grpcio-tools instead of borrowing
recallbench's copies (the only recallbench import below)::

    pip install grpcio grpcio-tools
    python -m grpc_tools.protoc -I path/to/proto --python_out=. --grpc_python_out=. \\
        path/to/proto/memory_bench_service.proto

and ``import memory_bench_service_pb2 as pb, memory_bench_service_pb2_grpc as pb_grpc``. Other
languages: see ``docs/grpc.md``.

The server is synchronous (``grpc.server`` with a thread pool), so concurrent queries run on several
threads: the memory is guarded by a lock.
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
import threading
from collections import Counter
from concurrent import futures
from types import FrameType

import grpc

# In your project: import memory_bench_service_pb2 as pb (your own generated stubs).
from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc

WORD = re.compile(r"[a-z0-9][a-z0-9'$.-]*[a-z0-9]|[a-z0-9]")
STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "the",
        "to",
        "was",
        "were",
        "what",
        "when",
        "which",
        "who",
        "why",
        "with",
    ]
)
ABSTAIN = "No evidence found in memory."


def words(text: str) -> list[str]:
    return [w for w in WORD.findall(text.lower()) if w not in STOP]


class KeywordMemoryServicer(pb_grpc.MemoryBenchServiceServicer):
    """Keeps every ``###`` section of every ingested day; answers with the one sharing most words."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sections: list[tuple[int, int, str, Counter[str]]] = []  # day, index, text, words

    def Healthcheck(
        self, request: pb.HealthcheckRequest, context: grpc.ServicerContext
    ) -> pb.HealthcheckResponse:
        # "query_detail": we fill QueryResponse.retrieval, with day numbers, so the run reports
        # retrieval metrics. We do not advertise "session": this memory ignores sessions.
        return pb.HealthcheckResponse(
            name="keyword-memory (gRPC)", ready=True, capabilities=["query_detail"]
        )

    def Setup(self, request: pb.SetupRequest, context: grpc.ServicerContext) -> pb.SetupResponse:
        with self.lock:
            self.sections = []
        return pb.SetupResponse()

    def IngestDay(
        self, request: pb.IngestDayRequest, context: grpc.ServicerContext
    ) -> pb.IngestDayResponse:
        if request.day_number < 1:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "day_number must be ≥ 1")
        found = []
        for block in re.split(r"^(?=### )", request.content, flags=re.MULTILINE):
            text = block.strip()
            if text.startswith("### "):
                found.append(text)
        with self.lock:
            for i, text in enumerate(found):
                self.sections.append((request.day_number, i, text, Counter(words(text))))
        return pb.IngestDayResponse()

    def FinalizeIngestion(
        self, request: pb.FinalizeIngestionRequest, context: grpc.ServicerContext
    ) -> pb.FinalizeIngestionResponse:
        # Called after each batch of days; a real system would (re)build its index here.
        return pb.FinalizeIngestionResponse()

    def Query(self, request: pb.QueryRequest, context: grpc.ServicerContext) -> pb.QueryResponse:
        asked = set(words(request.question))
        with self.lock:
            scored = [
                (sum(1 for w in asked if w in counts), day, i, text)
                for day, i, text, counts in self.sections
            ]
        ranked = sorted(scored, key=lambda s: s[0], reverse=True)[:5]
        response = pb.QueryResponse()
        for overlap, day, i, text in ranked:
            response.retrieval.add(
                path=f"day-{day:04d}.md#{i}",
                score=float(overlap),
                snippet=text[:120],
                day_number=day,
            )
        if not ranked or ranked[0][0] == 0:
            response.answer = ABSTAIN
        else:
            body = " ".join(ranked[0][3].splitlines()[1:]).strip()
            response.answer = body[:600] or ranked[0][3]
        return response

    def Teardown(
        self, request: pb.TeardownRequest, context: grpc.ServicerContext
    ) -> pb.TeardownResponse:
        with self.lock:
            self.sections = []
        return pb.TeardownResponse()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=50052, help="0 picks a free port")
    args = parser.parse_args()

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
    pb_grpc.add_MemoryBenchServiceServicer_to_server(KeywordMemoryServicer(), server)
    port = server.add_insecure_port(f"{args.host}:{args.port}")
    server.start()
    print(f"keyword memory listening on {args.host}:{port}", flush=True)

    def stop(signum: int, frame: FrameType | None) -> None:
        # Refuse new calls, give those in flight two seconds; wait_for_termination() then returns.
        server.stop(grace=2)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.wait_for_termination()
    return 0


if __name__ == "__main__":
    sys.exit(main())
