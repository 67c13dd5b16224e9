"""The analysis of a recorded search: the facts (analysis of dead ends and wrong choices),
what a state means in words, Knuth's estimate and the comparison of two item choices."""
