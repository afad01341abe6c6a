# SPDX-License-Identifier: Apache-2.0
"""The page of `mdd serve` in headless Chromium: every view loaded from its deep link, its DOM
checked against what the corpus's *.expect.json files (computed without libmdd) and the
command line say; a database of markup names rendered as text; screenshots at desktop and
phone widths. The served set is a generated fleet, an ECU whose services need states and the
markup database, plus the corpus when it is there (its tests skip without it). Run by run.sh,
which checks the environment."""

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
HAVE_CORPUS = os.path.isfile(os.path.join(CORPUS, "FLXC1000.mdd"))
needs_corpus = pytest.mark.skipif(not HAVE_CORPUS, reason="no corpus at " + CORPUS)
TOKEN = "page-test-token-0123456789"
HOSTILE_ECU = "HOSTILE<b>1</b>"
HOSTILE_VARIANT = '<svg onload="window.pwned=3">'
HOSTILE_SERVICE = '<img src=x onerror="window.pwned=1">'
HOSTILE_TEXT = "<script>window.pwned=2</script>"
GENERATED = ["BCM1000", "FG_ECM_01"]  # `mdd gen --profile small --seed 5 --ecus 2`


def corpus_expectations():
    """The corpus's independent descriptions, by ECU name."""
    out = {}
    for name in sorted(os.listdir(CORPUS)) if HAVE_CORPUS else []:
        if name.endswith(".expect.json"):
            with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
                d = json.load(f)["diagnostic_description"]
            out[d["ecu_name"]] = d
    return out


# Every served ECU's description: the corpus's from *.expect.json, the others' from `mdd ecu
# --json` (filled by the server fixture).
EXPECT = corpus_expectations()
UPDATED = []  # the file staged to replace GENERATED[0]
SERVED = []  # the served directory


def tool(*args):
    return subprocess.run([TOOL, *map(str, args)], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """mdd serve over the generated fleet, the states and markup databases and the corpus (when
    it is there), with an update staged and the update routes on."""
    root = tmp_path_factory.mktemp("page")
    served = root / "db"
    served.mkdir()
    SERVED.append(served)
    for name in os.listdir(CORPUS) if HAVE_CORPUS else []:
        if name.endswith(".mdd"):
            shutil.copy(os.path.join(CORPUS, name), served / name)
    helpers = os.environ["MDD_HELPERS"]
    subprocess.run([os.path.join(helpers, "hostile_mdd"), str(served / "hostile.mdd")], check=True)
    # An ECU whose services need states (tests/support/states_ecu.h).
    subprocess.run([os.path.join(helpers, "write_states_fixture"), str(root / "states.fb")], check=True)
    tool("pack", "-o", served / "STATES.mdd", "--ecu", "STATES", "--chunk",
         "DIAGNOSTIC_DESCRIPTION:STATES:" + str(root / "states.fb"))
    # A generated ECU (whose services have negative responses) and a functional-group ECU.
    tool("gen", "--profile", "small", "--seed", "5", "--ecus", "2", root / "gen")
    for name in GENERATED:
        shutil.copy(root / "gen" / (name + ".mdd"), served)
    for name in GENERATED + ["STATES"]:
        EXPECT[name] = json.loads(tool("ecu", "--json", served / (name + ".mdd")))
    # Another revision of the first staged as an update, for the update status.
    tool("gen", "--profile", "small", "--seed", "6", "--ecus", "1", root / "gen6")
    UPDATED.append(root / "gen6" / (GENERATED[0] + ".mdd"))
    tool("update", "stage", served, UPDATED[0])
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


def get_json(base, path):
    with urllib.request.urlopen(base + path) as r:
        return json.load(r)


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
    """The rendered text of each element selector finds (read in the page: one round trip)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText.trim())", selector)


def rows(driver, selector):
    """The cells' rendered text of each body row of the tables under selector."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' tbody tr')]"
        ".map(r => [...r.querySelectorAll('td')].map(c => c.innerText.trim()))", selector)


def shoot(driver, name):
    driver.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))


def q(text):
    return urllib.parse.quote(text, safe="")


def base_variant(d):
    return next((v for v in d["variants"] if v["is_base"]), None)


def test_home_lists_the_served_ecus(server, driver):
    base, _ = server
    visit(driver, base, "/", "home")
    table = {r[0]: r[1:] for r in rows(driver, "main")}
    for name, d in EXPECT.items():
        services = len(base_variant(d)["effective_services"]) if base_variant(d) else 0
        assert table[name] == [d["revision"] or "", str(len(d["variants"])),
                               str(len(d["functional_groups"])), str(services), str(len(d["dtcs"]))]
    assert sorted(table) == sorted(list(EXPECT) + [HOSTILE_ECU])
    shoot(driver, "home-desktop")


