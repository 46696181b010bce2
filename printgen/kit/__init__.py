"""Building whole kits: which parts each game has, running them (in parallel, cached,
failure by failure), and the gallery page over everything built."""
