"""`python -m webapp`: the command line (webapp.cli)."""

import sys

from .cli.commands import main

sys.exit(main())