def check_ecu_view(driver, base, name):
    d = EXPECT[name]
    visit(driver, base, "/ecu/" + q(name), "ecu")
    assert driver.find_element(By.TAG_NAME, "h1").text == name
    variants = texts(driver, "main section:nth-of-type(1) summary")
    assert [v.split(" ")[0] for v in variants] == [v["name"] for v in d["variants"]]
    groups = texts(driver, "main section:nth-of-type(2) summary")
    assert [g.split(" ")[0] for g in groups] == [g["name"] for g in d["functional_groups"]]
    # A layer's services appear when its entry is opened.
    layers = d["variants"] or d["functional_groups"]
    section = "main section:nth-of-type(%d)" % (1 if d["variants"] else 2)
    driver.find_element(By.CSS_SELECTOR, section + " summary").click()
    WebDriverWait(driver, 10).until(lambda x: rows(x, section + " details"))
    listed = {r[0]: r[1] for r in rows(driver, section + " details")}
    kind = "--variant" if d["variants"] else "--group"
    want = json.loads(tool("services", "--json", kind, layers[0]["name"], SERVED[0] / (name + ".mdd")))
    assert listed == {s["name"]: s["request"] for s in want["services"]}
    return d


def test_ecu_view_shows_variants_groups_and_dtcs(server, driver):
    base, _ = server
    d = check_ecu_view(driver, base, GENERATED[0])
    dtcs = rows(driver, "main section:nth-of-type(3)") if len(d["dtcs"]) <= 50 else None
    if dtcs is None:  # more than 50: shown on demand
        driver.find_element(By.CSS_SELECTOR, "main section:nth-of-type(3) summary").click()
        WebDriverWait(driver, 10).until(lambda x: rows(x, "main section:nth-of-type(3)"))
        dtcs = rows(driver, "main section:nth-of-type(3)")
    want = sorted(["0x%06X" % x["code"], x["display"] or "", x["name"], x["text"]] for x in d["dtcs"])
    assert sorted(dtcs) == want
    check_ecu_view(driver, base, GENERATED[1])


@needs_corpus
def test_ecu_view_of_the_corpus(server, driver):
    base, _ = server
    d = check_ecu_view(driver, base, "FLXC1000")
    dtc_rows = rows(driver, "main section:nth-of-type(3)")
    assert sorted((r[2], r[3]) for r in dtc_rows) == sorted((x["name"], x["text"]) for x in d["dtcs"])
    assert "0x01E240" in [r[0] for r in dtc_rows]


def expected_request_matches(request):
    """Every service of every layer served whose request prefix and request agree."""
    found = set()
    for ecu, d in EXPECT.items():
        for layer in d["variants"] + d["functional_groups"]:
            for s in layer.get("effective_services", layer.get("services", [])):
                if s["request"] and (request.startswith(s["request"]) or s["request"].startswith(request)):
                    found.add((s["name"], s["request"], ecu, layer["name"]))
    if "22f190".startswith(request) or request.startswith("22f190"):
        found.add((HOSTILE_SERVICE, "22f190", HOSTILE_ECU, HOSTILE_VARIANT))
    return found


def check_request_search(driver, base, request):
    visit(driver, base, "/search?q=" + request.upper(), "search")
    got = rows(driver, "#service-results")
    assert {tuple(r) for r in got} == expected_request_matches(request)
    exact = sum(1 for r in got if r[1] == request)
    assert exact and all(r[1] == request for r in got[:exact])
    return got


def test_search_by_request_bytes(server, driver):
    base, _ = server
    service = next(s for s in base_variant(EXPECT[GENERATED[0]])["effective_services"]
                   if s["request"].startswith("22"))
    got = check_request_search(driver, base, service["request"])
    assert [service["name"], service["request"], GENERATED[0], base_variant(EXPECT[GENERATED[0]])["name"]] in got


@needs_corpus
def test_search_by_request_bytes_finds_the_vin_service(server, driver):
    base, _ = server
    got = check_request_search(driver, base, "22f190")
    assert ["VINDataIdentifier_Read", "22f190", "FLXC1000", "FLXC1000"] in got


def test_search_by_typing_and_by_dtc_code(server, driver):
    base, _ = server
    code = EXPECT[GENERATED[0]]["dtcs"][0]["code"]
    term = "0x%06X" % code
    visit(driver, base, "/", "home")
    box = driver.find_element(By.ID, "q")
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.switch_to.active_element == box
    box.send_keys(term, Keys.ENTER)
    wait_view(driver, "search")
    want = sorted([ecu, term, d["display"] or "", d["name"], d["text"]]
                  for ecu, e in EXPECT.items() for d in e["dtcs"] if d["code"] == code)
    assert want and sorted(rows(driver, "#dtc-results")) == want
    assert "search?q=" + term in driver.current_url


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


