"""The HTTP layer: the contract's TableService for browsers and ``curl``, beside the gRPC port.

An ASGI application of the ``connectrpc`` library serves every RPC on the same paths as
gRPC (``/speedgamez.v1.TableService/GetTable``) in three protocols, told apart by the
request's content type:

- Connect: unary calls as a POST of JSON (``application/json``) or binary protobuf
  (``application/proto``), or as a GET for the RPCs the contract marks
  ``NO_SIDE_EFFECTS``; the streams as enveloped messages (``application/connect+json``)
  that a browser's ``fetch`` reads as they come;
- gRPC-Web (``application/grpc-web*``), for clients built on it;
- gRPC (``application/grpc*``), over HTTP/2 only.

Hypercorn runs it over HTTP/1.1 and HTTP/2 (cleartext with prior knowledge, or TLS in front).
Each call is handed to ``server.calls``, the same path the gRPC port takes: the same
handlers, limits, authentication (``authorization: Bearer <token>``, never a URL), errors
and metrics, labelled with the protocol. Browsers from another origin are answered only
when the operator lists it (``SPEEDGAMEZ_CORS_ORIGINS``); see ``CrossOrigin``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from connectrpc.code import Code as ConnectCode
from connectrpc.errors import ConnectError
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import descriptor_pb2
from google.protobuf.json_format import MessageToJson, Parse, ParseError
from google.protobuf.message import DecodeError, Message

from server import calls
from server.calls import Malformed
from server.errors import ServiceError
from server.service import TableService
from speedgamez.v1 import table_service_pb2 as service_pb2

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Headers a browser's Connect or gRPC-Web client sends, and those it must be able to read.
_ALLOWED_HEADERS = (
    "authorization, content-type, connect-protocol-version, connect-timeout-ms, "
    "grpc-timeout, x-grpc-web, x-user-agent"
)
_EXPOSED_HEADERS = "grpc-status, grpc-message, grpc-status-details-bin"
_SERVICE_PATH = f"/{calls.SERVICE.full_name}/"
_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
}
# The page loads its own script and style only, and talks to its own origin only.
_CONTENT_SECURITY_POLICY = (
    b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
# How long a browser may reuse the answer to a preflight request.
_PREFLIGHT_MAX_AGE_S = 7200


def table_service_app(service: TableService, max_request_bytes: int, web_root: Path | None = None) -> ASGIApp:
    """The ASGI application serving ``service``, cross-origin rules included, and the web
    client's files from ``web_root`` (if given) on every other path."""
    connect = _TableServiceApplication(
        service=service,
        endpoints=_endpoints,
        read_max_bytes=max_request_bytes,
        codecs=[_BinaryCodec(), _JSONCodec()],
    )
    app: ASGIApp = CrossOrigin(connect, frozenset(service.settings.cors_origins))
    return WebClient(app, web_root) if web_root is not None else app


class _TableServiceApplication(ConnectASGIApplication[TableService]):
    @property
    def path(self) -> str:
        return f"/{calls.SERVICE.full_name}"


def _endpoints(service: TableService) -> Mapping[str, Any]:
    endpoints: dict[str, Any] = {}
    for method in calls.SERVICE.methods:
        info: MethodInfo[Any, Any] = MethodInfo(
            name=method.name,
            service_name=calls.SERVICE.full_name,
            input=getattr(service_pb2, method.input_type.name),
            output=getattr(service_pb2, method.output_type.name),
            idempotency_level=_idempotency(method.GetOptions()),
            stream_type=StreamType.SERVER_STREAM if method.server_streaming else StreamType.UNARY,
        )
        path = f"/{calls.SERVICE.full_name}/{method.name}"
        if method.server_streaming:
            endpoints[path] = Endpoint.server_stream(info, _streaming(service, method.name))
        else:
            endpoints[path] = Endpoint.unary(info, _unary(service, method.name))
    return endpoints


def _idempotency(options: descriptor_pb2.MethodOptions) -> IdempotencyLevel:
    if options.idempotency_level == descriptor_pb2.MethodOptions.NO_SIDE_EFFECTS:
        return IdempotencyLevel.NO_SIDE_EFFECTS
    if options.idempotency_level == descriptor_pb2.MethodOptions.IDEMPOTENT:
        return IdempotencyLevel.IDEMPOTENT
    return IdempotencyLevel.UNKNOWN


