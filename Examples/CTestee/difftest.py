#!/usr/bin/env python3
"""Differential check: random sessions fed to two testees, whose answers must agree.

    python3 Examples/CTestee/difftest.py ./ctestee .build/debug/reference-testee --seeds 0:500

Each seed makes one session as cmdtool would send it (a header with a random viewport and
preferences, then steps of random command batches or user requests, each followed by `state` and
`sync`), over a small id space so that commands hit live, deleted, detached and wrong-kind elements
alike. Both testees get the same bytes; their records must be equal after normalising what the
protocol leaves free: explicit default fields, the wording of `error`/`unsupported` details and the
snapshot's `record`. The first difference of a seed is printed and the session is written to
OUT/difftest-SEED.jsonl (--out, the current folder by default). Exit 1 when any seed differs. The suite (`cmdtool conformance`) is the real
test; this only explores the space between its cases.
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys

NAMES = """CREATE_APPLICATION CREATE_FRAMEVIEW CREATE_NAVIGATIONVIEW CREATE_OPENGL_VIEW CREATE_TEXTFIELD
CREATE_TEXTVIEW CREATE_LISTVIEW CREATE_GRIDVIEW CREATE_BUTTON CREATE_SWITCH CREATE_PICKER CREATE_LINEAR_LAYOUT
CREATE_FRAME_LAYOUT CREATE_EVENT_LAYOUT CREATE_SCROLL_LAYOUT CREATE_FLIPPER_LAYOUT CREATE_TABLE_LAYOUT
CREATE_AUTO_COLUMN_LAYOUT CREATE_TEXT CREATE_LINK CREATE_DIALOG CREATE_ALERT_DIALOG CREATE_IMAGEVIEW
CREATE_ACTION_SHEET CREATE_PAGER CREATE_CHECKBOX CREATE_RADIO_GROUP CREATE_SEPARATOR CREATE_SLIDER
CREATE_ACTIONBAR CREATE_SEARCHBAR CREATE_NAVIGATIONBAR CREATE_NAVIGATIONBAR_ITEM CREATE_PROGRESS_SPINNER
CREATE_TOAST CREATE_NOTIFICATION CREATE_PAGE_CONTROL CREATE_SEGMENTED_CONTROL DELETE_ELEMENT REMOVE_CHILD
REORDER_CHILD LAUNCH_BROWSER HISTORY_GO_BACK CLEAR RELEASE SET_INT_VALUE SET_TEXT_VALUE SET_INT_DATA
SET_TEXT_DATA SET_VISIBILITY SET_SHAPE SET_STYLE SET_ERROR ADD_IMAGE_URL FLUSH_VIEW UPDATE_PREFERENCE
DELETE_PREFERENCE COMMIT_PREFERENCES ADD_OPTION ADD_SHEET ADD_COLUMN RESHAPE_TABLE RESHAPE_SHEET STOP QUIT_APP
CREATE_TIMER LIST_PRODUCTS BUY_PRODUCT LIST_PURCHASES CONSUME_PURCHASE SHARE_LINK SELECT_FROM_GALLERY
SHOW_NETWORK_ACTIVITY CREATE_PROGRESSBAR TOGGLE_MENU CREATE_FORMVIEW CREATE_NATIVE_OPENGL_VIEW CREATE_TEXTLABEL
CREATE_IMAGE_ELEMENT CREATE_SCROLLVIEW CREATE_HEADING_TEXT CREATE_BASICVIEW CREATE_SIMPLELISTVIEW
CREATE_RELATIVE_LAYOUT CREATE_PANEL CREATE_PROXY_LAYOUT SHOW_MODAL""".split()
# The commands that change the tree, views, dialogs and images, drawn more often.
COMMON = """SET_INT_VALUE SET_VISIBILITY DELETE_ELEMENT REMOVE_CHILD REORDER_CHILD CREATE_FRAMEVIEW CREATE_DIALOG
CREATE_IMAGEVIEW ADD_IMAGE_URL SET_STYLE CREATE_NAVIGATIONVIEW CREATE_PAGER CREATE_LINEAR_LAYOUT HISTORY_GO_BACK
CREATE_TIMER CREATE_TOAST""".split()
TEXTS = ["", "a", "-100", "+50", " 7", "0", "-0", "2147483648", "https://x/1.png", "http://y", "width",
         "height", "file.png", "é\n\"\u0000😀", "100", "200"]


def element_id(r):
    return r.choice([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, -1])


def command(r):
    name = r.choice(COMMON) if r.random() < 0.5 else r.choice(NAMES)
    c = {"type": name}
    fields = [
        ("internalId", lambda: element_id(r)), ("childInternalId", lambda: element_id(r)),
        ("value", lambda: r.choice([0, 1, 2, 3, -1, 5, 100, 300])), ("textValue", lambda: r.choice(TEXTS)),
        ("textValue2", lambda: r.choice(TEXTS)), ("row", lambda: r.randint(0, 3)), ("column", lambda: r.randint(0, 2)),
        ("sheet", lambda: r.randint(0, 2)), ("width", lambda: r.choice([0, 100, 300, 600])),
        ("height", lambda: r.choice([0, 50, 150])), ("flags", lambda: r.choice([0, 1, 16, 256])),
    ]
    for key, make in fields:
        if r.random() < 0.6:
            c[key] = make()
    if name == "CREATE_APPLICATION":
        c["childInternalId"] = 1
    if name == "SET_STYLE" and r.random() < 0.7:
        c["textValue"] = r.choice(["width", "height", "color"])
        c["textValue2"] = r.choice(["100", "300", "x", "", "-100", "+280", "0", "-5"])
    return c


def request(r, t):
    action = r.choice(["tap", "type", "select", "choose", "back", "advance"])
    detail = {
        "tap": lambda: str(element_id(r)),
        "type": lambda: "%d%s" % (element_id(r), r.choice(["", " ", " x", " a b"])),
        "select": lambda: "%d %d" % (element_id(r), r.randint(-1, 3)),
        "choose": lambda: "%d %d" % (element_id(r), r.randint(0, 2)),
        "back": lambda: None, "advance": lambda: None,
    }[action]()
    m = {"t": t, "marker": action}
    if detail is not None:
        m["detail"] = detail
    return m


def session(seed):
    r = random.Random(seed)
    header = {"trace": 1, "creator": "cmdtool conformance"}
    width = r.choice([390, 390, 0, -5, None, 1000])
    if width is not None:
        header["viewport"] = {"width": width, "height": 844, "scale": r.choice([0, 2, 3.5])}
    if r.random() < 0.3:
        header["preferences"] = {"a": "1", "b": "x\ny", "é": ""}
    lines = [header, {"t": 0, "batch": [{"type": "CREATE_APPLICATION", "childInternalId": 1},
                                         {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2}]}]
    t = 0
    for step in range(1, r.randint(5, 40) + 1):
        t += r.choice([0, 0, 1, 50, 100, 1000, 2500])
        if r.random() < 0.65:
            lines.append({"t": t, "batch": [command(r) for _ in range(r.randint(1, 6))]})
        else:
            lines.append(request(r, t))
        lines.append({"t": t, "marker": "state"})
        lines.append({"t": t, "marker": "sync", "detail": str(step)})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def normalise(output):
    records = []
    for line in output.splitlines()[2:]:  # after the header and the hello
        o = json.loads(line)
        if o.get("marker") in ("error", "unsupported"):
            o = {"t": o["t"], "marker": o["marker"]}
        elif o.get("marker") == "state":
            snapshot = json.loads(o["detail"])
            snapshot.pop("record", None)
            for request in snapshot.get("requests", []):
                request.pop("record", None)
            o["detail"] = snapshot
        elif "event" in o or "modal" in o:
            o = {k: v for k, v in o.items() if not (k in ("value", "text", "visible") and v in (0, "", False))}
        records.append(o)
    return records

REFERENCE_ARGS = "--profile other --events user,timer,image,visibility"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("testee")
    parser.add_argument("reference")
    parser.add_argument("--seeds", default="0:500", help="FIRST:END (END excluded)")
    parser.add_argument("--reference-args", default=REFERENCE_ARGS,
                        help="the reference's arguments (default: %(default)r, which make the reference testee "
                        "declare what the C testee does; '' for a testee that takes none, such as cpptestee)")
    parser.add_argument("--out", default=".", help="the folder a differing seed's session is written to")
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    reference = [args.reference] + shlex.split(args.reference_args)
    failures = 0
    for seed in range(first, end):
        data = session(seed).encode()
        a = subprocess.run([args.testee], input=data, capture_output=True, timeout=60)
        b = subprocess.run(reference, input=data, capture_output=True, timeout=60)
        problem = None
        if a.returncode != 0 or b.returncode != 0:
            problem = "exit %d (testee) / %d (reference): %s %s" % (a.returncode, b.returncode, a.stderr[-300:], b.stderr[-300:])
        else:
            na, nb = normalise(a.stdout.decode()), normalise(b.stdout.decode())
            for x, y in zip(na, nb):
                if x != y:
                    problem = "testee:    %s\nreference: %s" % (json.dumps(x, ensure_ascii=False), json.dumps(y, ensure_ascii=False))
                    break
            else:
                if len(na) != len(nb):
                    problem = "%d records from the testee, %d from the reference" % (len(na), len(nb))
        if problem:
            failures += 1
            path = os.path.join(args.out, "difftest-%d.jsonl" % seed)
            with open(path, "wb") as f:
                f.write(data)
            print("seed %d differs (%s)\n%s" % (seed, path, problem))
    print("%d passed, %d failed" % (end - first - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
