"""The web: the pages and the JSON API, hardening, the shared answer cache and the server."""
