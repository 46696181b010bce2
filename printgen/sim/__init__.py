"""Simulation: whole games played by bots through the engines' shared state API."""
