"""The published site keeps every version (`deerbook.bookext.publish`): a build replaces its version's folder
whole, versions.json lists latest and the releases newest first for the theme's switch, and the root page opens the
newest release (latest while there is none). A folder that is neither latest nor a tag is refused."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from deerbook.bookext.publish import main, publish


def built(folder: Path, text: str) -> Path:
    """A stand-in for a built book: its root page and one chapter."""
    (folder / "notebooks").mkdir(parents=True)
    (folder / "index.html").write_text(f"<title>{text}</title>")
    (folder / "notebooks" / "31-explore-the-odds.html").write_text(text)
    return folder


def test_each_version_gets_its_folder_and_the_switch_lists_latest_then_releases_newest_first(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    for number, folder in enumerate(["latest", "v0.1.0", "v0.2.0rc1", "v0.1.1", "v0.10.0"]):
        publish(site, built(tmp_path / f"build{number}", folder), folder, "/deerbook/")
    entries = json.loads((site / "versions.json").read_text())
    assert [entry["version"] for entry in entries] == ["latest", "v0.10.0", "v0.2.0rc1", "v0.1.1", "v0.1.0"]
    assert entries[0] == {"name": "latest (main)", "version": "latest", "url": "/deerbook/latest/"}
    assert entries[1] == {"name": "0.10.0", "version": "v0.10.0", "url": "/deerbook/v0.10.0/", "preferred": True}
    assert [entry for entry in entries if entry.get("preferred")] == [entries[1]]
    assert (site / "v0.1.1" / "notebooks" / "31-explore-the-odds.html").read_text() == "v0.1.1"
    assert 'content="0; url=v0.10.0/"' in (site / "index.html").read_text() and (site / ".nojekyll").is_file()


def test_a_new_build_of_a_version_replaces_its_folder_whole(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    publish(site, built(tmp_path / "old", "old"), "latest", "")
    (site / "latest" / "gone.html").write_text("a page the new build no longer has")
    entries = publish(site, built(tmp_path / "new", "new"), "latest", "")
    assert (site / "latest" / "index.html").read_text() == "<title>new</title>"
    assert not (site / "latest" / "gone.html").exists()
    assert entries == [{"name": "latest (main)", "version": "latest", "url": "/latest/"}]
    assert 'href="latest/"' in (site / "index.html").read_text()  # no release yet: the root opens latest
    assert sorted(path.name for path in site.iterdir()) == [".nojekyll", "index.html", "latest", "versions.json"]


@pytest.mark.parametrize("folder", ["main", "0.1.0", "v1", "../elsewhere"])
def test_a_folder_that_is_neither_latest_nor_a_tag_is_refused_and_the_site_left_as_it_was(tmp_path, folder):
    site = tmp_path / "site"
    site.mkdir()
    with pytest.raises(ValueError, match="a version's folder is 'latest' or a release's tag vX.Y.Z"):
        publish(site, built(tmp_path / "build", "x"), folder, "")
    assert list(site.iterdir()) == []


def test_a_build_without_a_root_page_is_refused(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="is not a built book"):
        publish(tmp_path / "site", tmp_path / "empty", "latest", "")


def test_the_command_line_publishes_and_prints_each_version(tmp_path, capsys):
    (tmp_path / "site").mkdir()
    main([str(tmp_path / "site"), str(built(tmp_path / "build", "latest")), "latest", "/deerbook"])
    assert capsys.readouterr().out == "latest (main): /deerbook/latest/\n"
    with pytest.raises(SystemExit, match="usage: python -m deerbook.bookext.publish SITE BUILD FOLDER BASE_PATH"):
        main([])
