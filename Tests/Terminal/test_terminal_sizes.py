"""Every effect at every terminal size from 20 x 6 up, read back from a
tmux pane with its colours and held to what the display list says: the
words of text-reveal's text once each and in order, its highlight block
behind its highlighted words and on their row only, tracking-breathe's word
once, the circles in one piece, status lines of whole words; and the last
frame left on the normal screen when a run ends on its own.
"""

import re
import time
import unicodedata

import pytest
from tmux_pane import pane_fixture, run

pane_factory = pytest.fixture(pane_fixture)

SIZES = [(20, 6), (30, 8), (40, 10), (50, 12), (80, 24), (200, 60)]
# Up to this width text-reveal's 40 pt text takes whole cells; wider, the dot font.
CELL_TEXT = 50
WORDS = ["Plan", "the", "week", "in", "one", "calm", "glance."]
HIGHLIGHTED = ["calm", "glance."]
STATUS = re.compile(r"t \d+\.\d{3} s")


def cells(line):
    """A captured line (`capture-pane -e`) as (character, background) pairs;
    the background is the SGR text that set it, or None for the default."""
    out, background, index = [], None, 0
    while index < len(line):
        if line[index] == "\x1b":
            end = index + 2
            while end < len(line) and not ("@" <= line[end] <= "~"):
                end += 1
            for code in re.findall(r"48;5;\d+|48;2;\d+;\d+;\d+|(?<![\d;])(?:49|0)(?![\d;])", line[index + 2:end]) or (
                    ["0"] if line[index + 2:end] == "" else []):
                background = None if code in ("49", "0") else code
            index = end + 1
        else:
            out.append((line[index], background))
            index += 1
    return out


def settled_screen(pane_factory, size, *arguments):
    """The pane's rows as cells, 2.5 s into a long run (everything settled)."""
    pane = pane_factory(*size, run(*arguments, "--duration", "30"))
    assert pane.wait_until(lambda: pane.value("alternate_on") == "1", 10)
    time.sleep(2.5)
    rows = [cells(line) for line in pane.tmux("capture-pane", "-p", "-e", "-t", "test").split("\n")]
    assert pane.value("alternate_on") == "1", "still playing"
    return rows


def text(row):
    return "".join(character for character, _ in row)


def picture_and_status(rows):
    """The picture's rows (blank ones at the ends dropped) and the status line."""
    status = [index for index, row in enumerate(rows) if STATUS.match(text(row).strip())]
    assert len(status) == 1, [text(row) for row in rows]
    picture = rows[:status[0]]
    while picture and not text(picture[0]).strip():
        picture = picture[1:]
    while picture and not text(picture[-1]).strip():
        picture = picture[:-1]
    return picture, text(rows[status[0]]).strip()


def ground_of(picture):
    """The background most picture cells have: the drawing's ground."""
    counts = {}
    for row in picture:
        for _, background in row:
            counts[background] = counts.get(background, 0) + 1
    return max(counts, key=counts.get)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_text_reveal_shows_each_word_once_with_its_highlight_behind_it(pane_factory, size):
    rows = settled_screen(pane_factory, size, "text-reveal", "--param", "highlights=calm glance")
    picture, status = picture_and_status(rows)
    assert all(len(row) <= size[0] for row in rows)
    ground = ground_of(picture)
    marked = [[background not in (ground, None) for _, background in row] for row in picture]
    if size[0] <= CELL_TEXT:
        words = " ".join(text(row) for row in picture).split()
        assert words == WORDS, [text(row) for row in picture]
        for row, flags in zip(picture, marked):
            line = text(row)
            highlighted = [word for word in HIGHLIGHTED if re.search(rf"(?<!\S){re.escape(word)}(?!\S)", line)]
            assert any(flags) == bool(highlighted), f"a highlight on a row without its words, or none behind them: {line!r}"
            for word in highlighted:
                start = line.index(word)
                assert all(flags[start:start + len(word)]), f"'{word}' is not on its highlight: {line!r} {flags}"
                # Its padding reaches at most a cell past the words.
            if highlighted:
                first = line.index(highlighted[0])
                last = line.index(highlighted[-1]) + len(highlighted[-1])
                assert sum(flags) <= last - first + 2, f"the block runs past its words: {line!r}"
    else:
        for row, flags in zip(picture, marked):
            assert not any(flags) or text(row).strip(), "a highlight row with no text on it"
    assert status.startswith("t ")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_tracking_breathe_and_the_circles_are_one_piece_with_whole_status_words(pane_factory, size):
    for effect, words in (("tracking-breathe", []), ("breathing-circles", ["Breathe in", "Hold", "Breathe out", "breathing"])):
        rows = settled_screen(pane_factory, size, effect)
        picture, status = picture_and_status(rows)
        assert all(len(row) <= size[0] for row in rows)
        inked = [index for index, row in enumerate(picture) if text(row).strip()]
        assert inked == list(range(len(picture))), f"{effect} at {size}: stray rows {[text(row) for row in picture]}"
        if effect == "tracking-breathe" and size[0] <= CELL_TEXT:
            assert " ".join(text(row) for row in picture).split() == ["BREATHE"]
        items = status.split("   ")
        assert STATUS.fullmatch(items[0])
        for item in items[1:]:
            assert item in words or re.fullmatch(r"breaths taken \d+", item), f"{effect} at {size}: a cut status word in {status!r}"


@pytest.mark.parametrize("size", [(30, 8), (50, 12), (80, 24)], ids=["30x8", "50x12", "80x24"])
def test_a_run_that_ends_leaves_its_last_frame_on_the_normal_screen(pane_factory, size):
    pane = pane_factory(*size, run("text-reveal", "--param", "highlights=calm glance"))
    assert pane.wait_until(pane.ended, 15)
    assert pane.status() == 0
    assert pane.value("alternate_on") == "0"
    lines = [line.rstrip() for line in pane.lines()]
    ended = lines.index("exit=0")
    left = [line for line in lines[:ended] if line.strip()]
    assert " ".join(left[:-1]).split() == WORDS, left
    assert STATUS.fullmatch(left[-1].strip()), left
    assert 2 <= len(left) <= 8 and all(len(line) < size[0] for line in left)
    assert pane.value("history_size") == "0"


def test_every_script_keeps_every_character_in_the_terminal(pane_factory):
    """Japanese, Arabic, an emoji family and Hindi at 80 x 24, where once
    は, あ, م, ب, ن vanished and the emoji was U+FFFD.
    Arabic comes in visual order as its joined presentation forms, which
    NFKC maps back to the letters."""
    japanese, arabic, hindi = "吾輩は猫である。名前はまだ無い。", "مرحبا بالعالم", "नमस्ते दुनिया"
    family = "\U0001F469\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    rows = settled_screen(pane_factory, (80, 24), "text-reveal", "--param", f"text={japanese} {arabic} {family} {hindi}")
    picture, _ = picture_and_status(rows)
    shown = "\n".join(text(row) for row in picture)
    assert "\ufffd" not in shown
    # Its words side by side, as the picture has them: no gap reads as a space the text does not have.
    assert japanese in shown, shown
    assert hindi in shown, shown
    # tmux 3.3 keeps 21 bytes of a cell: the family's last member does not fit, whatever the program sends.
    assert family[:5] in shown, shown
    letters = [re.sub(r"[^\u0600-\u06ff ]", "", unicodedata.normalize("NFKC", line)).strip() for line in shown.split("\n")]
    assert arabic in [line[::-1] for line in letters], shown
