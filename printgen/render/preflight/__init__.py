"""`printgen preflight`: check a PDF the way a print shop's preflight does."""
