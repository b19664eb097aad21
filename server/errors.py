"""Errors of the service layer, independent of the transport.

Each carries a status code named like gRPC's (the gRPC layer maps it by name; a REST
gateway would map it to HTTP) and a message a client developer can act on.
"""

from __future__ import annotations

from enum import Enum

from engine.errors import IllegalActionError, InvalidActionError, InvalidOptionsError


class Code(Enum):
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    NOT_FOUND = "NOT_FOUND"
    FAILED_PRECONDITION = "FAILED_PRECONDITION"
    ABORTED = "ABORTED"
    UNIMPLEMENTED = "UNIMPLEMENTED"
    RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
    UNAVAILABLE = "UNAVAILABLE"
    # Not raised by the service layer: what a transport answers an unexpected failure with.
    INTERNAL = "INTERNAL"


class ServiceError(Exception):
    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def from_engine(error: Exception) -> ServiceError:
    """The service error for an engine error (malformed vs not allowed now)."""
    if isinstance(error, (InvalidActionError, InvalidOptionsError)):
        return ServiceError(Code.INVALID_ARGUMENT, str(error))
    if isinstance(error, IllegalActionError):
        return ServiceError(Code.FAILED_PRECONDITION, error.reason)
    raise error
