"""Bela's computer players (seed 002). So far the solver's view of a contract
(``model``); the players arrive with the game's engine."""
