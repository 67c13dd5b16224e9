"""`python -m webapp`: the command line (webapp.cli)."""

import sys

from .cli import main

sys.exit(main())
