"""What a sanitizer reports: findings and the shared-memory race shadow (findings.py), their words
(words.py), shared offsets named as the source declares them (names.py), which pointer an access
indexes (provenance.py), global-memory races (globalrace.py), uninitialised registers (uninit.py)
and module variables left as they were (devicestate.py)."""
