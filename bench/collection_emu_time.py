#!/usr/bin/env python
# python bench/collection_emu_time.py OUT.json [PREFIXES] (from the repository root): the fourth unseen suite's
# emulator time per entry (PREFIXES: comma-separated file-name prefixes, leimao_,kt_ by default)
"""Per entry: process CPU seconds of NVRTC (compile_entry), the first emulator run, a second run."""
import sys, time, json
sys.path.insert(0, 'collection')
import run
out = []
PREFIXES = tuple((sys.argv[2] if len(sys.argv) > 2 else 'leimao_,kt_').split(','))
for e in [x for x in run.load() if x['file'].startswith(PREFIXES)]:
    t0 = time.process_time()
    try:
        run.compile_entry(e)
    except Exception as ex:
        out.append({"file": e["file"], "kernel": e["name"], "compile_s": round(time.process_time() - t0, 2), "error": str(ex)[:120]}); print(out[-1]); continue
    t1 = time.process_time(); p = run.check_emu(e); t2 = time.process_time(); run.run_emu(e); t3 = time.process_time()
    out.append({"file": e["file"], "kernel": e["name"], "compile_s": round(t1 - t0, 2), "first_run_s": round(t2 - t1, 2),
                "second_run_s": round(t3 - t2, 2), "ok": not p})
    print(out[-1], flush=True)
json.dump({"date": "2026-12-02", "what": __doc__, "machine": "the project's shared 2-core CPU machine",
           "rows": out}, open(sys.argv[1], "w"), indent=1)
