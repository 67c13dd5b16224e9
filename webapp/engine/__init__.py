"""The engine: Knuth's Algorithm X on dancing links for any exact cover problem, in Python
(exact_cover.py, matrix.py) and compiled (_dlx.c). It knows no problem, no words, no JSON, no web;
it imports nothing of the project."""
