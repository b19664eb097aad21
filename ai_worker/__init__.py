"""Computer players: worker processes that take move jobs from a Redis stream."""
