"""Every effect at every terminal size from 20 x 6 up, read back from a
tmux pane with its colours and held to what the display list says: the
effect's own layout scaled to fit, in the dot font where it fits and on
cells where it does not; the strike across its text's row, every letter
struck once done; text-reveal's words once each and in order, its
highlight block behind its highlighted words and on their row only;
tracking-breathe's word once, the circles in one piece, status words whole
and never cut; and the last frame left on the normal screen when a run ends
on its own.
"""

import re
import time
import unicodedata

import pytest
from tmux_pane import pane_fixture, run

pane_factory = pytest.fixture(pane_fixture)

SIZES = [(20, 6), (30, 8), (40, 12), (60, 20), (80, 24), (100, 30), (120, 40), (200, 60)]
WORDS = ["Plan", "the", "week", "in", "one", "calm", "glance."]
HIGHLIGHTED = ["calm", "glance."]
STATUS = re.compile(r"t \d+\.\d{3} s")


def styled(line):
    """A captured line (`capture-pane -e`) as (character, background, struck)
    triples; the background is the SGR text that set it, or None for the
    default; struck is SGR 9's strikethrough."""
    out, background, struck, index = [], None, False, 0
    while index < len(line):
        if line[index] == "\x1b":
            end = index + 2
            while end < len(line) and not ("@" <= line[end] <= "~"):
                end += 1
            parameters = line[index + 2:end]
            for code in re.findall(r"48;5;\d+|48;2;\d+;\d+;\d+|38;5;\d+|38;2;\d+;\d+;\d+|\d+", parameters) or (
                    ["0"] if parameters == "" else []):
                if code in ("49", "0"):
                    background = None
                elif code.startswith("48;"):
                    background = code
                if code in ("9", "0", "29"):
                    struck = code == "9"
            index = end + 1
        else:
            out.append((line[index], background, struck))
            index += 1
    return out


def cells(line):
    """A captured line as (character, background) pairs."""
    return [(character, background) for character, background, _ in styled(line)]


def capture(pane):
    return [styled(line) for line in pane.tmux("capture-pane", "-p", "-e", "-t", "test").split("\n")]


def settled_screen(pane_factory, size, *arguments):
    """The pane's rows as (character, background) cells, 2.5 s into a long run (everything settled)."""
    return [[(character, background) for character, background, _ in row] for row in settled_styled(pane_factory, size, *arguments)]


def settled_styled(pane_factory, size, *arguments):
    pane = pane_factory(*size, run(*arguments, "--duration", "30"))
    assert pane.wait_until(lambda: pane.value("alternate_on") == "1", 10)
    time.sleep(2.5)
    rows = capture(pane)
    assert pane.value("alternate_on") == "1", "still playing"
    return rows


def text(row):
    return "".join(cell[0] for cell in row)


def is_braille(character):
    return "\u2801" <= character <= "\u28ff"


def picture_and_status(rows):
    """The picture's rows (blank ones at the ends dropped) and the status
    words, from its row starting with t and the row after it."""
    status = [index for index, row in enumerate(rows) if STATUS.match(text(row).strip())]
    assert len(status) == 1, [text(row) for row in rows]
    picture = rows[:status[0]]
    while picture and not text(picture[0]).strip():
        picture = picture[1:]
    while picture and not text(picture[-1]).strip():
        picture = picture[:-1]
    words = [text(row).strip() for row in rows[status[0]:status[0] + 2] if text(row).strip()]
    return picture, "   ".join(words)


def ground_of(picture):
    """The background most picture cells have: the drawing's ground (the
    terminal's own around a canvas narrower than the screen is not it)."""
    counts = {}
    for row in picture:
        for cell in row:
            if cell[1] is not None:
                counts[cell[1]] = counts.get(cell[1], 0) + 1
    return max(counts, key=counts.get) if counts else None


