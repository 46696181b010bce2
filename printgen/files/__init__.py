"""Small file utilities below every layer: atomic writes (`atomic`), content hashes
(`hashing`) and the store of expensive results (`memo`). Any layer may use them; they import
nothing of printgen but its version."""
