"""A gRPC peer built from reference §7 alone: the reference's messages, without any field of ours.

What a server or client compiled from the reference's ``.proto`` parses and writes: a reference
client sends no lifecycle token (its messages have no such field) and skips the one our ``Setup``
returns, as the reference's TypeScript client does.
"""

from __future__ import annotations

from typing import Any

import grpc
import grpc.aio
from google.protobuf import descriptor_pb2, message_factory
from google.protobuf.descriptor_pool import DescriptorPool

SERVICE = "recall.bench.MemoryBenchService"


def reference_messages() -> dict[str, Any]:
    """The reference's messages, built from §7 alone (no field of ours): what a server compiled
    from the reference's .proto parses and writes."""
    fdp = descriptor_pb2.FileDescriptorProto(
        name="reference/memory_bench_service.proto", package="recall.bench", syntax="proto3"
    )
    fd = descriptor_pb2.FieldDescriptorProto
    scalar = {"int32": fd.TYPE_INT32, "string": fd.TYPE_STRING, "bool": fd.TYPE_BOOL}
    fields: dict[str, list[tuple[str, int, str, bool]]] = {
        "SetupRequest": [],
        "SetupResponse": [],
        "IngestDayResponse": [],
        "FinalizeIngestionRequest": [],
        "FinalizeIngestionResponse": [],
        "TeardownRequest": [],
        "TeardownResponse": [],
        "HealthcheckRequest": [],
        "DayMetadata": [
            ("day_number", 1, "int32", False),
            ("date", 2, "string", False),
            ("persona_id", 3, "string", False),
            ("active_arcs", 4, "string", True),
        ],
        "IngestDayRequest": [
            ("day_number", 1, "int32", False),
            ("content", 2, "string", False),
            ("metadata", 3, ".recall.bench.DayMetadata", False),
        ],
        "QueryRequest": [("question", 1, "string", False)],
        "QueryResponse": [("answer", 1, "string", False)],
        "HealthcheckResponse": [("name", 1, "string", False), ("ready", 2, "bool", False)],
    }
    for message, spec in fields.items():
        m = fdp.message_type.add(name=message)
        for field, number, kind, repeated in spec:
            f = m.field.add(name=field, number=number)
            f.label = fd.LABEL_REPEATED if repeated else fd.LABEL_OPTIONAL
            if kind in scalar:
                f.type = scalar[kind]
            else:
                f.type, f.type_name = fd.TYPE_MESSAGE, kind
    classes = message_factory.GetMessages([fdp], pool=DescriptorPool())
    return {name.rsplit(".", 1)[1]: cls for name, cls in classes.items()}


class ReferenceClient:
    """Calls ``MemoryBenchService`` with the reference's messages only (no lifecycle token).

    Args:
        channel: the channel to call on; the client's connection is the channel's.
    """

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self.channel = channel
        self.messages = reference_messages()

    async def call(self, method: str, **fields: Any) -> Any:
        """Send ``<method>Request(**fields)``; the response as the reference parses it."""
        request = self.messages[f"{method}Request"](**fields)
        rpc = self.channel.unary_unary(
            f"/{SERVICE}/{method}",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=self.messages[f"{method}Response"].FromString,
        )
        return await rpc(request, timeout=10)

    async def ingest(self, day: int, content: str, date: str, persona_id: str = "tiny") -> Any:
        """An IngestDay with the reference's metadata (no isolated sessions)."""
        metadata = self.messages["DayMetadata"](day_number=day, date=date, persona_id=persona_id)
        return await self.call("IngestDay", day_number=day, content=content, metadata=metadata)
