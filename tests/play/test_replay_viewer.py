"""The HTML replay viewer (issue 12) in a real headless browser: one record per game is
written to a self-contained page; the test opens it, clicks next, and checks that the step
counter, the board image and the text view change, then saves a screenshot.

Needs Debian's chromium and chromium-driver (.ci/run installs them when missing) and selenium;
skips with a message where no browser can be had."""

from __future__ import annotations

import os
import shutil

import numpy as np
import pytest

from eurogym import envs
from eurogym.envs.record import Recorder
from eurogym.envs.replay import main as replay_main

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no headless browser: install Debian's chromium and chromium-driver",
)


def _record(env_id: str, path, moves: int = 60) -> None:
    recorder = Recorder(env_id, 2, seed=4, seats=["random", "random"])
    state = recorder.new_game()
    rng = np.random.default_rng(4)
    engine = recorder.engine
    for _ in range(moves):
        if engine.is_over(state):
            break
        legal = np.flatnonzero(engine.legal_action_mask(state, engine.current_player(state)))
        recorder.apply(state, int(rng.choice(legal)))
    recorder.save(path)


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_viewer_steps_through_a_game_in_a_browser(env_id, browser, tmp_path):
    from selenium.webdriver.common.by import By

    record, page = tmp_path / "game.json", tmp_path / "game.html"
    _record(env_id, record)
    assert replay_main([str(record), "--html", str(page)]) == 0
    assert "http" not in page.read_text().split("<script>")[0]  # nothing fetched from outside

    browser.get(page.as_uri())
    counter = browser.find_element(By.ID, "counter")
    text = browser.find_element(By.ID, "text")
    assert counter.text.startswith("step 0 /")
    before_text = text.text
    boards = set()
    for _ in range(12):  # some moves do not change the picture; a dozen always do
        boards.add(browser.find_element(By.ID, "board").get_attribute("src"))
        browser.find_element(By.ID, "next").click()
    assert counter.text.startswith("step 12 /")
    assert text.text != before_text
    assert len(boards) > 1
    assert browser.find_element(By.ID, "board").size["width"] > 100  # the image loaded
    browser.find_element(By.ID, "prev").click()
    assert counter.text.startswith("step 11 /")
    shots = os.environ.get("EUROGYM_SCREENSHOTS", str(tmp_path))
    os.makedirs(shots, exist_ok=True)
    assert browser.save_screenshot(os.path.join(shots, f"viewer_{env_id}.png"))
