"""`python -m webapp`: the command line (webapp.cli.main)."""

import sys

from .cli.main import main

sys.exit(main())