def _unary(
    service: TableService, method: str
) -> Callable[[Any, RequestContext[Any, Any]], Awaitable[Message]]:
    async def function(request: Any, context: RequestContext[Any, Any]) -> Message:
        # Answers are the caller's own: no cache, shared or not, may keep one (GETs).
        context.response_headers["cache-control"] = "no-store"
        authorization = list(context.request_headers.getall("authorization"))
        address = _address(service, context)
        try:
            return await calls.answer(service, method, request, authorization, address, protocol_of(context))
        except ServiceError as error:
            raise _connect_error(error) from None

    return function


def _streaming(
    service: TableService, method: str
) -> Callable[[Any, RequestContext[Any, Any]], AsyncIterator[Message]]:
    async def function(request: Any, context: RequestContext[Any, Any]) -> AsyncIterator[Message]:
        authorization = list(context.request_headers.getall("authorization"))
        address = _address(service, context)
        try:
            async for response in calls.stream(
                service, method, request, authorization, address, protocol_of(context)
            ):
                yield response
        except ServiceError as error:
            raise _connect_error(error) from None

    return function


def protocol_of(context: RequestContext[Any, Any]) -> str:
    """The protocol label of a call's metrics, from its content type (a GET is Connect)."""
    content_type = context.request_headers.get("content-type", "")
    if content_type.startswith("application/grpc-web"):
        return "grpc_web"
    if content_type.startswith("application/grpc"):
        return "grpc"
    return "connect"


def _connect_error(error: ServiceError) -> ConnectError:
    return ConnectError(ConnectCode[error.code.value], error.message)


def _address(service: TableService, context: RequestContext[Any, Any]) -> str:
    host = (context.client_address or "").rsplit(":", 1)[0].strip("[]")
    forwarded = list(context.request_headers.getall("x-forwarded-for"))
    return calls.client_address(calls.ip_address(host), forwarded, service.settings.trusted_proxies)


class _BinaryCodec:
    """Protobuf's binary form; bytes that are no valid message become ``Malformed``, which
    ``server.calls`` refuses like any other bad request (limited and counted)."""

    def name(self) -> str:
        return "proto"

    def encode(self, message: Message) -> bytes:
        return message.SerializeToString()

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message | Malformed:
        try:
            return message_class.FromString(bytes(data))
        except DecodeError:
            return Malformed(message_class.DESCRIPTOR.full_name)


class _JSONCodec:
    """Protobuf's canonical JSON form: field names in lowerCamelCase (snake_case accepted),
    enums by name, 64-bit integers as strings. Unknown fields are refused, so that a
    misspelt field is an error rather than silently left out."""

    def name(self) -> str:
        return "json"

    def encode(self, message: Message) -> bytes:
        return MessageToJson(message, indent=None, ensure_ascii=False).encode()

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message | Malformed:
        message = message_class()
        try:
            Parse(bytes(data).decode("utf-8") or "{}", message)
        except (ParseError, UnicodeDecodeError) as error:
            return Malformed(message_class.DESCRIPTOR.full_name, str(error))
        return message


class CrossOrigin:
    """Cross-origin rules (CORS) in front of ``app``.

    A request without an ``Origin`` header (``curl``, apps) or from the page's own origin
    (the web client served beside the API, as nginx does) passes unchanged. A browser
    request from an origin the operator listed is answered with the CORS headers, its
    preflight too; any other origin is refused with 403 and a Connect error naming the
    setting, before the service sees it. Tokens travel in the ``authorization`` header,
    which only a listed origin may send.
    """

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope.get("headers", ()))
        origin = headers.get("origin")
        if origin is None or _same_origin(origin, headers.get("host", "")):
            await self.app(scope, receive, send)
            return
        if origin not in self.allowed:
            await _refuse_origin(origin, send)
            return
        if scope["method"] == "OPTIONS":
            await _preflight(origin, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *_cors_headers(origin)]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _same_origin(origin: str, host: str) -> bool:
    # The scheme is not compared: behind a TLS proxy the page is https and this hop is not.
    return bool(host) and urllib.parse.urlsplit(origin).netloc == host


def _cors_headers(origin: str) -> list[tuple[bytes, bytes]]:
    return [
        (b"access-control-allow-origin", origin.encode()),
        (b"access-control-expose-headers", _EXPOSED_HEADERS.encode()),
        (b"vary", b"Origin"),
    ]


