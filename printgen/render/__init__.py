"""Renderers: they return bytes; `printgen.render.writer` writes files atomically at the end."""
