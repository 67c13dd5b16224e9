"""The Flask application factory: the pages and API, hardening, compression, the answer cache.

webapp.create_app (webapp/__init__.py) hands over to create_app here. Flask is
imported inside create_app, not here: the command line imports the package too
and never needs Flask (about 100 ms a start).
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent.parent     # webapp/

# Answers and assets compressed by the client's Accept-Encoding, brotli first, then gzip
# (flask-compress). Brotli level 4: the hardest 9x9 log (165,880 events, 817,780 bytes)
# to about 0.5 bytes an event in a few milliseconds; bench/wire.py measures the levels.
COMPRESSION = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_BR_LEVEL": 4,
    "COMPRESS_LEVEL": 6,
    "COMPRESS_MIN_SIZE": 500,
    "COMPRESS_MIMETYPES": ["application/json", "text/html", "text/css", "text/javascript",
                           "application/javascript", "image/svg+xml"],
    # Files sent whole, compressed once and answered 304 when unchanged: the static folder (also
    # at its versioned addresses, see assets.py) and the message catalogue (from webapp/words/).
    "COMPRESS_STREAMING_ENDPOINT_CONDITIONAL": ["static", "catalogue", "versioned_static"],
}


def asset_folder(name: str) -> Path:
    """static/ or templates/: at the project's top level in a checkout, inside the package
    once installed from a wheel (pyproject.toml maps them there)."""
    top = HERE.parent
    return top / name if (top / "pyproject.toml").is_file() and (top / name).is_dir() else HERE / name


def create_app(config=None):
    """Build the app, its pages and API, with the project's static/ and templates/."""
    from flask import Flask

    app = Flask("webapp", static_folder=str(asset_folder("static")),
                template_folder=str(asset_folder("templates")), static_url_path="/static")
    # A puzzle is a few kilobytes at most; nothing needs a large body.
    app.config.from_mapping(MAX_CONTENT_LENGTH=256 * 1024, **COMPRESSION)
    if config:
        app.config.from_mapping(config)
    # /api//solve is no address of ours: a JSON 404, not a redirect (an HTML page) to /api/solve.
    app.url_map.merge_slashes = False
    from . import hardening
    from . import routes as web
    app.register_blueprint(web.bp)
    from . import dead_end_facts
    app.register_blueprint(dead_end_facts.bp)
    app.after_request(hardening.add_security_headers)
    # The message catalogue lives with its Python renderer (webapp/words/); the page reads
    # it where it always has, beside its scripts.
    from flask import send_file

    from ..words.messages import catalogue_path
    app.add_url_rule("/static/messages.json", "catalogue",
                     lambda: send_file(catalogue_path(), mimetype="application/json"))
    from . import assets
    assets.init_app(app, catalogue_path())
    from flask_compress import Compress
    Compress(app)
    from . import answers
    answers.init_app(app)
    return app
