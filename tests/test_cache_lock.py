"""numba's cache shared by processes compiling at once (simulator/cache_lock.py): each addition to a
function's index is whole, so two signatures saved at once keep two data files, each its own."""
import threading
import time

from numba.core import caching


def test_two_signatures_saved_at_once_keep_each_its_own_data(tmp_path, monkeypatch):
    """Both writers read the index before either writes it back (the read is slowed down): unlocked, both
    choose data file 1 and the index names the other writer's data for one of the two keys."""
    import simulator  # noqa: F401  (installs the lock)
    read = caching.IndexDataCacheFile._load_index

    def slow_read(cache_file):
        overloads = read(cache_file)
        time.sleep(0.3)
        return overloads
    monkeypatch.setattr(caching.IndexDataCacheFile, "_load_index", slow_read)
    # one object per writer, as in two processes (flock locks each open file description: threads conflict too)
    writers = [threading.Thread(target=caching.IndexDataCacheFile(str(tmp_path), "kernel", "stamp").save,
                                args=(key, f"code of {key}")) for key in ("plain", "checking")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    reader = caching.IndexDataCacheFile(str(tmp_path), "kernel", "stamp")
    assert reader.load("plain") == "code of plain" and reader.load("checking") == "code of checking"
    assert len(list(tmp_path.glob("kernel.*.nbc"))) == 2
