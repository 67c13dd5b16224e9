"""The words: the message catalogue (messages.json) and its renderer (messages.py), the
sentences the server and the page both say. It imports nothing of the project."""
