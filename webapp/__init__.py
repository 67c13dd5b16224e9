"""Dancing Links Sudoku visualizer: the Flask application factory."""

from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(config=None):
    """Build the app; static/ and templates/ live at the project's top level."""
    app = Flask(__name__, static_folder=str(ROOT / "static"),
                template_folder=str(ROOT / "templates"), static_url_path="/static")
    # A puzzle is a few kilobytes at most; nothing needs a large body.
    app.config.from_mapping(MAX_CONTENT_LENGTH=256 * 1024)
    if config:
        app.config.from_mapping(config)
    from . import hardening, web
    app.register_blueprint(web.bp)
    app.after_request(hardening.add_security_headers)
    return app
