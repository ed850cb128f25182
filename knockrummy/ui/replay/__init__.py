"""The replay screen: a finished hand step by step or played, every card face up.

`scene` (cursor, controls, keys), `layout` (the table with face-up fans and a side
panel), `director` (the table's animation director for any seat's cards), `render`.
"""
