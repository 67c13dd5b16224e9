"""The command line: python -m webapp solve | log | cover | analyse | serve."""
