"""The one-pass text statistics behind the selector's features (webfold._text)."""

import pytest

from webfold._text import Lexicon, analyze, attribute_marks, class_slots, word_hash
from webfold.block import words

NOTHING = Lexicon({})


def stats_of(text, lexicon=NOTHING, title=NOTHING, counted=0, bins=4):
    return analyze(text, lexicon, title, counted, bins)


def test_counts_of_a_sentence():
    s = stats_of("Hello, World! It's 2024 now.\tOK?")
    assert s.chars == 32
    # words are \w+ runs: Hello World It s 2024 now OK
    assert s.words == 7 and s.word_chars == 5 + 5 + 2 + 1 + 4 + 3 + 2
    assert (s.letters, s.digits, s.upper) == (18, 4, 5)
    assert (s.punctuation, s.commas, s.separators) == (4, 1, 0)
    assert s.sentences == 3          # "!", "." and the final "?"
    assert s.ends_with_stop and s.starts_upper
    assert sum(s.bins) == 7


def test_each_bin_is_read_alone_as_in_the_list():
    s = stats_of("one two three four five six seven", bins=3)
    assert [s.bin_count(i) for i in range(3)] == s.bins and s.nbins == 3 and sum(s.bins) == 7
    for outside in (3, -1):
        with pytest.raises(IndexError, match="outside 0:3"):
            s.bin_count(outside)


def test_word_count_and_hash_agree_with_the_shared_tokenizer():
    text = "Ünïcode wörds_and under_scores, ÉCOLE 42x Straße"
    s = stats_of(text, bins=1)
    assert s.words == len(words(text)) == 6
    assert s.bins == [6]
    # the hash of a word is that of its lower-cased form, whatever the case
    assert word_hash("École") == word_hash("école") != word_hash("ecole")


def fnv1a(text):
    h = 14695981039346656037
    for char in text:
        h = ((h ^ ord(char)) * 1099511628211) % 2 ** 64
    return h


@pytest.mark.parametrize("code", range(256))
def test_characters_are_classed_as_python_classes_them(code):
    # ASCII is decided in _text itself, without Python's Unicode database: the same
    # answers for every ASCII character, and for Latin-1's, which ask the database
    char = chr(code)
    s = stats_of(f"{char}a{char}")
    word_char = char.isalnum() or char == "_"
    assert s.words == 1 and s.word_chars == (3 if word_char else 1)
    assert s.letters == 1 + 2 * char.isalpha() and s.digits == 2 * char.isdecimal()
    assert s.upper == 2 * char.isupper() and s.starts_upper == char.isupper()
    if word_char:
        assert word_hash(char) == fnv1a(char.lower())


def test_mixed_words_are_long_words_of_digits_and_other_word_characters():
    # eBay's obfuscated "Sponsored" label reads as GUID pieces; a model number is one
    # too; short ones (mp3, 4k, a1), numbers and plain words are not
    s = stats_of("S42bf1e13-8a44-4c69 SM-X510NZA mp3 4k a1 covid 2024 123456789 ab_1234")
    assert s.mixed == 3             # S42bf1e13, X510NZA, ab_1234
    assert stats_of("").mixed == 0
    assert stats_of("2024年10月15日 iPhone15 ΑΒΓΔΕ12").mixed == 1     # CJK runs words together


def test_separators_and_non_latin_sentence_ends():
    s = stats_of("Home › News | Sport • Weather / More » x > y。 end")
    assert s.separators == 6
    assert s.sentences == 1 and s.punctuation == 0
    assert not s.ends_with_stop and s.starts_upper


def test_empty_and_space_only_text():
    for text in ("", "   \n\t"):
        s = stats_of(text)
        assert (s.chars, s.words, s.sentences, s.phrases, s.title) == (len(text), 0, 0, 0, 0)
        assert s.bins == [0, 0, 0, 0] and not s.ends_with_stop and not s.starts_upper


LEXICON = Lexicon({"cookie*": 1, "read more": 2, "page #": 4, "# usd": 8, "<year>": 16,
                   "$ #": 32, "\u00a9": 64, "the": 1 << 63, "and": 1 << 63})


@pytest.mark.parametrize("text, found", [
    ("We use Cookies here", 1), ("cookie", 1), ("cook", 0), ("a biscuit, not a cookie!", 1),
    ("Read more", 2), ("read the more", 0), ("more read", 0),
    ("Page 3 of 9", 4), ("page three", 0), ("3 page", 0),
    ("costs 30 USD", 8), ("usd 30", 0),
    ("in 1999 and 2099", 16), ("in 1899", 0), ("in 19999", 0), ("in 2100", 0), ("year ٢٠٢٠", 0),
    ("only $5", 32), ("US$ 12.50", 32), ("$ and 5", 0), ("\u00a9 Acme", 64),
    ("cookie page 2, read more \u00a92001", 1 | 2 | 4 | 16 | 64),
])
def test_phrase_patterns(text, found):
    assert stats_of(text, LEXICON, counted=1 << 63).phrases == found


def test_counted_words_are_counted_per_occurrence_and_not_reported_as_phrases():
    s = stats_of("The cat and the hat and THE end", LEXICON, counted=1 << 63)
    assert s.counted == 5 and s.phrases == 0


def test_symbols_are_tokens_but_not_words():
    s = stats_of("$5 \u00a9 \u20ac", bins=2)
    assert s.words == 1 and sum(s.bins) == 1


def test_title_lexicon_marks_the_title_words_found():
    title = Lexicon({"python": 1, "tutorial": 2, "basics": 4})
    assert stats_of("A Python tutorial about PYTHON", title=title).title == 3
    assert stats_of("Nothing here", title=title).title == 0


@pytest.mark.parametrize("pattern", ["", "one two three", "*", "a" * 17 + "*"])
def test_bad_patterns_are_refused(pattern):
    with pytest.raises(ValueError):
        Lexicon({pattern: 1})


def test_bins_must_be_positive():
    with pytest.raises(ValueError, match="bins"):
        analyze("text", NOTHING, NOTHING, 0, 0)


@pytest.mark.parametrize("call", [
    lambda: analyze("a b", Lexicon({}), None, 0, 4),
    lambda: analyze("a b", None, Lexicon({}), 0, 4),
    lambda: class_slots("post", None, 3, 64, 2),
    lambda: attribute_marks("ads x", None, None),
])
def test_a_missing_lexicon_is_a_type_error_not_a_crash(call):
    # the C passes looked words up in None (a segfault once a word was found)
    with pytest.raises(TypeError):
        call()
