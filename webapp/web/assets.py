"""Versioned asset addresses: /static/v/<version>/<file>, cached by browsers for a year.

The page's ES modules import one another by relative paths (no build step), so the version in
a page's entry-module address carries to every module under it. The version is a digest of
every file under static/ and of the message catalogue, taken when the app is built: a changed
file is a new address, never a stale copy. Without it a page load asked again for each of its
~65 files (answered 304 Not Modified), every time. /static/<file> still serves, uncached.
"""

import hashlib
from pathlib import Path

YEAR = 365 * 24 * 3600
CATALOGUE_NAME = "messages.json"     # the page imports it beside its scripts: js/../../messages.json


def static_version(folder: Path, catalogue: Path) -> str:
    """A digest of every file the versioned addresses serve: their names and their bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(CATALOGUE_NAME.encode() + b"\0" + catalogue.read_bytes())
    return digest.hexdigest()[:12]


def init_app(app, catalogue: Path) -> None:
    """The `asset(name)` template global and the versioned route. In debug mode (files edited
    while the server runs) asset() gives the plain, uncached address."""
    from flask import send_file, send_from_directory, url_for

    version = static_version(Path(app.static_folder), catalogue)
    app.config["STATIC_VERSION"] = version

    @app.template_global()
    def asset(filename: str) -> str:
        if app.debug:
            return url_for("static", filename=filename)
        return url_for("versioned_static", version=version, filename=filename)

    def versioned_static(version: str, filename: str):
        if filename == CATALOGUE_NAME:
            response = send_file(catalogue, mimetype="application/json")
        else:
            response = send_from_directory(app.static_folder, filename)
        if version == app.config["STATIC_VERSION"]:
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
        # Another version (a page from before a deploy): today's file, revalidated as /static/ is.
        return response

    app.add_url_rule("/static/v/<version>/<path:filename>", "versioned_static", versioned_static)
