"""Versioned asset addresses: a page names its files under /static/v/<version>/, browsers keep
them a year, and a changed file is a new version (webapp/web/assets.py)."""

import re

from webapp.web.assets import YEAR, static_version


def page_assets(client, path):
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', client.get(path).get_data(as_text=True))


def test_every_page_names_its_assets_under_one_version_kept_a_year(client, app):
    version = app.config["STATIC_VERSION"]
    for path in ("/", "/cover", "/embed"):
        assets = page_assets(client, path)
        assert assets and all(a.startswith(f"/static/v/{version}/") for a in assets), (path, assets)
    # An entry module and what it imports by a relative path (the catalogue beside the scripts).
    for address in (f"/static/v/{version}/js/pages/sudoku-page.js", f"/static/v/{version}/messages.json"):
        answer = client.get(address)
        assert answer.status_code == 200, address
        assert answer.cache_control.max_age == YEAR and answer.cache_control.immutable
        plain = client.get(address.replace(f"/v/{version}", ""))
        assert plain.data == answer.data and plain.cache_control.no_cache


def test_an_old_versions_address_gets_todays_file_revalidated_and_nothing_outside(client, app):
    answer = client.get("/static/v/0123456789ab/js/model/api.js")
    assert answer.status_code == 200 and answer.cache_control.no_cache and not answer.cache_control.max_age
    assert answer.data == client.get("/static/js/model/api.js").data
    version = app.config["STATIC_VERSION"]
    for address in (f"/static/v/{version}/js/nothing.js", f"/static/v/{version}/../webapp/__init__.py"):
        assert client.get(address).status_code == 404, address


def test_the_version_changes_with_any_files_bytes_or_name(tmp_path):
    folder = tmp_path / "static"
    (folder / "js").mkdir(parents=True)
    (folder / "js" / "a.js").write_text("export const a = 1;\n")
    catalogue = tmp_path / "messages.json"
    catalogue.write_text("{}")
    first = static_version(folder, catalogue)
    assert static_version(folder, catalogue) == first
    (folder / "js" / "a.js").write_text("export const a = 2;\n")
    second = static_version(folder, catalogue)
    (folder / "js" / "a.js").rename(folder / "js" / "b.js")
    third = static_version(folder, catalogue)
    catalogue.write_text('{"x": "y"}')
    fourth = static_version(folder, catalogue)
    assert len({first, second, third, fourth}) == 4


def test_debug_mode_names_the_plain_uncached_addresses():
    from webapp import create_app
    app = create_app({"TESTING": True})
    app.debug = True
    assert all(not a.startswith("/static/v/") for a in page_assets(app.test_client(), "/"))
