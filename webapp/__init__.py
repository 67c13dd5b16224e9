"""Dancing Links Sudoku visualizer: the Flask application factory, create_app.

The package is cut into subpackages by layer, each importing only those below it
(docs/architecture.md): engine and words, models, analysis, log, web, cli. This
module and __main__.py stand above them all. The factory itself is
webapp/web/app.py, imported only when an app is made: the command line imports
this package too and never needs the web layer.
"""


def create_app(config=None):
    """Build the app, its pages and API, with the project's static/ and templates/ (webapp.web.app)."""
    from .web.app import create_app as build

    return build(config)
