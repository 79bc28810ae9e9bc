#!/usr/bin/env python3
"""drive.py - opens dominolab's pages in headless Chromium through ChromeDriver (the
WebDriver protocol over HTTP, with the standard library only) and prints what it finds as
one JSON document, for tests/test_browser.c to check.

    drive.py frames PAGE H:P [H:P ...]   the viewer's DOM at #hand=H&ply=P, read back
    drive.py step PAGE                   from the first position, #next clicked to the end;
                                         then the keys and the other controls
    drive.py hide PAGE SEAT              the hands before and after #hide-hands, seen from SEAT
    drive.py words PAGE H:P [H:P ...]    the words at each position: step panel, caption, move, page
    drive.py hidden PAGE SEAT H:P ...    the same with the other hands face down, seen from SEAT
    drive.py fit PAGE H:P [H:P ...]      how each position fits the window: widths, smallest tile
    drive.py graph PAGE                  the annotation graph's bars, the move list's labels, the
                                         summary's counts; a few bars clicked
    drive.py tools PAGE DIR              the record downloaded into DIR, and the position's link
    drive.py load PAGE [PAGE ...]        each page loaded: its console messages, title, text
    drive.py shot PAGE#FRAGMENT OUT.png [WIDTHxHEIGHT]
                                         a screenshot (1280x860 unless given)
    drive.py probe PAGE EXPRESSION       the value of a JavaScript expression on the loaded page
    drive.py report WIDTHxHEIGHT PAGE [PAGE ...]
                                         each report.html loaded in a window of that size: its
                                         console, its width against the window's, the smallest
                                         chart text as drawn, each chart's title and subtitle,
                                         its tables' cells and its text

The window is 1280x860 unless $DOMINOLAB_WINDOW says otherwise ("400x800": a phone).
Chromium and ChromeDriver are Debian's (chromium, chromium-driver), installed by
scripts/install-deps.sh; $DOMINOLAB_CHROMIUM and $DOMINOLAB_CHROMEDRIVER override them.
"""
import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

