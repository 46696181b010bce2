"""Pictures of worked examples (examples.yaml), drawn from the values the rules return.

The rules engines and the data scorer work an example out and return its result as values (who
held what, who won); the rulebook stage draws it here. The rules know nothing about drawing.
"""
