import os
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    "A scratch folder as the working directory."
    monkeypatch.chdir(tmp_path)
    return tmp_path


def in_ci() -> bool:
    return os.environ.get('CI', '').lower() in ('1', 'true', 'yes')
