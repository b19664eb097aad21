"""Calls of the contract over HTTP (Connect protocol), with nothing but the standard library:
what a client developer writes from the protocol's description, with no Connect library.

``Connect.call`` makes a unary call as a POST of JSON or binary protobuf (or a GET for the
RPCs without side effects); ``Connect.stream`` reads a server stream's enveloped messages
(a flags byte, a 4-byte big-endian length, the message; flags 0x02 marks the end of the
stream, a JSON object with the error, if any).
"""

from __future__ import annotations

import base64
import http.client
import json
import ssl
import struct
import urllib.parse
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from google.protobuf.json_format import MessageToJson, Parse
from google.protobuf.message import Message

from speedgamez.v1 import table_service_pb2 as service_pb2

SERVICE = "speedgamez.v1.TableService"
_END_STREAM = 0x02


@dataclass
class Answer:
    """What a call came back with: ``code`` is a gRPC status name (``OK`` on success)."""

    code: str
    message: str = ""
    response: Message | None = None
    http_status: int = 200


class ConnectStreamError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Connect:
    """A Connect client of one server's HTTP address (``host:port``)."""

    def __init__(self, address: str, token: str | None = None, tls: ssl.SSLContext | None = None) -> None:
        self.host, port = address.rsplit(":", 1)
        self.port = int(port)
        self.token = token
        self.tls = tls

    def connection(self) -> http.client.HTTPConnection:
        if self.tls is not None:
            return http.client.HTTPSConnection(self.host, self.port, timeout=60, context=self.tls)
        return http.client.HTTPConnection(self.host, self.port, timeout=60)

    def headers(self, content_type: str, **extra: str) -> dict[str, str]:
        headers = {"content-type": content_type, **extra}
        if self.token is not None:
            headers["authorization"] = f"Bearer {self.token}"
        return headers

    def call(self, method: str, request: Message, binary: bool = False, get: bool = False) -> Answer:
        """A unary call; JSON unless ``binary``, a POST unless ``get``."""
        response_type = getattr(service_pb2, type(request).__name__.removesuffix("Request") + "Response")
        connection = self.connection()
        try:
            path = f"/{SERVICE}/{method}"
            if get:
                query = urllib.parse.urlencode(
                    {
                        "connect": "v1",
                        "encoding": "proto",
                        "base64": "1",
                        "message": base64.urlsafe_b64encode(request.SerializeToString()).decode().rstrip("="),
                    }
                )
                headers = self.headers("")
                del headers["content-type"]
                connection.request("GET", f"{path}?{query}", headers=headers)
                binary = True
            elif binary:
                connection.request(
                    "POST", path, request.SerializeToString(), self.headers("application/proto")
                )
            else:
                connection.request(
                    "POST", path, MessageToJson(request).encode(), self.headers("application/json")
                )
            reply = connection.getresponse()
            body = reply.read()
        finally:
            connection.close()
        if reply.status != 200:
            if reply.getheader("content-type") != "application/json":
                # Refused by HTTP itself (a method not allowed, say), before the protocol.
                return Answer(f"HTTP {reply.status}", http_status=reply.status)
            error = json.loads(body)
            return Answer(error["code"].upper(), error.get("message", ""), http_status=reply.status)
        if binary:
            return Answer("OK", response=response_type.FromString(body))
        return Answer("OK", response=Parse(body, response_type()))

    def post_raw(self, method: str, body: bytes, content_type: str, **headers: str) -> tuple[int, bytes]:
        """A POST of any bytes: the HTTP status and the body."""
        connection = self.connection()
        try:
            connection.request("POST", f"/{SERVICE}/{method}", body, self.headers(content_type, **headers))
            reply = connection.getresponse()
            return reply.status, reply.read()
        finally:
            connection.close()

    def stream(self, method: str, request: Message) -> Generator[Message, None, None]:
        """The responses of a server stream, as they come; a failed stream raises
        ``ConnectStreamError`` after the responses it delivered."""
        response_type = getattr(service_pb2, type(request).__name__.removesuffix("Request") + "Response")
        connection = self.connection()
        try:
            envelope = _envelope(MessageToJson(request).encode())
            connection.request(
                "POST", f"/{SERVICE}/{method}", envelope, self.headers("application/connect+json")
            )
            reply = connection.getresponse()
            if reply.status != 200:
                error = json.loads(reply.read())
                raise ConnectStreamError(error["code"].upper(), error.get("message", ""))
            while True:
                head = reply.read(5)
                if len(head) < 5:
                    raise ConnectStreamError("UNAVAILABLE", "the stream was cut off without its end")
                flags, length = struct.unpack(">BI", head)
                data = reply.read(length)
                if flags & _END_STREAM:
                    end: dict[str, Any] = json.loads(data or b"{}")
                    if "error" in end:
                        raise ConnectStreamError(
                            end["error"]["code"].upper(), end["error"].get("message", "")
                        )
                    return
                yield Parse(data, response_type())
        finally:
            connection.close()


def _envelope(data: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(data)) + data
