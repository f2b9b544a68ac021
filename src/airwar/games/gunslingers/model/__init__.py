"""The model layer: what a Gunslingers game is made of, with no rules in it.

The scenario and its units, the library of types, the hex grid, the decisions
players send and the tasks on the referee's queue, and the state of a game in
play. Nothing here imports the rules, the phases or the referee.
"""
