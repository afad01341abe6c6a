# SPDX-License-Identifier: Apache-2.0
"""Bad input: files and directories that do not open give an mdd.Error naming the file and
the reason (the library's message), arguments of the wrong kind a Python error; nothing
crashes or hangs."""
import os
import subprocess
import sys
import threading

import pytest

import mdd


def test_missing_file(tmp_path):
    path = tmp_path / "missing.mdd"
    with pytest.raises(mdd.IoError) as e:
        mdd.Database(path)
    assert str(e.value).startswith(f"{path}: ")
    assert e.value.status == 3 and isinstance(e.value, OSError)


def test_missing_directory(tmp_path):
    with pytest.raises(mdd.Error, match=str(tmp_path / "nope")):
        mdd.Database([tmp_path / "nope"])


def test_empty_and_truncated_files(copy):
    data = (copy / "FLXC1000.mdd").read_bytes()
    for name, content in [("empty.mdd", b""), ("half.mdd", data[: len(data) // 2]),
                          ("garbage.mdd", b"\x01" * 64)]:
        path = copy / name
        path.write_bytes(content)
        with pytest.raises(mdd.Error) as e:
            mdd.Database(path, strategy="heap")
        assert type(e.value) is not mdd.Error  # a subclass by status
        assert str(e.value).startswith(f"{path}: "), str(e.value)
        # The whole directory fails on it too, naming it.
        with pytest.raises(type(e.value), match=name):
            mdd.Database(copy, strategy="heap")
        path.unlink()


def test_corrupt_chunk_fails_verification(copy):
    path = copy / "FLXC1000.mdd"
    data = bytearray(path.read_bytes())
    data[-40] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(mdd.Error) as e:
        mdd.Database(path, strategy="heap")
    assert str(e.value).startswith(f"{path}: ")


def test_fifo_and_directory_as_a_file(tmp_path):
    fifo = tmp_path / "fifo.mdd"
    os.mkfifo(fifo)
    # A FIFO is refused, not read: no writer ever comes, so a read would hang.
    result = []
    t = threading.Thread(target=lambda: result.append(_open_error(fifo)), daemon=True)
    t.start()
    t.join(20)
    assert result and str(fifo) in result[0]
    fifo.unlink()
    with pytest.raises(mdd.Error, match=str(tmp_path)):
        mdd.Database([tmp_path])


def _open_error(path):
    try:
        mdd.Database(path)
    except mdd.Error as e:
        return str(e)
    return "opened"


def test_empty_directory(tmp_path):
    with mdd.Database(tmp_path) as db:
        assert db.ecus == []


def test_bad_arguments(corpus):
    with pytest.raises(mdd.ArgumentError, match="nope"):
        mdd.Database(corpus, strategy="nope")
    with pytest.raises(mdd.ArgumentError):
        mdd.Memo(1 << 20)
    with pytest.raises(TypeError):
        mdd.Database(corpus, strategy="heap").ecu(17)
    with pytest.raises(ValueError, match="NUL"):
        mdd.Database(corpus, strategy="heap").ecu("FLXC\0")


def test_library_that_does_not_load(tmp_path):
    env = dict(os.environ, MDD_LIBRARY=str(tmp_path / "libnone.so"))
    p = subprocess.run([sys.executable, "-c", "import mdd"], env=env, capture_output=True,
                       text=True, cwd=os.path.dirname(os.path.dirname(mdd.__file__)),
                       check=False)
    assert p.returncode != 0
    assert f"mdd: cannot load {tmp_path / 'libnone.so'}" in p.stderr
    assert "set MDD_LIBRARY" in p.stderr


def test_devices_and_symbolic_links(corpus, tmp_path):
    with pytest.raises(mdd.ArgumentError) as e:
        mdd.Database("/dev/null")
    assert str(e.value) == "/dev/null: not a regular file (a character device)"
    (tmp_path / "link.mdd").symlink_to(corpus / "FLXC1000.mdd")
    (tmp_path / "dangling.mdd").symlink_to(tmp_path / "nowhere")
    with pytest.raises(mdd.IoError) as e:
        mdd.Database(tmp_path / "dangling.mdd", strategy="heap")
    assert str(e.value) == f"{tmp_path / 'dangling.mdd'}: open: No such file or directory"
    with mdd.Database(tmp_path / "link.mdd", strategy="heap") as db:
        assert [e.name for e in db.ecus] == ["FLXC1000"]