def on_cells(picture):
    """Whether the picture's text is on cells (letters), not in the dot font."""
    return any(character.isalpha() for row in picture for character, *_ in row)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_text_reveal_shows_each_word_once_with_its_highlight_behind_it(pane_factory, size):
    rows = settled_screen(pane_factory, size, "text-reveal", "--param", "highlights=calm glance")
    picture, status = picture_and_status(rows)
    assert all(len(row) <= size[0] for row in rows)
    ground = ground_of(picture)
    marked = [[background not in (ground, None) for _, background in row] for row in picture]
    # The paragraph, laid out at render's width, needs a hundred-odd columns in the dot font.
    assert on_cells(picture) == (size[0] <= 100), [text(row) for row in picture]
    if on_cells(picture):
        words = " ".join(text(row) for row in picture).split()
        assert words == WORDS, [text(row) for row in picture]
        for row, flags in zip(picture, marked):
            line = text(row)
            highlighted = [word for word in HIGHLIGHTED if re.search(rf"(?<!\S){re.escape(word)}(?!\S)", line)]
            assert any(flags) == bool(highlighted), f"a highlight on a row without its words, or none behind them: {line!r}"
            for word in highlighted:
                start = line.index(word)
                assert all(flags[start:start + len(word)]), f"'{word}' is not on its highlight: {line!r} {flags}"
            if highlighted:
                # Its padding is less than a cell: the block covers its words' cells and the space between them.
                first = line.index(highlighted[0])
                last = line.index(highlighted[-1]) + len(highlighted[-1])
                assert [index for index, flag in enumerate(flags) if flag] == list(range(first, last)), (
                    f"the block is not on its words: {line!r}")
    else:
        # In the dot font the block is behind its row of text, reaching at most a row past it (its padding).
        inked = [index for index, row in enumerate(picture) if text(row).strip()]
        for index, flags in enumerate(marked):
            assert not any(flags) or any(abs(index - row) <= 1 for row in inked), "a highlight away from the text"
    assert status.startswith("t ")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_tracking_breathe_and_the_circles_are_one_piece_with_whole_status_words(pane_factory, size):
    for effect, words in (("tracking-breathe", []), ("breathing-circles", ["Breathe in", "Hold", "Breathe out", "breathing"])):
        rows = settled_screen(pane_factory, size, effect)
        picture, status = picture_and_status(rows)
        assert all(len(row) <= size[0] for row in rows)
        inked = [index for index, row in enumerate(picture) if text(row).strip()]
        assert inked == list(range(len(picture))), f"{effect} at {size}: stray rows {[text(row) for row in picture]}"
        if effect == "tracking-breathe":
            # Its word and the breath's widest tracking need about sixty columns in the dot font.
            assert on_cells(picture) == (size[0] < 60), [text(row) for row in picture]
            if on_cells(picture):
                assert " ".join(text(row) for row in picture).split() == ["BREATHE"]
        items = status.split("   ")
        assert STATUS.fullmatch(items[0])
        for item in items[1:]:
            assert item in words or re.fullmatch(r"breaths taken \d+", item), f"{effect} at {size}: a cut status word in {status!r}"
        if effect == "breathing-circles" and size[0] >= 30:
            # Two rows hold every word from 30 columns up.
            assert re.search(r"breaths taken \d+", status) and "breathing" in items, f"{effect} at {size}: {status!r}"


def assert_struck_on_cells(rows, size, tick=True):
    """The task's text on one row of cells, every letter struck through, the tick before it."""
    lettered = [row for row in rows if any(character.isalpha() for character, *_ in row)]
    assert len(lettered) == 1, f"{size}: {[text(row) for row in rows]}"
    letters = [cell for cell in lettered[0] if cell[0].isalpha()]
    assert "".join(cell[0] for cell in letters) == "Shipthecomponent", text(lettered[0])
    assert all(cell[2] for cell in letters), f"{size}: not all struck: {''.join('S' if c[2] else '.' for c in letters)}"
    if tick:
        first = next(index for index, cell in enumerate(lettered[0]) if cell[0].isalpha())
        assert any(is_braille(row[column][0]) for row in rows for column in range(min(first, len(row)))), f"{size}: no tick"


