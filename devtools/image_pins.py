"""Check or move the container images deploy/ pins by version and digest.

    python -m devtools.image_pins              # each pin against its registry: ok / moved
    python -m devtools.image_pins --write      # rewrite each pin to the digest its tag has now
    python -m devtools.image_pins --write --tag postgres=0.8.7-pg18-bookworm   # a new version

deploy/compose.yaml and deploy/Dockerfile name every image ``name:version@sha256:digest``
(tests/test_deploy.py fails on a floating tag). Docker pulls by the digest and ignores the tag,
so an image never changes under a deployment; this tool is how a person moves one on purpose:
it asks the registry (Docker Hub's token and manifest API; needs the network to reach it, the
test machines have none) which digest a tag points at now — the multi-platform index, the same
value ``docker buildx imagetools inspect NAME:TAG`` prints as ``Digest:``.

Development tooling (not in the wheel).
"""

from __future__ import annotations

import argparse
import json
import re
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = (ROOT / "deploy" / "compose.yaml", ROOT / "deploy" / "Dockerfile")
#: ``name:tag@sha256:digest`` as the deploy files write them (Docker Hub names).
PIN = re.compile(
    r"(?P<name>[a-z0-9][a-z0-9./_-]*):(?P<tag>[\w.-]+)@sha256:(?P<digest>[0-9a-f]{64})"
)
#: What a manifest request accepts: the multi-platform index first (its digest is what a pin
#: names), then a single-platform manifest for images that have no index.
ACCEPT = ", ".join(
    (
        "application/vnd.oci.image.index.v1+json",
        "application/vnd.docker.distribution.manifest.list.v2+json",
        "application/vnd.oci.image.manifest.v1+json",
        "application/vnd.docker.distribution.manifest.v2+json",
    )
)


@dataclass(frozen=True)
class Pin:
    """One pinned image reference in a deploy file."""

    file: Path
    name: str
    tag: str
    digest: str

    @property
    def ref(self) -> str:
        return f"{self.name}:{self.tag}@sha256:{self.digest}"


def pins(files: tuple[Path, ...] = FILES) -> list[Pin]:
    """Every pinned image reference in ``files``, in order of appearance."""
    return [
        Pin(path, m["name"], m["tag"], m["digest"])
        for path in files
        for m in PIN.finditer(path.read_text(encoding="utf-8"))
    ]


def hub_repository(name: str) -> str:
    """Docker Hub's repository path: official images live under ``library/``."""
    return name if "/" in name else f"library/{name}"


def registry_digest(name: str, tag: str) -> str:
    """The sha256 digest (hex) ``name:tag`` points at on Docker Hub now."""
    repo = hub_repository(name)
    token_url = (
        f"https://auth.docker.io/token?service=registry.docker.io&scope=repository:{repo}:pull"
    )
    with urllib.request.urlopen(token_url, timeout=30) as answer:
        token = json.load(answer)["token"]
    request = urllib.request.Request(
        f"https://registry-1.docker.io/v2/{repo}/manifests/{tag}",
        method="HEAD",
        headers={"Authorization": f"Bearer {token}", "Accept": ACCEPT},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        digest = str(answer.headers["Docker-Content-Digest"])
    return digest.removeprefix("sha256:")


def rewrite(pin: Pin, tag: str, digest: str) -> None:
    """Replace ``pin`` by ``name:tag@sha256:digest`` everywhere in its file."""
    text = pin.file.read_text(encoding="utf-8")
    pin.file.write_text(
        text.replace(pin.ref, f"{pin.name}:{tag}@sha256:{digest}"), encoding="utf-8"
    )


def run(
    write: bool,
    tags: dict[str, str],
    resolve: Callable[[str, str], str] = registry_digest,
    say: Callable[[str], None] = print,
    files: tuple[Path, ...] = FILES,
) -> int:
    """Check every pin in ``files`` (with ``write``: move it); ``tags`` maps the last part of
    an image's name (``python``, ``pgvector``, ``caddy``) to a new tag. Exit status 1 when a
    pin differs from its registry and was not rewritten."""
    stale = 0
    seen: set[tuple[Path, str]] = set()
    for pin in pins(files):
        if (pin.file, pin.ref) in seen:
            continue
        seen.add((pin.file, pin.ref))
        tag = tags.get(pin.name.rsplit("/", 1)[-1], pin.tag)
        digest = resolve(pin.name, tag)
        where = pin.file.name
        if (tag, digest) == (pin.tag, pin.digest):
            say(f"ok     {where}: {pin.name}:{pin.tag}")
            continue
        if write:
            rewrite(pin, tag, digest)
            say(f"moved  {where}: {pin.name}:{pin.tag} -> {tag}@sha256:{digest}")
        else:
            stale += 1
            say(f"differs {where}: {pin.name}:{tag} is sha256:{digest} now (pinned {pin.digest})")
    return 1 if stale else 0


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m devtools.image_pins")
    parser.add_argument("--write", action="store_true", help="rewrite pins to the current digest")
    parser.add_argument(
        "--tag",
        action="append",
        default=[],
        metavar="IMAGE=TAG",
        help="move IMAGE (the last part of its name: python, pgvector, caddy) to TAG",
    )
    args = parser.parse_args(argv)
    tags = dict(item.split("=", 1) for item in args.tag)
    try:
        return run(args.write, tags)
    except OSError as exc:  # urllib's errors: no route to the registry from this machine
        print(f"cannot ask Docker Hub ({exc}): run this where the registry is reachable")
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
