"""Vectors of the memory engine: the index ``Memory`` holds as ``memory.vectors``.

``VectorIndex`` (model lock, queue, embedding, sync, reindex, query vectors) owns the
background ``VectorWriter`` and the in-memory ``MatrixCache``; their SQL is ``store.vectors``.
"""

from memory_core.vectors.cache import MatrixCache
from memory_core.vectors.index import VectorIndex
from memory_core.vectors.writer import VectorWriter

__all__ = ["MatrixCache", "VectorIndex", "VectorWriter"]
