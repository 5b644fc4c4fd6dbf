#!/usr/bin/env python3
"""Checks the folder layering inside Replay's targets and ConformanceTestee (docs/ARCHITECTURE.md).

The compiler already keeps ReplayCore from reaching ReplayLive (separate targets). Inside a
target, folders are layers: a file in one folder may name only the top-level types of the
folders its rule allows. A violation prints the file, line and type, and fails the build.
"""
import pathlib
import re
import sys

SOURCES = pathlib.Path(__file__).resolve().parent.parent / "Sources"
ROOT = SOURCES / "Replay"

# folder -> the folders whose types it may name (its own always). Text is allowed everywhere.
RULES = {
    "Core": {
        "Text": [],
        "IO": [],
        "Trace": ["IO"],
        "Clock": [],
        "Model": ["Clock"],
        "Snapshot": ["Model"],
        "Rendering": ["Model", "Trace"],
        "Replayer": ["Trace", "Model", "Snapshot", "Rendering", "Clock", "IO"],
        "Diff": ["Model", "Snapshot", "Rendering", "Replayer", "Trace", "IO", "Clock"],
        "Generation": ["Model", "Clock"],
        # An engine's command enum read from C++ and matched with the known numberings.
        "Numbering": [],
        # Counts what traces exercised; fed records by whoever reads them (the CLI, a conformance
        # run), so it needs no layer of its own kind: CommandCodec's vocabulary and Text suffice.
        "Coverage": [],
    },
    "Live": {
        "Transport": [],
        "Process": ["Transport"],
        "Script": [],
        "Session": ["Transport", "Process", "Script"],
        "Recording": ["Transport", "Process", "Script", "Session"],
        "Rerun": ["Transport", "Process", "Script", "Session", "Recording"],
    },
    "Fuzz": {
        "Shrinking": [],
        "Failures": [],
        "Streams": ["Shrinking"],
        "Monkey": ["Shrinking", "Failures"],
        "Campaign": ["Shrinking", "Failures", "Streams", "Monkey"],
    },
    "Conformance": {
        "Suite": [],
        "Expectation": ["Suite", "Testee"],
        "Testee": ["Suite"],
        "Run": ["Suite", "Expectation", "Testee"],
        "Reports": ["Suite", "Expectation", "Testee", "Run"],
        "Differential": ["Suite", "Expectation", "Testee", "Run"],
    },
    # The platform's side of a conformance run (docs/CONFORMANCE.md §6.2), a target of its own
    # beside Replay's (its path is relative to Sources/Replay).
    "../ConformanceTestee": {
        # The hello, the requests and the refusals: words of the protocol, no I/O.
        "Protocol": [],
        # The state builder: snapshot members in, STATE_FORMAT bytes out.
        "Snapshot": [],
        # The loop, the clock, the transport and the platform's protocol.
        "Session": ["Protocol", "Snapshot"],
    },
    # `cmdtool studio` (docs/STUDIO.md): a target of its own beside Replay's, on SwiftNIO, so
    # that Replay stays free of the server library.
    "../Studio": {
        # The page and its frames: wireframes and markup, no I/O.
        "Page": [],
        # The step source the page feeds, and the hub where the session and the server meet.
        "Session": ["Page"],
        # The HTTP server: the token, the page, the event stream, the taps.
        "Server": ["Page", "Session"],
        # A session from start to end: the recorder, the server, the steps and time travel together.
        "Run": ["Page", "Session", "Server", "Viewer"],
        # The trace viewer's routes on the studio's server and token: `cmdtool view --serve`, and
        # a live session's time travel over its recording so far (StudioHistory).
        "Viewer": ["Server"],
    },
    "Wireframe": {
        # Reading style values (colours, lengths, insets, fonts, borders): strings in, values out.
        "Style": [],
        # UIState + viewport -> positioned boxes, plain data; styles read through Style.
        "Layout": ["Style"],
        # Boxes -> standalone SVG; never looks at the state itself.
        "SVG": ["Style", "Layout"],
        # Self-contained pages: the trace viewer, visual diffs; wireframes drawn through SVG.
        "HTML": ["Style", "Layout", "SVG"],
    },
}

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)"
)


def code_lines(path):
    """The file's lines with // comments removed (doc comments may name any type)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)  # string literals cannot hide a //
        yield number, stripped.split("//", 1)[0]


def main():
    failures = []
    for target, rules in RULES.items():
        base = (ROOT / target).resolve()
        folders = sorted(p.name for p in base.iterdir() if p.is_dir())
        unknown = [f for f in folders if f not in rules]
        for folder in unknown:
            failures.append(f"{base / folder}: a folder without a layering rule; add it to Scripts/check-layers.py")
        types = {}
        for folder in folders:
            for path in (base / folder).rglob("*.swift"):
                for _, line in code_lines(path):
                    match = DECLARATION.match(line)
                    if match:
                        types.setdefault(match.group(1), folder)
        for folder in folders:
            allowed = set(rules.get(folder, [])) | {folder, "Text"}
            for path in sorted((base / folder).rglob("*.swift")):
                for number, line in code_lines(path):
                    for word in set(re.findall(r"(?<![.\w])[A-Z]\w*\b", line)):
                        owner = types.get(word)
                        if owner and owner not in allowed:
                            failures.append(f"{path.resolve().relative_to(SOURCES.parent)}:{number}: {folder}/ names {word} from {owner}/, which its layer may not use")
    for failure in failures:
        print(failure)
    if failures:
        print(f"{len(failures)} layering violation(s); the rules are in Scripts/check-layers.py and docs/ARCHITECTURE.md")
        return 1
    print("layers: every folder names only the layers below it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
