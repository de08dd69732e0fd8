"""A game's phrases (`games.wording.Phrase`): English wherever a string goes, with the
template and values the presentation translates, kept through pickling (the engine's
workers) and text files read with their translations (`Written`)."""

from __future__ import annotations

import pickle

from games.wording import Phrase, Phrasebook, Written, written_beside

say = Phrasebook("games.example")


def test_a_phrase_is_its_english_and_keeps_its_template_and_values():
    colour = say("Orange")
    phrase = say("{colour} enters {edge}", colour=colour, edge=say("from the north"))
    assert (
        phrase == "Orange enters from the north" and f"{phrase}!" == "Orange enters from the north!"
    )
    assert phrase.template == "{colour} enters {edge}" and phrase.values["colour"] is colour
    assert phrase.domain == "games.example"


def test_a_counted_phrase_takes_its_english_form_from_the_count():
    def marbles(count: int) -> Phrase:
        return say.counted("{count} marble", "{count} marbles", count=count)

    assert [marbles(n) for n in (0, 1, 2)] == ["0 marbles", "1 marble", "2 marbles"]
    assert marbles(1).plural == "{count} marbles"


def test_phrases_and_written_texts_survive_pickling():
    phrase = say("{colour} wins.", colour=say("White"))
    back = pickle.loads(pickle.dumps(phrase))
    assert isinstance(back, Phrase) and back == phrase and back.template == "{colour} wins."
    assert isinstance(back.values["colour"], Phrase)
    written = Written("Hello", {"de": "Hallo"})
    again = pickle.loads(pickle.dumps(written))
    assert again == "Hello" and again.versions == {"de": "Hallo"}


def test_a_text_file_is_read_with_its_translations_beside_it(tmp_path):
    (tmp_path / "help.txt").write_text("How to move.\n", encoding="utf-8")
    (tmp_path / "help.de.txt").write_text("Wie man zieht.\n", encoding="utf-8")
    (tmp_path / "game.py").write_text("", encoding="utf-8")
    text = written_beside(str(tmp_path / "game.py"), "help.txt")
    assert text == "How to move." and dict(text.versions) == {"de": "Wie man zieht."}


def test_lists_and_alternatives_keep_each_word_a_phrase():
    white, black, blue = say("White"), say("Black"), say("Blue")
    assert say.listed([]) == "" and say.listed([white]) is white
    assert say.listed([white, black, blue]) == "White, Black and Blue"
    assert say.listed([white, black]).values["last"] is black
    assert say.alternatives(["En/B", "En/C", "En/D"]) == "En/B or En/C or En/D"
