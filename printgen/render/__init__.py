"""Renderers: they return bytes; the kit (`printgen.kit.write`) writes the files at the end."""
