"""`deerbook balance --update-package --only KEY ...` replaces or adds those configurations in the package's study and
keeps the others; `--retime` measures the decision times again on the stored games."""
from deerbook.analysis.study import load_study, run_study, save_study
from deerbook.cli import balance
from deerbook.cli.main import main

from cli_errors import refused


def package_study(tmp_path, monkeypatch):
    """A small study standing in for the package's own (the test never writes in the checkout)."""
    path = save_study(run_study(2, workers=1, only=["football-2p", "football-solo-hard"], timed=False),
                      tmp_path / "package-study.json.gz")
    monkeypatch.setattr(balance, "RESULTS_FILE", path)
    monkeypatch.setattr(balance, "LABELS_FILE", tmp_path / "agent-labels.json")
    return path


def test_a_partial_run_merges_into_the_package_study(tmp_path, monkeypatch, capsys):
    path = package_study(tmp_path, monkeypatch)
    before = load_study(path)
    assert main(["balance", "--games", "2", "--workers", "1", "--update-package", "--only",
                 "football-solo-hard", "football-solo-hard-random"]) == 0
    out = capsys.readouterr().out
    assert "2 configurations in" in out
    assert "the agents' labels are unchanged: the study lacks configuration" in out  # a small study: no labels
    after = load_study(path)
    assert list(after["configurations"]) == ["football-2p", "football-solo-hard", "football-solo-hard-random"]
    assert after["configurations"]["football-2p"] == before["configurations"]["football-2p"]
    assert set(after["decision_times"]) == {"football-solo-hard", "football-solo-hard-random"}


def test_retime_measures_the_stored_games_again(tmp_path, monkeypatch, capsys):
    path = package_study(tmp_path, monkeypatch)
    assert main(["balance", "--update-package", "--retime", "--only", "football-2p"]) == 0
    study = load_study(path)
    assert set(study["decision_times"]) == {"football-2p"}
    assert study["decision_times"]["football-2p"]["agents"]["greedy"]["games"] == 2


def test_retime_needs_the_configurations(capsys):
    assert "--retime: needs --only" in refused(["balance", "--retime"], capsys)
