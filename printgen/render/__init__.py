"""Renderers: they return bytes keyed by what they are (`printgen.render.outputs`); the kit names
the files (`printgen.kit.names`) and writes them at the end (`printgen.kit.write`)."""

from printgen.render.draw import cairo_ffi

cairo_ffi.install()  # cairocffi, when a renderer imports it, loads its C declarations cached
