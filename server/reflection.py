"""gRPC server reflection for the public contract, under both names tools ask for.

Tools such as grpcurl and Postman ask ``grpc.reflection.v1.ServerReflection``, older ones
``grpc.reflection.v1alpha.ServerReflection``; the two protocols are the same messages
under two package names, so one servicer answers both. Reflection reads its own
descriptor pool holding only the public files (the contract, health checking and
reflection itself), so the internal AI job schema that the server also imports stays
private. Symbols of methods and enum values (``speedgamez.v1.TableService.SubmitAction``)
resolve to the file that declares their service or enum, as grpcurl expects.
"""

from __future__ import annotations

from collections.abc import Iterable

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, timestamp_pb2
from google.protobuf.descriptor import FileDescriptor
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2
from grpc_reflection.v1alpha._async import ReflectionServicer

from speedgamez.v1 import table_service_pb2

V1ALPHA = "grpc.reflection.v1alpha"
V1 = "grpc.reflection.v1"
SERVICE_NAMES = (f"{V1}.ServerReflection", f"{V1ALPHA}.ServerReflection")


class _ContractReflection(ReflectionServicer):
    """Reflection over the public pool, resolving member symbols to their parent's file."""

    def _file_containing_symbol(
        self, request: reflection_pb2.ServerReflectionRequest, name: str
    ) -> reflection_pb2.ServerReflectionResponse:
        parent, _, member = name.rpartition(".")
        if parent and not _has_symbol(self._pool, name) and _has_member(self._pool, parent, member):
            name = parent
        return super()._file_containing_symbol(request, name)


def add_reflection(server: grpc.aio.Server, service_names: Iterable[str]) -> None:
    """Serve reflection of ``service_names`` (and of reflection itself) on ``server``."""
    servicer = _ContractReflection((*service_names, *SERVICE_NAMES), pool=public_pool())
    for service_name in SERVICE_NAMES:
        handler = grpc.stream_stream_rpc_method_handler(
            servicer.ServerReflectionInfo,
            request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
            response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
        )
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(service_name, {"ServerReflectionInfo": handler}),)
        )


def public_pool() -> descriptor_pool.DescriptorPool:
    """A descriptor pool with the public files only, dependencies first."""
    pool = descriptor_pool.DescriptorPool()
    added: set[str] = set()

    def add(file: FileDescriptor) -> None:
        if file.name in added:
            return
        for dependency in file.dependencies:
            add(dependency)
        proto = descriptor_pb2.FileDescriptorProto()
        file.CopyToProto(proto)
        pool.Add(proto)
        added.add(file.name)

    for file in (
        timestamp_pb2.DESCRIPTOR,
        table_service_pb2.DESCRIPTOR,
        health_pb2.DESCRIPTOR,
        reflection_pb2.DESCRIPTOR,
    ):
        add(file)
    pool.Add(_renamed_v1(reflection_pb2.DESCRIPTOR))
    return pool


def _renamed_v1(v1alpha: FileDescriptor) -> descriptor_pb2.FileDescriptorProto:
    """The v1 reflection file: the v1alpha file under the v1 package name."""
    proto = descriptor_pb2.FileDescriptorProto()
    v1alpha.CopyToProto(proto)
    proto.name = proto.name.replace("v1alpha", "v1")
    proto.package = V1
    old, new = f".{V1ALPHA}.", f".{V1}."
    messages = list(proto.message_type)
    while messages:
        message = messages.pop()
        messages.extend(message.nested_type)
        for field in message.field:
            if field.type_name:
                field.type_name = field.type_name.replace(old, new)
    for service in proto.service:
        for method in service.method:
            method.input_type = method.input_type.replace(old, new)
            method.output_type = method.output_type.replace(old, new)
    return proto


def _has_symbol(pool: descriptor_pool.DescriptorPool, name: str) -> bool:
    try:
        pool.FindFileContainingSymbol(name)
    except KeyError:
        return False
    return True


def _has_member(pool: descriptor_pool.DescriptorPool, parent: str, member: str) -> bool:
    """Whether ``parent`` is a service with method ``member`` or an enum with that value."""
    try:
        return member in pool.FindServiceByName(parent).methods_by_name
    except KeyError:
        pass
    try:
        return member in pool.FindEnumTypeByName(parent).values_by_name
    except KeyError:
        return False
