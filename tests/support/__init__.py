"""Helpers shared by the tests: real Redis, server and worker processes, a test client."""
