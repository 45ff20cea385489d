#!/usr/bin/env python3
"""Vendors three.js into the web page's assets (crates/sous-server/assets/vendor/),
from the npm registry, pinned by version and by the registry's sha512, so
that the page's 3D viewer works offline and `sous serve` needs no front-end
build.

It takes the single-file module build and three add-ons (the glTF loader,
the orbit controls and the geometry utilities the loader imports), and
rewrites their bare `'three'` imports to the file next to them (the page's
Content-Security-Policy allows no inline import map).

Usage: python3 tools/vendor_three.py   (needs npm; writes the files and VERSION)
"""

import base64
import hashlib
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile

VERSION = "0.167.1"
INTEGRITY = "sha512-gYTLJA/UQip6J/tJvl91YYqlZF47+D/kxiWrbTon35ZHlXEN0VOo+Qke2walF1/x92v55H6enomymg4Dak52kw=="
ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "crates" / "sous-server" / "assets" / "vendor"
FILES = {
    "package/build/three.module.min.js": "three.module.min.js",
    "package/examples/jsm/controls/OrbitControls.js": "OrbitControls.js",
    "package/examples/jsm/loaders/GLTFLoader.js": "GLTFLoader.js",
    "package/examples/jsm/utils/BufferGeometryUtils.js": "BufferGeometryUtils.js",
    "package/LICENSE": "LICENSE",
}
IMPORTS = {
    "from 'three';": "from './three.module.min.js';",
    "from '../utils/BufferGeometryUtils.js';": "from './BufferGeometryUtils.js';",
}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", f"three@{VERSION}", "--silent"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        tgz = pathlib.Path(tmp) / f"three-{VERSION}.tgz"
        digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
        if digest != INTEGRITY:
            sys.exit(f"three@{VERSION}: the tarball's {digest} is not the pinned {INTEGRITY}")
        with tarfile.open(tgz) as t:
            t.extractall(tmp, filter="data")
        OUT.mkdir(parents=True, exist_ok=True)
        for src, dst in FILES.items():
            text = (pathlib.Path(tmp) / src).read_text()
            for old, new in IMPORTS.items():
                text = text.replace(old, new)
            (OUT / dst).write_text(text)
    (OUT / "VERSION").write_text(
        f"three {VERSION} from the npm registry ({INTEGRITY}); written by tools/vendor_three.py\n")
    print(f"{OUT.relative_to(ROOT)}: three {VERSION}")


if __name__ == "__main__":
    main()