CHROMIUM = os.environ.get("DOMINOLAB_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DOMINOLAB_CHROMEDRIVER", "/usr/bin/chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the WebDriver key of an element reference


class Browser:
    """One ChromeDriver process and one headless session."""

    def __init__(self, size="1280,860"):
        with socket.socket() as probe:  # a free port for the driver
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.driver = subprocess.Popen([CHROMEDRIVER, f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        self._wait_for_driver()
        options = {"binary": CHROMIUM,
                   "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            f"--window-size={size}", "--hide-scrollbars", "--no-first-run",
                            "--disable-extensions"]}
        width, height = (int(n) for n in size.split(","))
        if width < 600:  # a desktop window cannot be that narrow: emulate the phone's screen
            options["mobileEmulation"] = {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}}
        capabilities = {"browserName": "chrome", "goog:chromeOptions": options,
                        "goog:loggingPrefs": {"browser": "ALL"}}
        reply = self._call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = f"/session/{reply['sessionId']}"

    def _wait_for_driver(self):
        for _ in range(200):
            try:
                urllib.request.urlopen(self.base + "/status", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        raise SystemExit("drive.py: chromedriver did not start")

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise SystemExit(f"drive.py: {method} {path}: {error.read().decode(errors='replace')[:400]}")

    def call(self, method, path, body=None):
        return self._call(method, self.session + path, body)

    def open(self, url):
        self.call("POST", "/url", {"url": url})

    def script(self, source, *args):
        return self.call("POST", "/execute/sync", {"script": source, "args": list(args)})

    def find(self, css):
        return self.call("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        """A click where a person would make it: the element scrolled to the middle of its
        scrolling box first (a sticky header may cover an element scrolled only to the edge)."""
        element = self.find(css)
        self.script("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", {ELEMENT: element})
        self.call("POST", f"/element/{element}/click", {})

    def press(self, element):
        """A click by the pointer (WebDriver actions) on an element already in view: the
        mouse events a person's click makes, without the element click's wait for a
        navigation, which took three quarters of a step through a match."""
        moves = [{"type": "pointerMove", "origin": {ELEMENT: element}, "x": 0, "y": 0},
                 {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        self.call("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse",
                                                    "parameters": {"pointerType": "mouse"}, "actions": moves}]})

    def keys(self, text):
        """Key presses sent to the page (WebDriver actions), as a person would type them."""
        actions = []
        for key in text:
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.call("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def console(self):
        try:
            entries = self.call("POST", "/se/log", {"type": "browser"})
        except SystemExit:
            entries = []
        return [{"level": e.get("level"), "message": e.get("message")} for e in entries]

    def resize(self, size):
        """The viewport set to WIDTHxHEIGHT CSS pixels: the window (headless: the window is
        the viewport), or, narrower than a desktop window can be, a phone's screen emulated."""
        width, height = (int(n) for n in size.lower().split("x"))
        if width < 600:
            self.call("POST", "/goog/cdp/execute", {"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}})
        else:
            self.call("POST", "/goog/cdp/execute", {"cmd": "Emulation.clearDeviceMetricsOverride", "params": {}})
            self.call("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path):
        with open(path, "wb") as out:
            out.write(base64.b64decode(self.call("GET", "/screenshot")))

    def close(self):
        try:
            self._call("DELETE", self.session)
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=10)


# What the tests read of the viewer: the contract of docs/viewer.md.
READ_POSITION = """
const data = (el, name) => el ? el.getAttribute('data-' + name) : null;
const root = document.getElementById('viewer');
const one = id => document.getElementById(id);
const hands = Array.from(document.querySelectorAll('.hand')).map(h => ({
    seat: Number(data(h, 'seat')), tiles: data(h, 'tiles'), count: Number(data(h, 'count')),
    hidden: data(h, 'hidden')}));
const current = document.querySelector('#moves li.current');
return {
    hand: Number(data(root, 'hand')), ply: Number(data(root, 'ply')), hash: location.hash,
    scores: data(one('scores'), 'scores'), stock: data(one('stock'), 'stock'),
    ends: data(one('layout'), 'ends'), table: data(one('layout'), 'tiles'),
    trump: data(one('trump'), 'trump'), trick: data(one('trick'), 'tiles'),
    last_trick: data(one('last-trick'), 'tiles'),
    won: Array.from(document.querySelectorAll('.won')).map(w => data(w, 'tiles')),
    hand_points: data(one('hand-points'), 'points'),
    hands: hands,
    current: current ? {hand: Number(data(current, 'hand')), ply: Number(data(current, 'ply'))} : null,
    next_disabled: one('next') ? one('next').disabled : null,
    prev_disabled: one('prev') ? one('prev').disabled : null,
    result: one('result') ? one('result').textContent.trim() : null,
    error: one('error') ? one('error').textContent.trim() : null,
    dominoes: document.querySelectorAll('.domino').length,
};
"""


def page_url(page, fragment=""):
    return "file://" + os.path.abspath(page) + fragment


def frames(browser, page, positions):
    out = []
    for position in positions:
        hand, ply = position.split(":")
        browser.open(page_url(page, f"#hand={hand}&ply={ply}"))
        out.append({"asked": {"hand": int(hand), "ply": int(ply)}, "shown": browser.script(READ_POSITION)})
    return {"frames": out, "console": browser.console()}


def settled(browser, limit=15.0):
    """The position once the address has caught up with it: the page delays its history
    writes after a burst of steps (Chromium ignores more than 200 in 10 s), so a read made
    right after a fast walk may still see the old fragment."""
    deadline = time.monotonic() + limit
    while True:
        position = browser.script(READ_POSITION)
        if position["hash"] == f"#hand={position['hand']}&ply={position['ply']}" or time.monotonic() > deadline:
            return position
        time.sleep(0.2)


# After each step of the walk, in one round trip: the position, whether #next is
# disabled, and #next scrolled to the middle of its box for the next click (as
# Browser.click does).
READ_AND_AIM = """
const next = document.getElementById('next');
next.scrollIntoView({block: 'center', inline: 'center'});
const position = (function () {""" + READ_POSITION + """})();
position.next_disabled = next.disabled;
return position;
"""


def step(browser, page):
    browser.open(page_url(page, "#hand=1&ply=0"))
    start = browser.script(READ_POSITION)
    clicks = 0
    seen = [(start["hand"], start["ply"])]
    next_button = browser.find("#next")
    position = browser.script(READ_AND_AIM)
    while not position["next_disabled"]:
        browser.press(next_button)
        clicks += 1
        position = browser.script(READ_AND_AIM)
        seen.append((position["hand"], position["ply"]))
        if clicks > 20000:
            break
    end = settled(browser)
    browser.keys("\ue012")  # ArrowLeft
    after_left = settled(browser)
    browser.keys("\ue011")  # Home
    after_home = settled(browser)
    browser.keys("\ue014")  # ArrowRight
    after_right = settled(browser)
    browser.keys("\ue010")  # End
    after_end = settled(browser)
    browser.click("#first")
    after_first = settled(browser)
    browser.click("#last")
    after_last = settled(browser)
    browser.click("#prev")
    after_prev = settled(browser)
    # a click in the move list: the third move of the first hand
    browser.click('#moves li[data-hand="1"][data-ply="3"]')
    after_list = settled(browser)
    # play, then pause: the position moves on by itself
    browser.click("#first")
    browser.click("#play")
    time.sleep(2.5)
    browser.click("#play")
    after_play = browser.script(READ_POSITION)
    time.sleep(1.2)
    after_pause = browser.script(READ_POSITION)
    return {"start": start, "clicks": clicks, "seen": seen, "end": end, "left": after_left, "home": after_home,
            "right": after_right, "end_key": after_end, "first": after_first, "last": after_last,
            "prev": after_prev, "list": after_list, "played": after_play, "paused": after_pause,
            "console": browser.console()}


def hide(browser, page, seat):
    """The hands before and after the switch, seen from `seat`."""
    browser.open(page_url(page, "#hand=1&ply=0"))
    before = browser.script(READ_POSITION)
    browser.script("const s = document.getElementById('perspective'); s.value = arguments[0];"
                   " s.dispatchEvent(new Event('change', {bubbles: true}));", str(seat))
    browser.click("#hide-hands")
    after = browser.script(READ_POSITION)
    return {"before": before, "after": after, "console": browser.console()}


def load(browser, pages):
    out = []
    for page in pages:
        browser.open(page_url(page))
        info = browser.script("return {title: document.title, text: document.body.innerText,"
                              " svgs: document.querySelectorAll('svg').length,"
                              " scripts: Array.from(document.scripts).filter(s => s.src).length};")
        info["page"] = page
        info["console"] = browser.console()
        out.append(info)
    return {"pages": out}


# What a person reads at a position: the step panel, the caption, the current move's line,
# and the whole page's text.
READ_WORDS = """
const one = id => document.getElementById(id);
const current = document.querySelector('#moves li.current');
/* the page's text without the moves of other hands: tiles dealt again are no news */
const hand = document.getElementById('viewer').getAttribute('data-hand');
const others = Array.from(document.querySelectorAll('#moves .hand-moves')).filter(
    section => section.querySelector('[data-goto-hand]').getAttribute('data-goto-hand') !== hand);
others.forEach(section => { section.style.display = 'none'; });
const text = document.body.innerText;
others.forEach(section => { section.style.display = ''; });
return {
    awards: one('awards').innerText, caption: one('move-caption').innerText,
    move: current ? current.innerText : '', text: text,
    annotation: one('annotation') ? one('annotation').innerText : '',
    ghosts: document.querySelectorAll('.domino.ghost').length,
    ghost_choice: document.querySelectorAll('.hand .domino.ghost-choice').length,
};
"""


def words(browser, page, positions, hide_seat=None):
    """At each position: the words a person reads; with hide_seat, as that seat with the
    other hands face down (the switch set once, then the positions opened by fragment)."""
    out = []
    browser.open(page_url(page, "#hand=1&ply=0"))
    if hide_seat is not None:
        browser.script("const s = document.getElementById('perspective'); s.value = arguments[0];"
                       " s.dispatchEvent(new Event('change', {bubbles: true}));", str(hide_seat))
        browser.click("#hide-hands")
    for position in positions:
        hand, ply = position.split(":")
        browser.script("location.hash = arguments[0];", f"#hand={hand}&ply={ply}")
        shown = settled(browser)
        read = browser.script(READ_WORDS)
        read["hand"], read["ply"] = shown["hand"], shown["ply"]
        out.append(read)
    return {"positions": out, "console": browser.console()}


# How the page sits in its window: the widest element, the smallest tile and where the
# table begins.
READ_FIT = """
const root = document.documentElement;
const boxes = Array.from(document.querySelectorAll('.domino')).map(d => d.getBoundingClientRect())
    .filter(r => r.width > 0 && r.height > 0);
const felt = document.getElementById('felt').getBoundingClientRect();
let widest = null;
for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > root.clientWidth + 0.5 && getComputedStyle(el).position !== 'fixed') {
        let clipped = false;  /* inside a box that scrolls sideways on its own */
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            const o = getComputedStyle(up).overflowX;
            if ((o === 'auto' || o === 'scroll' || o === 'hidden') && up.getBoundingClientRect().right <= root.clientWidth + 0.5) { clipped = true; break; }
        }
        if (!clipped && (!widest || r.right > widest.right)) widest = {tag: el.tagName, cls: el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className, right: r.right};
    }
}
return {
    width: root.clientWidth, scroll_width: root.scrollWidth, height: window.innerHeight,
    felt_top: felt.top + window.scrollY, smallest_tile: boxes.length ? Math.min(...boxes.map(r => Math.min(r.width, r.height))) : null,
    tiles: boxes.length, widest: widest,
};
"""


def fit(browser, page, positions):
    out = []
    for position in positions:
        hand, ply = position.split(":")
        browser.open(page_url(page, f"#hand={hand}&ply={ply}"))
        read = browser.script(READ_FIT)
        read["at"] = position
        out.append(read)
    return {"positions": out, "console": browser.console()}


# The annotation graph: its bars, the move list's labels, the summary's counts.
READ_GRAPH = """
const bars = Array.from(document.querySelectorAll('#graph-svg rect')).map(r => ({
    hand: Number(r.getAttribute('data-hand')), ply: Number(r.getAttribute('data-ply')),
    label: r.getAttribute('data-label'), cost: r.getAttribute('data-cost')}));
const listed = Array.from(document.querySelectorAll('#moves li[data-label]')).map(li => ({
    hand: Number(li.getAttribute('data-hand')), ply: Number(li.getAttribute('data-ply')), label: li.getAttribute('data-label')}));
const summary = Array.from(document.querySelectorAll('#graph-summary tbody tr')).map(tr => {
    const row = {seat: Number(tr.getAttribute('data-seat'))};
    tr.querySelectorAll('td[data-label]').forEach(td => { row[td.getAttribute('data-label')] = Number(td.textContent); });
    return row;
});
return {bars: bars, listed: listed, summary: summary, caption: document.querySelector('.graph-caption') ?
    document.querySelector('.graph-caption').innerText : ''};
"""


def graph(browser, page):
    browser.open(page_url(page, "#hand=1&ply=0"))
    read = browser.script(READ_GRAPH)
    clicks = []
    bars = read["bars"]
    for k in sorted({0, len(bars) // 2, len(bars) - 1}) if bars else []:
        bar = bars[k]
        element = browser.find(f'#graph-svg rect[data-hand="{bar["hand"]}"][data-ply="{bar["ply"]}"]')
        browser.script("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", {ELEMENT: element})
        browser.press(element)
        at = settled(browser)
        clicks.append({"bar": bar, "hand": at["hand"], "ply": at["ply"]})
    read["clicks"] = clicks
    read["console"] = browser.console()
    return read


def tools(browser, page, out_dir):
    """The download button saves the record; the copy button gives the position's link."""
    browser.call("POST", "/goog/cdp/execute", {"cmd": "Page.setDownloadBehavior",
                                                 "params": {"behavior": "allow", "downloadPath": os.path.abspath(out_dir)}})
    browser.open(page_url(page, "#hand=1&ply=3"))
    browser.click("#download")
    saved = None
    for _ in range(1200):  # a minute at most, however busy the machine
        names = [n for n in os.listdir(out_dir) if not n.endswith(".crdownload")]
        if names:
            saved = os.path.join(out_dir, names[0])
            break
        time.sleep(0.1)
    browser.click("#copy-link")  # the field is filled at once; the clipboard may take its time
    link = browser.script("const f = document.getElementById('link-field');"
                          " return {field: f.value, shown: !f.hidden, status: document.getElementById('status').textContent};")
    return {"saved": saved, "link": link, "console": browser.console()}  # status: "link copied" once it is

# What the report tests read of a report.html: the page's width against the window's, the
# smallest chart text as the browser draws it (its box's height, after the chart's scaling),
# each chart's title and subtitle (its first two text elements), and every table's cells.
READ_REPORT = """
const root = document.documentElement;
const texts = Array.from(document.querySelectorAll('svg text'))
    .map(t => t.getBoundingClientRect().height).filter(h => h > 0);
const charts = Array.from(document.querySelectorAll('svg')).map(svg => {
    const lines = svg.querySelectorAll(':scope > text');
    return {title: lines.length > 0 ? lines[0].textContent : '',
            subtitle: lines.length > 1 ? lines[1].textContent : '',
            width: svg.getBoundingClientRect().width};
});
const tables = Array.from(document.querySelectorAll('table')).map(table => ({
    class: table.className,
    caption: table.caption ? table.caption.textContent : '',
    rows: Array.from(table.rows).map(row => Array.from(row.cells).map(cell => ({
        text: cell.innerText, title: cell.title, empty: cell.classList.contains('empty')})))}));
const wide = Array.from(document.querySelectorAll('body *')).filter(e => {
    const box = e.getBoundingClientRect();
    return box.right > root.clientWidth + 0.5 && e.closest('.wide, figure, pre') === null;
}).map(e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''));
return {scroll_width: root.scrollWidth, client_width: root.clientWidth, inner_width: window.innerWidth,
        smallest_text: texts.length ? Math.min(...texts) : null, text_count: texts.length, charts: charts,
        tables: tables, wider_than_window: wide.slice(0, 10), text: document.body.innerText,
        scripts: Array.from(document.scripts).length};
"""


def report(browser, size, pages):
    browser.resize(size)
    out = []
    for page in pages:
        browser.open(page_url(page))
        info = browser.script(READ_REPORT)
        info["page"] = page
        info["console"] = browser.console()
        out.append(info)
    return {"size": size, "pages": out}


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    command = argv[1]
    size = os.environ.get("DOMINOLAB_WINDOW", "1280x860").replace("x", ",")
    browser = Browser(size)
    try:
        if command == "frames":
            result = frames(browser, argv[2], argv[3:])
        elif command == "step":
            result = step(browser, argv[2])
        elif command == "hide":
            result = hide(browser, argv[2], int(argv[3]))
        elif command == "words":
            result = words(browser, argv[2], argv[3:])
        elif command == "hidden":
            result = words(browser, argv[2], argv[4:], hide_seat=int(argv[3]))
        elif command == "fit":
            result = fit(browser, argv[2], argv[3:])
        elif command == "graph":
            result = graph(browser, argv[2])
        elif command == "tools":
            result = tools(browser, argv[2], argv[3])
        elif command == "load":
            result = load(browser, argv[2:])
        elif command == "probe":
            browser.open(page_url(argv[2]))
            result = {"value": browser.script("return (" + argv[3] + ");"), "console": browser.console()}
        elif command == "shot":
            page, _, fragment = argv[2].partition("#")
            if len(argv) > 4:
                browser.resize(argv[4])
            browser.open(page_url(page, "#" + fragment if fragment else ""))
            time.sleep(0.3)
            browser.screenshot(argv[3])
            result = {"shot": argv[3], "console": browser.console()}
        elif command == "report":
            result = report(browser, argv[2], argv[3:])
        else:
            print(f"drive.py: unknown command {command}", file=sys.stderr)
            return 2
    finally:
        browser.close()
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
