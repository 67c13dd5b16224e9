"""The step log: the one record the page replays, built from a search and its analysis."""