def assert_line_crosses_dot_text(before, after, size):
    """In the dot font, the dots the strike adds lie inside its text's rows,
    not at their edge, and run the text's length."""
    def dots(row):
        return [ord(cell[0]) - 0x2800 if is_braille(cell[0]) else 0 for cell in row]

    text_rows = [index for index, row in enumerate(before) if any(dots(row))]
    line_rows, line_columns = [], []
    for index, row in enumerate(after):
        old = dots(before[index]) if index < len(before) else []
        added = [column for column, value in enumerate(dots(row)) if value & ~(old[column] if column < len(old) else 0)]
        if added:
            line_rows.append(index)
            line_columns += added
    inked = [column for row in before for column, value in enumerate(dots(row)) if value]
    assert line_rows and set(line_rows) <= set(text_rows), f"{size}: line rows {line_rows}, text rows {text_rows}"
    assert text_rows[0] not in line_rows and text_rows[-1] not in line_rows, f"{size}: the line is at the text's edge"
    assert max(line_columns) - min(line_columns) >= 0.9 * (max(inked) - min(inked)), size


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_strike_crosses_its_text_at_every_size(pane_factory, size):
    """The seed lays the task out on one line in its own frame and the line
    crosses it: the terminal shows that, scaled, where once the text
    wrapped to the terminal and the line ran between its two rows."""
    rows = settled_styled(pane_factory, size, "strikethrough-reveal")
    picture, status = picture_and_status(rows)
    assert all(len(row) <= size[0] for row in rows)
    assert status.endswith("Done"), status
    # On cells up to a hundred and twenty columns; wider, the dot font.
    assert on_cells(picture) == (size[0] <= 120), [text(row) for row in picture]
    if on_cells(picture):
        assert_struck_on_cells(picture, size)
        return
    # The same run without the tick, before the task is done and after.
    pane = pane_factory(*size, run("strikethrough-reveal", "--param", "tick=false", "--param", "done=false",
                                   "--at", "1.5:done=true", "--duration", "30"))
    assert pane.wait_until(lambda: pane.value("alternate_on") == "1", 10)
    time.sleep(0.5)
    before = capture(pane)
    assert not any(cell[2] for row in before for cell in row)
    time.sleep(2.5)
    assert_line_crosses_dot_text(before, capture(pane), size)


@pytest.mark.parametrize("size", [(20, 6), (40, 12), (80, 24), (120, 40), (200, 60)], ids=["20x6", "40x12", "80x24", "120x40", "200x60"])
def test_a_struck_task_is_left_struck_when_the_run_ends(pane_factory, size):
    """The last frame left on the normal screen, drawn small, is struck too:
    on cells below about 140 columns, in the dot font above."""
    pane = pane_factory(*size, run("strikethrough-reveal"))
    assert pane.wait_until(pane.ended, 15)
    assert pane.status() == 0 and pane.value("alternate_on") == "0"
    rows = capture(pane)
    ended = next(index for index, row in enumerate(rows) if text(row).startswith("exit="))
    left = [row for row in rows[:ended] if text(row).strip()]
    assert STATUS.match(text(left[-1]).strip()) and text(left[-1]).strip().endswith("Done"), [text(row) for row in left]
    picture = left[:-1]
    assert all(len(text(row).rstrip()) < size[0] for row in left)
    if on_cells(picture):
        assert_struck_on_cells(picture, size)
    else:
        assert size[0] >= 140, [text(row) for row in picture]
        # The line joins the letters of a row into one run of dots across the text.
        spans = [max((len(run) for run in re.split(r" +", text(row).strip())), default=0) for row in picture]
        widest = max(len(text(row).strip()) for row in picture)
        crossed = [index for index, span in enumerate(spans) if span >= 0.8 * widest]
        assert crossed and crossed[0] > 0 and crossed[-1] < len(picture) - 1, [text(row) for row in picture]


def test_the_circles_status_keeps_its_counter_whole_when_the_run_ends(pane_factory):
    """At 40 x 12 the words after a breath once filled the width exactly and
    the frame left behind, a column narrower, cut the counter's number."""
    pane = pane_factory(40, 12, run("breathing-circles", "--duration", "8.5"))
    assert pane.wait_until(pane.ended, 20)
    lines = [line.rstrip() for line in pane.lines()]
    left = [line for line in lines[:lines.index("exit=0")] if line.strip()]
    status = next(index for index, line in enumerate(left) if STATUS.match(line.strip()))
    words = "   ".join(line.strip() for line in left[status:]).split("   ")
    assert words[0] == "t 8.500 s" and "breaths taken 1" in words and "breathing" in words, left
    assert all(len(line) < 40 for line in left)


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
