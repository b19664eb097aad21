"""Search for computer players: a double-dummy solver, sampling of hidden cards, decisions."""
