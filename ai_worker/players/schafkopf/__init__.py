"""Schafkopf's computer players (seed 003). So far the solver's view of its contracts
(``model``); the players arrive with the game's engine."""
