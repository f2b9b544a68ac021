"""The phases layer: one module per phase of the Expanded Sequence of Play (GS-7).

Each module holds the steps of its phase: they put decisions, rolls and work
on the referee's queue, and register what each does when resolved. Each
module's public functions are its choices (what a seat may decide now), used
by the referee's menus and the automatic player alike. Phases use the rules
and the model; they never import the referee.
"""
