"""Helpers shared by the tests: a gRPC test client and reading tables straight from Redis
(the processes themselves are started by tools/processes.py)."""
