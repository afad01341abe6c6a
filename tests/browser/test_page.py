# SPDX-License-Identifier: Apache-2.0
"""The page of `mdd serve` in headless Chromium: every view loaded from its deep link, its DOM
checked against what the corpus's *.expect.json files (computed without libmdd) and the
command line say; a database of markup names rendered as text; screenshots at desktop and
phone widths. Run by run.sh, which checks the environment."""

import json
import os
import shutil
import subprocess
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TOOL = os.environ["MDD_TOOL"]
CORPUS = os.environ["MDD_CORPUS"]
ARTIFACTS = os.environ["MDD_ARTIFACTS"]
TOKEN = "page-test-token-0123456789"
HOSTILE_ECU = "HOSTILE<b>1</b>"
HOSTILE_VARIANT = '<svg onload="window.pwned=3">'
HOSTILE_SERVICE = '<img src=x onerror="window.pwned=1">'
HOSTILE_TEXT = "<script>window.pwned=2</script>"


def expectations():
    """The corpus's independent descriptions, by ECU name."""
    out = {}
    for name in sorted(os.listdir(CORPUS)):
        if name.endswith(".expect.json"):
            with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
                d = json.load(f)["diagnostic_description"]
            out[d["ecu_name"]] = d
    return out


EXPECT = expectations()
GENERATED = "BCM1000"  # the first ECU of `mdd gen --profile small --seed 5`
UPDATED = []  # the file staged to replace it


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """mdd serve over a copy of the corpus plus the hostile database, with updates on."""
    root = tmp_path_factory.mktemp("page")
    served = root / "db"
    served.mkdir()
    for name in os.listdir(CORPUS):
        if name.endswith(".mdd"):
            shutil.copy(os.path.join(CORPUS, name), served / name)
    helpers = os.environ["MDD_HELPERS"]
    subprocess.run([os.path.join(helpers, "hostile_mdd"), str(served / "hostile.mdd")], check=True)
    # An ECU whose services need states (tests/support/states_ecu.h).
    subprocess.run([os.path.join(helpers, "write_states_fixture"), str(root / "states.fb")], check=True)
    subprocess.run([TOOL, "pack", "-o", str(served / "STATES.mdd"), "--ecu", "STATES", "--chunk",
                    "DIAGNOSTIC_DESCRIPTION:STATES:" + str(root / "states.fb")], check=True, capture_output=True)
    # A generated ECU, whose services have negative responses (the corpus's have none).
    subprocess.run([TOOL, "gen", "--profile", "small", "--seed", "5", "--ecus", "1", str(root / "gen")],
                   check=True, capture_output=True)
    shutil.copy(root / "gen" / (GENERATED + ".mdd"), served)
    for name in (GENERATED, "STATES"):
        ecu = subprocess.run([TOOL, "ecu", "--json", str(served / (name + ".mdd"))], check=True,
                             capture_output=True, text=True).stdout
        EXPECT[name] = json.loads(ecu)
    # Another revision of it staged as an update, for the update status.
    subprocess.run([TOOL, "gen", "--profile", "small", "--seed", "6", "--ecus", "1", str(root / "gen6")],
                   check=True, capture_output=True)
    subprocess.run([TOOL, "update", "stage", str(served), str(root / "gen6" / (GENERATED + ".mdd"))],
                   check=True, capture_output=True)
    UPDATED.append(root / "gen6" / (GENERATED + ".mdd"))
    token = root / "token"
    token.write_text(TOKEN + "\n")
    token.chmod(0o600)
    proc = subprocess.Popen(
        [TOOL, "serve", "--listen", "127.0.0.1:0", "--updates", str(token), str(served)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on http://"), proc.stderr.read()
    yield line.split()[-1], served
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="module")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900", "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    os.makedirs(ARTIFACTS, exist_ok=True)
    yield d
    d.quit()


def visit(driver, base, fragment, view):
    """Loads base/#fragment afresh (as a reload or a shared link does) and waits for view."""
    driver.get("about:blank")
    driver.get(base + "/#" + fragment)
    wait_view(driver, view)


def console_errors(driver):
    """The browser console's errors since the last call: script errors and CSP violations;
    a route's 404 or 401 answer (which the page shows) is not one."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE" and
            not ("/ecus/" in e["message"] and "status of 404" in e["message"]) and
            not ("/updates" in e["message"] and "status of 401" in e["message"])]


def wait_view(driver, view):
    def ready(d):
        state = d.execute_script("return [document.body.dataset.state, document.body.dataset.view]")
        return state == ["ready", view] or state == ["ready", "error"]
    WebDriverWait(driver, 20).until(ready)
    got = driver.execute_script("return document.body.dataset.view")
    assert got == view, driver.find_element(By.ID, "main").text
    assert console_errors(driver) == []
    # Nothing came from another origin.
    origin = driver.execute_script("return location.origin")
    for url in driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)"):
        assert url.startswith(origin + "/"), url


def texts(driver, selector):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]


def rows(driver, selector):
    return [[c.text for c in r.find_elements(By.CSS_SELECTOR, "td")]
            for r in driver.find_elements(By.CSS_SELECTOR, selector + " tbody tr")]


def shoot(driver, name):
    driver.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))


def q(text):
    return urllib.parse.quote(text, safe="")


def test_home_lists_the_served_ecus(server, driver):
    base, _ = server
    visit(driver, base, "/", "home")
    table = {r[0]: r[1:] for r in rows(driver, "main")}
    for name, d in EXPECT.items():
        base_variant = [v for v in d["variants"] if v["is_base"]]
        services = len(base_variant[0]["effective_services"]) if base_variant else 0
        assert table[name] == [d["revision"] or "", str(len(d["variants"])),
                               str(len(d["functional_groups"])), str(services), str(len(d["dtcs"]))]
    assert HOSTILE_ECU in table
    shoot(driver, "home-desktop")


def test_ecu_view_shows_variants_groups_and_dtcs(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000", "ecu")
    d = EXPECT["FLXC1000"]
    summaries = texts(driver, "main section:nth-of-type(1) summary")
    assert [s.split(" ")[0] for s in summaries] == [v["name"] for v in d["variants"]]
    dtc_rows = rows(driver, "main section:nth-of-type(3)")
    assert sorted((r[2], r[3]) for r in dtc_rows) == sorted((x["name"], x["text"]) for x in d["dtcs"])
    assert "0x01E240" in [r[0] for r in dtc_rows]
    # A variant's services appear when its entry is opened.
    driver.find_element(By.CSS_SELECTOR, "main section:nth-of-type(1) summary").click()
    WebDriverWait(driver, 10).until(lambda x: rows(x, "main section:nth-of-type(1) details"))
    listed = {r[0]: r[1] for r in rows(driver, "main section:nth-of-type(1) details")}
    assert listed == {s["name"]: s["request"] for s in d["variants"][0]["effective_services"]}


def expected_request_matches(request):
    """Every service of every layer of the corpus whose request prefix and request agree."""
    found = set()
    for ecu, d in EXPECT.items():
        for layer in d["variants"] + d["functional_groups"]:
            for s in layer.get("effective_services", layer.get("services", [])):
                if s["request"] and (request.startswith(s["request"]) or s["request"].startswith(request)):
                    found.add((s["name"], s["request"], ecu, layer["name"]))
    return found


def test_search_by_request_bytes_finds_the_vin_service(server, driver):
    base, _ = server
    visit(driver, base, "/search?q=22F190", "search")
    got = rows(driver, "#service-results")
    assert ["VINDataIdentifier_Read", "22f190", "FLXC1000", "FLXC1000"] in got
    # The hostile database's one service reads 22 F1 90 too.
    hostile = (HOSTILE_SERVICE, "22f190", HOSTILE_ECU, HOSTILE_VARIANT)
    assert {tuple(r) for r in got} == expected_request_matches("22f190") | {hostile}
    # Exact matches first.
    exact = sum(1 for r in got if r[1] == "22f190")
    assert all(r[1] == "22f190" for r in got[:exact])


def test_search_by_typing_and_by_dtc_code(server, driver):
    base, _ = server
    visit(driver, base, "/", "home")
    box = driver.find_element(By.ID, "q")
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.switch_to.active_element == box
    box.send_keys("0x01E240", Keys.ENTER)
    wait_view(driver, "search")
    want = sorted([ecu, "0x01E240", d["display"] or "", d["name"], d["text"]]
                  for ecu, e in EXPECT.items() for d in e["dtcs"] if d["code"] == 123456)
    assert sorted(rows(driver, "#dtc-results")) == want
    assert "search?q=0x01E240" in driver.current_url


def test_arrow_keys_move_between_links(server, driver):
    base, _ = server
    visit(driver, base, "/", "home")
    links = driver.find_elements(By.CSS_SELECTOR, "main a[href]")
    assert [a.text for a in links] == sorted(list(EXPECT) + [HOSTILE_ECU])
    driver.execute_script("arguments[0].focus()", links[0])
    links[0].send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element == links[1]
    second = links[1].text
    links[1].send_keys(Keys.ENTER)
    wait_view(driver, "ecu")
    assert driver.find_element(By.TAG_NAME, "h1").text == second


def test_service_view_grid_schema_and_sovd(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000/service/VINDataIdentifier_Read?message=response", "service")
    assert driver.find_element(By.TAG_NAME, "h1").text == "VINDataIdentifier_Read"
    assert driver.find_element(By.ID, "crumbs").text == "ECUs / FLXC1000 / FLXC1000 / VINDataIdentifier_Read"
    assert [a.get_attribute("href").split("#", 1)[1] for a in driver.find_elements(By.CSS_SELECTOR, "#crumbs a")] == \
        ["/", "/ecu/FLXC1000", "/ecu/FLXC1000/variant/FLXC1000"]
    head = rows(driver, "main")[0]
    assert head == ["FLXC1000", "22f190", "data: VINDataIdentifier (read)"]
    grid = driver.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")
    assert len(grid) == 3 + 17  # SID, DID (2), the VIN's 17 characters
    assert grid[3].find_elements(By.CSS_SELECTOR, "td")[-1].text.startswith("/VIN 136 bits")
    assert all(len(r.find_elements(By.CSS_SELECTOR, "td.on")) == 8 for r in grid)
    assert [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".tabs a")] == ["request", "response 0"]
    schema = json.loads(driver.execute_script("return document.getElementById('schema').textContent"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["service"] == {"const": "VINDataIdentifier_Read"}
    assert driver.find_element(By.ID, "needs").text == "No required states."
    shoot(driver, "service-desktop")


def test_service_needs_states_and_how_to_reach_them(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/STATES/service/VIN_Write", "service")
    assert texts(driver, "#needs li") == [
        "Session: Extended — enter with ExtendedSession_Start 1003",
        "SecurityAccess: Level_1 — enter with RequestSeed_Level_1 2701 then SendKey_Level_1 2702"]
    links = [a.get_attribute("href").split("#", 1)[1] for a in driver.find_elements(By.CSS_SELECTOR, "#needs a")]
    assert links == ["/ecu/STATES/service/ExtendedSession_Start", "/ecu/STATES/service/RequestSeed_Level_1",
                     "/ecu/STATES/service/SendKey_Level_1"]
    visit(driver, base, "/ecu/STATES/service/Check_Start", "service")
    assert texts(driver, "#needs li") == ["Session: Default — no service enters it"]


def test_decode_shows_values_and_marks_their_bytes(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000/decode?request=22F186&response=62F18603", "decode")
    assert driver.find_element(By.ID, "decoded").text == \
        "ActiveDiagnosticSessionDataIdentifier_Read: positive response"
    values = driver.find_elements(By.CSS_SELECTOR, "#values li")
    assert [v.text for v in values] == ["/SID_PR = 98 bytes 0", "/DID_PR = 61830 bytes 1–2",
                                        "/EcuSessionType = Extended bytes 3"]
    values[1].click()
    marked = [s.text for s in driver.find_elements(By.CSS_SELECTOR, "#response-bytes span.mark")]
    assert marked == ["F1", "86"]
    driver.find_elements(By.CSS_SELECTOR, "#response-bytes span")[3].click()
    assert texts(driver, "#values li.mark") == ["/EcuSessionType = Extended bytes 3"]
    shoot(driver, "decode-desktop")


def test_decode_names_a_message_it_cannot_match(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000/decode?request=22F190&response=7F2231", "decode")
    assert driver.find_element(By.CSS_SELECTOR, "main .error").text == \
        "404: no response of service 'VINDataIdentifier_Read' matches 7F 22 31"


def test_decode_names_a_negative_response(server, driver):
    base, _ = server
    service = next(s for s in EXPECT[GENERATED]["variants"][0]["effective_services"] if s["request"].startswith("22"))
    visit(driver, base, f"/ecu/{GENERATED}/decode?request={service['request']}&response=7F2231", "decode")
    assert driver.find_element(By.ID, "decoded").text == \
        service["name"] + ": negative response: requestOutOfRange (0x31)"
    assert [v.text for v in driver.find_elements(By.CSS_SELECTOR, "#values li")] == \
        ["/SID_NR = 127 bytes 0", "/SIDRQ_NR = 34 bytes 1", "/NRC = 49 bytes 2"]


def test_encode_form_gives_the_request_bytes(server, driver):
    base, _ = server
    vin = "WVWZZZ1KZ6W123456"
    visit(driver, base, "/ecu/FLXC1000/service/VINDataIdentifier_Write", "service")
    field = driver.find_element(By.CSS_SELECTOR, "#encode-form input[name=VIN]")
    assert field.get_attribute("maxlength") == "17"
    field.send_keys(vin)
    driver.find_element(By.CSS_SELECTOR, "#encode-form button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "encoded"))
    assert driver.find_element(By.ID, "encoded").text == "Request: 2ef190" + vin.encode().hex()
    # The link holds the values: a reload shows the same request.
    driver.refresh()
    wait_view(driver, "service")
    assert driver.find_element(By.ID, "encoded").text == "Request: 2ef190" + vin.encode().hex()


def test_encode_form_enforces_limits(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000/service/RequestDownload", "service")
    field = driver.find_element(By.CSS_SELECTOR, "#encode-form input[name=DataFormatIdentifier]")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "255")
    field.send_keys("256")
    before = driver.current_url
    driver.find_element(By.CSS_SELECTOR, "#encode-form button").click()
    assert driver.execute_script("return arguments[0].validity.rangeOverflow", field)
    assert driver.current_url == before and not driver.find_elements(By.ID, "encoded")


def cli_diff(a, b):
    out = subprocess.run([TOOL, "diff", "--json", str(a), str(b)], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def test_compare_two_ecus(server, driver):
    base, served = server
    visit(driver, base, "/compare?a=FLXC1000&b=FLXCNG1000", "compare")
    want = cli_diff(served / "FLXC1000.mdd", served / "FLXCNG1000.mdd")
    s = want["summary"]
    assert driver.find_element(By.ID, "summary").text == \
        f"{s['added']} added, {s['removed']} removed, {s['changed']} changed, {s['renamed']} renamed"
    assert len(rows(driver, "main")) == len(want["differences"])


def test_update_status_with_the_token(server, driver):
    base, _ = server
    visit(driver, base, "/updates", "updates")
    driver.find_element(By.CSS_SELECTOR, "#token-form input").send_keys("wrong")
    driver.find_element(By.CSS_SELECTOR, "#token-form button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "main .error"))
    assert driver.find_element(By.CSS_SELECTOR, "main .error").text.startswith("401: ")
    field = driver.find_element(By.CSS_SELECTOR, "#token-form input")
    field.clear()
    field.send_keys(TOKEN)
    driver.find_element(By.CSS_SELECTOR, "#token-form button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "update-status"))
    with urllib.request.urlopen(urllib.request.Request(
            base + "/updates", headers={"Authorization": "Bearer " + TOKEN})) as r:
        status = json.load(r)
    _, served = server
    s = cli_diff(served / (GENERATED + ".mdd"), UPDATED[0])["summary"]
    changed = f"{s['added']} added, {s['removed']} removed, {s['changed']} changed, {s['renamed']} renamed"
    want = [[f["name"], f["change"], f["ecu"], (f["old"] or {}).get("revision", ""),
             (f["new"] or {}).get("revision", ""), changed if f["name"] == GENERATED + ".mdd" else ""]
            for f in status["files"]]
    assert rows(driver, "#update-status") == want
    assert [r[1] for r in want].count("changed") == 1
    assert driver.find_element(By.CSS_SELECTOR, "#update-status p").text == \
        "Staged: 1, backup: 0, in flight: nothing"


def assert_inert(driver):
    assert driver.execute_script("return window.pwned") is None
    assert driver.find_elements(By.CSS_SELECTOR, "main img, main svg, main script, main b, main i") == []


def test_hostile_names_render_as_text(server, driver):
    base, _ = server
    visit(driver, base, "/", "home")
    assert HOSTILE_ECU in texts(driver, "main td a")
    assert_inert(driver)
    visit(driver, base, "/ecu/" + q(HOSTILE_ECU), "ecu")
    assert driver.find_element(By.TAG_NAME, "h1").text == HOSTILE_ECU
    assert rows(driver, "main section:nth-of-type(3)")[0][2:] == [HOSTILE_SERVICE, HOSTILE_TEXT]
    assert texts(driver, "main section:nth-of-type(1) summary")[0].startswith(HOSTILE_VARIANT)
    assert_inert(driver)
    visit(driver, base, "/ecu/" + q(HOSTILE_ECU) + "/service/" + q(HOSTILE_SERVICE), "service")
    assert driver.find_element(By.TAG_NAME, "h1").text == HOSTILE_SERVICE
    assert_inert(driver)
    visit(driver, base, "/search?q=" + q("<img"), "search")
    assert rows(driver, "#service-results")[0][0] == HOSTILE_SERVICE
    assert_inert(driver)
    shoot(driver, "hostile-desktop")


def test_phone_width(server, driver):
    base, _ = server
    driver.set_window_size(375, 812)
    try:
        width = driver.execute_script("return window.innerWidth")
        for fragment, view in (("/", "home"), ("/ecu/FLXC1000", "ecu"), ("/ecu/FLXC1000/variant/FLXC1000", "layer"),
                               ("/ecu/FLXC1000/service/VINDataIdentifier_Read", "service"),
                               ("/ecu/FLXC1000/decode?request=22F186&response=62F18603", "decode"),
                               ("/search?q=22F190", "search"), ("/compare?a=FLXC1000&b=FLXCNG1000", "compare")):
            visit(driver, base, fragment, view)
            # Nothing wider than the screen but the tables' own scrolling boxes.
            assert driver.execute_script("return document.documentElement.scrollWidth") <= width
            shoot(driver, view + "-375px")
    finally:
        driver.set_window_size(1280, 900)


def test_unknown_view_says_so(server, driver):
    base, _ = server
    driver.get("about:blank")
    driver.get(base + "/#/nowhere")
    wait_view(driver, "error")
    assert driver.find_element(By.CSS_SELECTOR, "main .error").text == "404: no such view: #/nowhere"
