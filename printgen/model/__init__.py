"""Game data: loading `card_data/<game>/` into typed, validated objects."""

from printgen.model.game import Card, Component, Deal, Game, KindSpec
from printgen.model.load import data_dir_default, load_all, load_game

__all__ = [
    "Card",
    "Component",
    "Deal",
    "Game",
    "KindSpec",
    "data_dir_default",
    "load_all",
    "load_game",
]