def grid_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")


def test_service_view_grid_against_mdd_layout(server, driver):
    base, served = server
    ecu = GENERATED[0]
    variant = base_variant(EXPECT[ecu])["name"]
    service = next(s for s in base_variant(EXPECT[ecu])["effective_services"] if s["request"].startswith("22"))
    visit(driver, base, "/ecu/%s/service/%s?message=response" % (ecu, q(service["name"])), "service")
    assert driver.find_element(By.ID, "crumbs").text == " / ".join(["ECUs", ecu, variant, service["name"]])
    layout = json.loads(tool("layout", "--json", "--response", service["name"], served / (ecu + ".mdd")))
    leaves = [i for i in layout["items"] if not i["kind"].endswith(("_begin", "_end"))]
    grid = grid_rows(driver)
    last = max(i["byte"] + i.get("byte_count", 1) - 1 for i in leaves)
    assert len(grid) == last + 1
    for i in leaves:
        names = grid[i["byte"]].find_elements(By.CSS_SELECTOR, "td")[-1].text
        assert i["path"] in names
    assert rows(driver, "main")[0][:2] == [variant, service["request"]]
    shoot(driver, "service-generated-desktop")


@needs_corpus
def test_service_view_grid_schema_and_sovd(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000/service/VINDataIdentifier_Read?message=response", "service")
    assert driver.find_element(By.TAG_NAME, "h1").text == "VINDataIdentifier_Read"
    assert driver.find_element(By.ID, "crumbs").text == "ECUs / FLXC1000 / FLXC1000 / VINDataIdentifier_Read"
    assert [a.get_attribute("href").split("#", 1)[1] for a in driver.find_elements(By.CSS_SELECTOR, "#crumbs a")] == \
        ["/", "/ecu/FLXC1000", "/ecu/FLXC1000/variant/FLXC1000"]
    head = rows(driver, "main")[0]
    assert head == ["FLXC1000", "22f190", "data: VINDataIdentifier (read)"]
    grid = grid_rows(driver)
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
    shoot(driver, "needs-desktop")


def generated_read(served):
    """A read service of the generated ECU, its request, and a response for it: the request's
    identifier echoed, then 0xAA bytes (more than it describes)."""
    ecu = GENERATED[0]
    service = next(s for s in base_variant(EXPECT[ecu])["effective_services"] if s["request"].startswith("22"))
    response = "62" + service["request"][2:] + "aa" * 64
    lines = tool("decode", served / (ecu + ".mdd"), service["request"], response).splitlines()
    return service, response, lines


def test_decode_generated_response_as_mdd_decode(server, driver):
    base, served = server
    service, response, lines = generated_read(served)
    visit(driver, base, "/ecu/%s/decode?request=%s&response=%s" % (GENERATED[0], service["request"], response),
          "decode")
    assert driver.find_element(By.ID, "decoded").text == service["name"] + ": positive response"
    values = driver.find_elements(By.CSS_SELECTOR, "#values li")
    # mdd decode prints `PATH = VALUE` per value (strings quoted), then the trailing bytes.
    want = [l.replace('"', "") for l in lines[1:] if not l.startswith("trailing bytes")]
    assert [v.text.rsplit(" bytes ", 1)[0] for v in values] == want
    values[0].click()
    assert [s.text for s in driver.find_elements(By.CSS_SELECTOR, "#response-bytes span.mark")] == ["62"]
    assert "Trailing bytes" in driver.find_element(By.ID, "main").text
    shoot(driver, "decode-generated-desktop")


@needs_corpus
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
    visit(driver, base, "/ecu/STATES/decode?request=22F190&response=7F2231", "decode")
    assert driver.find_element(By.CSS_SELECTOR, "main .error").text.startswith("404: ")


def test_decode_names_a_negative_response(server, driver):
    base, served = server
    service, _, _ = generated_read(served)
    visit(driver, base, f"/ecu/{GENERATED[0]}/decode?request={service['request']}&response=7F2231", "decode")
    assert driver.find_element(By.ID, "decoded").text == \
        service["name"] + ": negative response: requestOutOfRange (0x31)"
    assert [v.text for v in driver.find_elements(By.CSS_SELECTOR, "#values li")] == \
        ["/SID_NR = 127 bytes 0", "/SIDRQ_NR = 34 bytes 1", "/NRC = 49 bytes 2"]


def one_number_request(base):
    """A service of the generated ECU whose request takes one integer with limits, and it."""
    ecu = GENERATED[0]
    for s in base_variant(EXPECT[ecu])["effective_services"]:
        schema = get_json(base, "/ecus/%s/services/%s/schema" % (ecu, q(s["name"])))
        props = schema["allOf"][0]["properties"]
        free = [(k, v) for k, v in props.items() if "const" not in v]
        if len(free) == 1 and free[0][1].get("type") == "integer" and "maximum" in free[0][1]:
            return s["name"], free[0][0], free[0][1]
    pytest.fail("no service of %s takes one integer with limits" % ecu)


def test_encode_form_gives_the_request_bytes_and_enforces_limits(server, driver):
    base, served = server
    ecu = GENERATED[0]
    service, param, limits = one_number_request(base)
    visit(driver, base, "/ecu/%s/service/%s" % (ecu, q(service)), "service")
    field = driver.find_element(By.CSS_SELECTOR, "#encode-form input[name=%s]" % param)
    assert (field.get_attribute("min"), field.get_attribute("max")) == (str(limits["minimum"]), str(limits["maximum"]))
    # One past the maximum: the form refuses it and sends nothing.
    field.send_keys(str(limits["maximum"] + 1))
    before = driver.current_url
    driver.find_element(By.CSS_SELECTOR, "#encode-form button").click()
    assert driver.execute_script("return arguments[0].validity.rangeOverflow", field)
    assert driver.current_url == before and not driver.find_elements(By.ID, "encoded")
    # The maximum: the request mdd encode makes of it.
    field.clear()
    field.send_keys(str(limits["maximum"]))
    driver.find_element(By.CSS_SELECTOR, "#encode-form button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "encoded"))
    want = json.loads(tool("encode", "--json", served / (ecu + ".mdd"), service,
                           json.dumps({param: limits["maximum"]})))["request"]
    assert driver.find_element(By.ID, "encoded").text == "Request: " + want
    # The link holds the values: a reload shows the same request.
    driver.refresh()
    wait_view(driver, "service")
    assert driver.find_element(By.ID, "encoded").text == "Request: " + want


@needs_corpus
def test_encode_form_gives_the_vin_bytes(server, driver):
    base, _ = server
    vin = "WVWZZZ1KZ6W123456"
    visit(driver, base, "/ecu/FLXC1000/service/VINDataIdentifier_Write", "service")
    field = driver.find_element(By.CSS_SELECTOR, "#encode-form input[name=VIN]")
    assert field.get_attribute("maxlength") == "17"
    field.send_keys(vin)
    driver.find_element(By.CSS_SELECTOR, "#encode-form button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "encoded"))
    assert driver.find_element(By.ID, "encoded").text == "Request: 2ef190" + vin.encode().hex()


@needs_corpus
def test_encode_form_enforces_the_corpus_limits(server, driver):
    base, _ = server
    visit(driver, base, "/ecu/FLXC1000/service/RequestDownload", "service")
    field = driver.find_element(By.CSS_SELECTOR, "#encode-form input[name=DataFormatIdentifier]")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "255")


def cli_diff(a, b):
    return json.loads(tool("diff", "--json", a, b))


def test_compare_two_ecus(server, driver):
    base, served = server
    a, b = GENERATED[0], "STATES"
    visit(driver, base, "/compare?a=%s&b=%s" % (a, b), "compare")
    want = cli_diff(served / (a + ".mdd"), served / (b + ".mdd"))
    s = want["summary"]
    assert driver.find_element(By.ID, "summary").text == \
        f"{s['added']} added, {s['removed']} removed, {s['changed']} changed, {s['renamed']} renamed"
    assert len(rows(driver, "main")) == min(len(want["differences"]), 2000)
    shown = rows(driver, "main")[:20]
    assert shown == [[d["kind"], d["path"], d["old"] or "", d["new"] or ""] for d in want["differences"][:20]]


def test_update_status_with_the_token(server, driver):
    base, served = server
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
    s = cli_diff(served / (GENERATED[0] + ".mdd"), UPDATED[0])["summary"]
    changed = f"{s['added']} added, {s['removed']} removed, {s['changed']} changed, {s['renamed']} renamed"
    want = [[f["name"], f["change"], f["ecu"], (f["old"] or {}).get("revision", ""),
             (f["new"] or {}).get("revision", ""), changed if f["name"] == GENERATED[0] + ".mdd" else ""]
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
    base, served = server
    ecu = GENERATED[0]
    service, response, _ = generated_read(served)
    driver.set_window_size(375, 812)
    try:
        width = driver.execute_script("return window.innerWidth")
        for fragment, view in (("/", "home"), ("/ecu/" + ecu, "ecu"),
                               ("/ecu/%s/variant/%s" % (ecu, base_variant(EXPECT[ecu])["name"]), "layer"),
                               ("/ecu/%s/service/%s?message=response" % (ecu, q(service["name"])), "service"),
                               ("/ecu/%s/decode?request=%s&response=%s" % (ecu, service["request"], response), "decode"),
                               ("/search?q=" + service["request"], "search"),
                               ("/compare?a=%s&b=STATES" % ecu, "compare")):
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
