# A cell that never finishes: nbgrader's cell timeout stops it; the cells after it get an error.
import time
while True:
    time.sleep(1)
