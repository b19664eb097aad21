"""A terminal client that speaks only the contract."""
