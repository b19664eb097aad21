"""Pure game rules: no I/O, no clock, no global random.

Start with ``engine.game`` (the interface every game implements), ``engine.match`` (a
Partie of deals) and ``engine.registry`` (the games on offer). Each game lives in its own
package, e.g. ``engine.baska_kop``.
"""
