"""Generated contract code; regenerate with ``python -m tools.gen_proto``."""
