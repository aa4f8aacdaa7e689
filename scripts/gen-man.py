#!/usr/bin/env python3
"""Writes a man page (section 1) from a tool's --help text, at build time
(cmake/install.cmake), so that the page and --help are one text and cannot
drift. Usage: gen-man.py TOOL-BINARY NAME VERSION OUT.1

The first line of --help ("usage: NAME ...") is the synopsis; the rest is
the description, kept as preformatted text (its columns are the layout)."""
import os
import subprocess
import sys


def roff_escape(line):
    line = line.replace("\\", "\\e")
    # a leading '.' or '\'' would be a request
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line.replace("-", "\\-")


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: gen-man.py TOOL-BINARY NAME VERSION OUT.1")
    binary, name, version, out = sys.argv[1:]
    text = subprocess.run([binary, "--help"], check=True, capture_output=True, text=True, timeout=60).stdout
    lines = text.rstrip("\n").split("\n")
    synopsis = lines[0]
    if synopsis.lower().startswith("usage: "):
        synopsis = synopsis[len("usage: "):]
    summary = {"wavecc": "AMDGPU kernel compiler: LLVM IR or OpenCL C to HSA code objects",
               "wavecc-run": "strict AMDGPU wave emulator and kernel test runner"}.get(name, name)
    page = [
        '.TH %s 1 "" "wavecc %s" "User Commands"' % (name.upper(), version),
        ".SH NAME",
        "%s \\- %s" % (roff_escape(name), roff_escape(summary)),
        ".SH SYNOPSIS",
        roff_escape(synopsis),
        ".SH DESCRIPTION",
        "The text of \\fB%s \\-\\-help\\fR:" % roff_escape(name),
        ".PP",
        ".nf",
    ]
    page += [roff_escape(l) for l in lines[1:]]
    page += [".fi", ".SH SEE ALSO", "wavecc(1), wavecc-run(1), llc-19(1), ld.lld-19(1)", ""]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(page))


if __name__ == "__main__":
    main()
