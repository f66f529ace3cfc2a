"""Progress of long work on stderr: a live bar with rate and ETA in a terminal, a plain line every few
seconds in a log (CI, nohup, a redirect), and tqdm's own display in Jupyter."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator, TextIO

LOG_INTERVAL_SECONDS = 10.0


class _Lines:
    """A stream for tqdm outside a terminal: each refresh becomes one line instead of a carriage return
    rewriting the same line, which a log file would show as one endless line."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.last = ""

    def write(self, text: str) -> None:
        text = text.replace("\r", "").rstrip()
        if text and text != self.last:  # closing repeats the final refresh
            self.stream.write(text + "\n")
            self.last = text

    def flush(self) -> None:
        self.stream.flush()


class Progress:
    """Games done out of a total; `describe` names the part running now (a sweep point, a table). The bar
    appears on the first call, so that input refused before any work shows no bar above its message."""

    def __init__(self, make_bar=None, stream: TextIO | None = None):
        self._make_bar = make_bar
        self._bar = None
        self._stream = stream

    def _shown(self):
        if self._bar is None and self._make_bar is not None:
            self._bar = self._make_bar()
        return self._bar

    def update(self, games: int) -> None:
        if self._shown() is not None:
            self._bar.update(games)

    def describe(self, text: str) -> None:
        if self._shown() is not None:
            self._bar.set_description(text, refresh=True)

    def note(self, text: str, paused: float = 0.0) -> None:
        """A line of its own (compiling an engine, say) that does not break the bar; `paused` seconds spent
        on it stay out of the rate and the ETA. Before the bar is shown, the line alone: a bar at 0% above
        "compiling ..." would say the games had started."""
        if self._make_bar is None:
            return
        if self._bar is None:
            self._stream.write(text + "\n")
            return
        self._bar.write(text, file=sys.stderr)
        self._bar.start_t += paused
        self._bar.last_print_t += paused

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def in_notebook() -> bool:
    """Running in a Jupyter kernel (not merely with ipykernel imported, as a test runner may have)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return type(shell).__name__ == "ZMQInteractiveShell"


@contextmanager
def progress_bar(total: int, label: str = "Simulating", show: bool = True,
                 stream: TextIO | None = None) -> Iterator[Progress]:
    """A Progress over `total` games; hidden when `show` is false."""
    if not show:
        yield Progress()
        return
    stream = stream or sys.stderr

    def make_bar():
        if stream is sys.stderr and in_notebook():
            from tqdm.auto import tqdm as notebook_bar
            return notebook_bar(total=total, desc=label, unit=" games", unit_scale=True)
        from tqdm import tqdm
        if stream.isatty():
            return tqdm(total=total, desc=label, unit=" games", unit_scale=True, file=stream, dynamic_ncols=True)
        return tqdm(total=total, desc=label, unit=" games", unit_scale=True, file=_Lines(stream), ascii=True,
                    ncols=100, mininterval=LOG_INTERVAL_SECONDS, maxinterval=LOG_INTERVAL_SECONDS)

    progress = Progress(make_bar, stream)
    try:
        yield progress
    finally:
        progress.close()
