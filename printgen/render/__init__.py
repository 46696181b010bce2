"""Renderers: they return bytes; the kit (`printgen.kit.write`) writes the files at the end."""

from printgen.render import cairo_ffi

cairo_ffi.install()  # cairocffi, when a renderer imports it, loads its C declarations cached
