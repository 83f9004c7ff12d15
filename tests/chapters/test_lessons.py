"""The chapters' words read from the package (`deerbook.chapters.lessons`)."""
from deerbook.chapters.lessons import setting_words


def test_openspiel_settings_are_words_not_a_python_dict():
    assert setting_words({"players": 3, "advanced": True}) == "3 players, advanced on"
    assert setting_words({"players": 1}) == "1 player"
