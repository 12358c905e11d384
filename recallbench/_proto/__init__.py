"""Generated gRPC stubs for ``proto/memory_bench_service.proto`` (package ``recall.bench``).

Do not edit the ``memory_bench_service_pb2*`` modules: regenerate them with
``python scripts/gen_proto.py`` (``nox -s proto`` checks that they match the ``.proto``). Importing
them imports grpc and protobuf, so only the gRPC client and server do, inside the functions that
need them.
"""
