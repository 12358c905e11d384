"""The gRPC contract: the reference's messages and field numbers unchanged (§7), our extensions on new
numbers, and committed stubs that match the .proto."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from google.protobuf.descriptor import FieldDescriptor

from recallbench._proto import memory_bench_service_pb2 as pb

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "gen_proto.py"

# message -> [(field, number, type, repeated)] exactly as reference §7 gives them.
REFERENCE: dict[str, list[tuple[str, int, str, bool]]] = {
    "SetupRequest": [],
    "SetupResponse": [],
    "IngestDayResponse": [],
    "FinalizeIngestionRequest": [],
    "FinalizeIngestionResponse": [],
    "TeardownRequest": [],
    "TeardownResponse": [],
    "HealthcheckRequest": [],
    "IngestDayRequest": [
        ("day_number", 1, "int32", False),
        ("content", 2, "string", False),
        ("metadata", 3, "recall.bench.DayMetadata", False),
    ],
    "DayMetadata": [
        ("day_number", 1, "int32", False),
        ("date", 2, "string", False),
        ("persona_id", 3, "string", False),
        ("active_arcs", 4, "string", True),
    ],
    "QueryRequest": [("question", 1, "string", False)],
    "QueryResponse": [("answer", 1, "string", False)],
    "HealthcheckResponse": [("name", 1, "string", False), ("ready", 2, "bool", False)],
}

OURS: dict[str, list[tuple[str, int, str, bool]]] = {
    "DayMetadata": [("isolated_sessions", 5, "string", True)],
    "QueryRequest": [("session", 2, "string", False), ("lifecycle_token", 3, "string", False)],
    # The lifecycle token: returned by Setup, carried back by every later request.
    "SetupResponse": [("lifecycle_token", 1, "string", False)],
    "IngestDayRequest": [("lifecycle_token", 4, "string", False)],
    "FinalizeIngestionRequest": [("lifecycle_token", 1, "string", False)],
    "TeardownRequest": [("lifecycle_token", 1, "string", False)],
    "QueryResponse": [
        ("retrieval", 2, "recall.bench.RetrievalEntry", True),
        ("tool_calls", 3, "recall.bench.ToolCall", True),
        ("retrieval_reported", 4, "bool", False),
    ],
    "HealthcheckResponse": [("capabilities", 3, "string", True)],
    "RetrievalEntry": [
        ("path", 1, "string", False),
        ("score", 2, "double", False),
        ("snippet", 3, "string", False),
        ("day_number", 4, "int32", False),
        ("turn", 5, "string", False),
    ],
    "ToolCall": [
        ("tool", 1, "string", False),
        ("args_json", 2, "string", False),
        ("result_preview", 3, "string", False),
    ],
    # The Session stream: every call as a message, with a call id; new messages only.
    "SessionRequest": [
        ("call_id", 1, "uint64", False),
        ("timeout_ms", 2, "uint32", False),
        ("setup", 3, "recall.bench.SetupRequest", False),
        ("ingest_day", 4, "recall.bench.IngestDayRequest", False),
        ("finalize_ingestion", 5, "recall.bench.FinalizeIngestionRequest", False),
        ("query", 6, "recall.bench.QueryRequest", False),
        ("teardown", 7, "recall.bench.TeardownRequest", False),
        ("healthcheck", 8, "recall.bench.HealthcheckRequest", False),
        ("cancel", 9, "recall.bench.CancelCall", False),
        ("delete_memory", 10, "recall.bench.DeleteMemoryRequest", False),
        ("update_memory", 11, "recall.bench.UpdateMemoryRequest", False),
    ],
    "CancelCall": [],
    "SessionResponse": [
        ("call_id", 1, "uint64", False),
        ("setup", 3, "recall.bench.SetupResponse", False),
        ("ingest_day", 4, "recall.bench.IngestDayResponse", False),
        ("finalize_ingestion", 5, "recall.bench.FinalizeIngestionResponse", False),
        ("query", 6, "recall.bench.QueryResponse", False),
        ("teardown", 7, "recall.bench.TeardownResponse", False),
        ("healthcheck", 8, "recall.bench.HealthcheckResponse", False),
        ("error", 9, "recall.bench.CallStatus", False),
        ("delete_memory", 10, "recall.bench.DeleteMemoryResponse", False),
        ("update_memory", 11, "recall.bench.UpdateMemoryResponse", False),
    ],
    "CallStatus": [("code", 1, "int32", False), ("details", 2, "string", False)],
    # Deleting and updating one memory (issue 23): new messages and methods only.
    "DeleteMemoryRequest": [
        ("memory_id", 1, "string", False),
        ("lifecycle_token", 2, "string", False),
    ],
    "DeleteMemoryResponse": [],
    "UpdateMemoryRequest": [
        ("memory_id", 1, "string", False),
        ("content", 2, "string", False),
        ("lifecycle_token", 3, "string", False),
    ],
    "UpdateMemoryResponse": [],
}

_TYPES = {
    FieldDescriptor.TYPE_INT32: "int32",
    FieldDescriptor.TYPE_STRING: "string",
    FieldDescriptor.TYPE_BOOL: "bool",
    FieldDescriptor.TYPE_DOUBLE: "double",
    FieldDescriptor.TYPE_UINT64: "uint64",
    FieldDescriptor.TYPE_UINT32: "uint32",
}


def fields_of(message: str) -> list[tuple[str, int, str, bool]]:
    descriptor = pb.DESCRIPTOR.message_types_by_name[message]
    return [
        (
            f.name,
            f.number,
            f.message_type.full_name if f.message_type is not None else _TYPES[f.type],
            f.is_repeated,
        )
        for f in descriptor.fields
    ]


def test_package_service_and_methods_are_the_references() -> None:
    assert pb.DESCRIPTOR.package == "recall.bench"
    service = pb.DESCRIPTOR.services_by_name["MemoryBenchService"]
    assert service.full_name == "recall.bench.MemoryBenchService"
    methods = {m.name: (m.input_type.name, m.output_type.name) for m in service.methods}
    # The reference's six unary RPCs, and ours: the Session stream and the two memory calls (new
    # methods beside them).
    assert methods == {
        name: (f"{name}Request", f"{name}Response")
        for name in (
            "Setup",
            "IngestDay",
            "FinalizeIngestion",
            "Query",
            "Teardown",
            "Healthcheck",
            "Session",
            "DeleteMemory",
            "UpdateMemory",
        )
    }
    streaming = {m.name for m in service.methods if m.client_streaming or m.server_streaming}
    assert streaming == {"Session"}
    session = service.methods_by_name["Session"]
    assert session.client_streaming and session.server_streaming


def test_every_reference_field_is_unchanged_and_ours_are_new_numbers() -> None:
    messages = set(pb.DESCRIPTOR.message_types_by_name)
    assert messages == set(REFERENCE) | set(OURS)
    for message in messages:
        expected = REFERENCE.get(message, []) + OURS.get(message, [])
        assert sorted(fields_of(message), key=lambda f: f[1]) == expected, message


def test_optional_fields_tell_absent_from_zero() -> None:
    entry = pb.RetrievalEntry(path="p")
    assert not entry.HasField("score") and not entry.HasField("day_number")
    entry = pb.RetrievalEntry(path="p", score=0.0, day_number=0)
    assert entry.HasField("score") and entry.HasField("day_number")


def test_extensions_are_skipped_by_a_reference_peer() -> None:
    # Ours with a session is the reference's bytes (field 1) followed by field 2, which a reference
    # reader skips; a reference request reads here with an empty session.
    ours = pb.QueryRequest(question="q?", session="legal").SerializeToString()
    reference_bytes = pb.QueryRequest(question="q?").SerializeToString()
    assert ours.startswith(reference_bytes)
    assert pb.QueryRequest.FromString(reference_bytes).session == ""


def test_generated_modules_import_as_a_package() -> None:
    grpc_module = ROOT / "recallbench" / "_proto" / "memory_bench_service_pb2_grpc.py"
    assert "from recallbench._proto import memory_bench_service_pb2" in grpc_module.read_text()


def _generators_pinned() -> bool:
    if importlib.util.find_spec("grpc_tools") is None or not SCRIPT.exists():
        return False
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import gen_proto
    finally:
        sys.path.remove(str(SCRIPT.parent))
    return not gen_proto.version_problems()


@pytest.mark.skipif(
    importlib.util.find_spec("grpc_tools") is None, reason="grpcio-tools is not installed"
)
def test_committed_stubs_match_the_proto() -> None:
    if not _generators_pinned():
        pytest.skip(
            "the stub generators are not at their pinned versions "
            f"(grpcio-tools {metadata.version('grpcio-tools')})"
        )
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "up to date" in out.stdout
