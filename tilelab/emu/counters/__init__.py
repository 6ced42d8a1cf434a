"""What a profiler reads: the request and bank rules (requests.py, metrics.py), what ptxas made of
the accesses (sass_model.py), the SASS control flow (ifconvert.py: predication; sass_replay.py:
loops ptxas rebuilt), what the driver's printf costs (vprintf_cost.py), and the per-line tally of a
launch (tally.py)."""