async def _preflight(origin: str, send: Send) -> None:
    headers = [
        *_cors_headers(origin),
        (b"access-control-allow-methods", b"GET, POST"),
        (b"access-control-allow-headers", _ALLOWED_HEADERS.encode()),
        (b"access-control-max-age", str(_PREFLIGHT_MAX_AGE_S).encode()),
    ]
    await send({"type": "http.response.start", "status": 204, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


async def _refuse_origin(origin: str, send: Send) -> None:
    body = json.dumps(
        {
            "code": "permission_denied",
            "message": f"web pages from {origin} may not call this service; the operator lists the "
            "origins that may in SPEEDGAMEZ_CORS_ORIGINS",
        }
    ).encode()
    headers = [(b"content-type", b"application/json"), (b"vary", b"Origin")]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@dataclass(frozen=True)
class _StaticFile:
    """One file of the web client as read at start: its bytes, their gzip form (None
    where it would be no smaller) and a validator for each."""

    body: bytes
    content_type: str
    etag: bytes
    gzipped: bytes | None
    gzipped_etag: bytes

    @staticmethod
    def read(path: Path) -> _StaticFile:
        body = path.read_bytes()
        digest = hashlib.sha256(body).hexdigest()[:20]
        # mtime=0: the same bytes give the same compressed bytes on every server.
        gzipped = gzip.compress(body, compresslevel=9, mtime=0)
        return _StaticFile(
            body,
            _CONTENT_TYPES.get(path.suffix, "application/octet-stream"),
            f'"{digest}"'.encode(),
            gzipped if len(gzipped) < len(body) else None,
            f'"{digest}-gzip"'.encode(),
        )


class WebClient:
    """The web client's files (``web/dist``) for GET and HEAD on any path outside the
    service's: ``/`` and every page address the client makes (``/?table=...``) answer its
    ``index.html``; its other files are named exactly, never by a path that leaves
    ``root``. The files are read and compressed once, at start.

    A browser that accepts gzip gets the compressed bytes. Every answer carries an ETag
    and ``Cache-Control: no-cache``: the bundle keeps its name from release to release,
    so a browser asks each time and a file it holds already costs a 304 without a body."""

    def __init__(self, app: ASGIApp, root: Path) -> None:
        self.app = app
        self.files = {
            f"/{path.relative_to(root).as_posix()}": _StaticFile.read(path)
            for path in sorted(root.rglob("*"))
            if path.is_file()
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if (
            scope["type"] != "http"
            or scope["method"] not in ("GET", "HEAD")
            or path.startswith(_SERVICE_PATH)
        ):
            await self.app(scope, receive, send)
            return
        found = self.files.get(path)
        if found is None and "." not in path.rsplit("/", 1)[-1]:
            found = self.files.get("/index.html")  # a page address of the client
        if found is None:
            await send(
                {"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/plain")]}
            )
            await send({"type": "http.response.body", "body": b"not found\n"})
            return
        request = _headers(scope.get("headers", []))
        body, etag, compressed = found.body, found.etag, False
        if found.gzipped is not None and _accepts_gzip(request.get("accept-encoding", "")):
            body, etag, compressed = found.gzipped, found.gzipped_etag, True
        headers = [
            (b"etag", etag),
            (b"cache-control", b"no-cache"),
            (b"vary", b"Accept-Encoding"),
            (b"x-content-type-options", b"nosniff"),
            (b"content-security-policy", _CONTENT_SECURITY_POLICY),
        ]
        if _matches(request.get("if-none-match", ""), etag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        headers.append((b"content-type", found.content_type.encode()))
        headers.append((b"content-length", str(len(body)).encode()))
        if compressed:
            headers.append((b"content-encoding", b"gzip"))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body if scope["method"] == "GET" else b""})


def _accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header admits gzip: named, or by ``*``, without q=0."""
    admitted: dict[str, bool] = {}
    for item in accept_encoding.split(","):
        name, _, parameters = item.partition(";")
        quality = parameters.strip().removeprefix("q=") if parameters.strip().startswith("q=") else "1"
        try:
            admitted[name.strip().lower()] = float(quality) > 0
        except ValueError:
            admitted[name.strip().lower()] = False
    return admitted.get("gzip", admitted.get("x-gzip", admitted.get("*", False)))


def _matches(if_none_match: str, etag: bytes) -> bool:
    """Whether If-None-Match names ``etag`` (compared weakly, as RFC 9110 asks for GET)."""
    wanted = etag.decode()
    return any(
        tag.strip() == "*" or tag.strip().removeprefix("W/") == wanted for tag in if_none_match.split(",")
    )


def _headers(raw: Iterable[tuple[bytes, bytes]]) -> dict[str, str]:
    return {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in raw}
