"""The problem models: Sudoku and its variants, the built-in problems, problems as text, the
example puzzles, and the independent checkers. They build on the engine and the words."""
