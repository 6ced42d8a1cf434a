# A cell that kills the Python kernel: later cells are not run, which must not make the
# notebook's grade cells empty (an empty grade cell scores full points in stock nbgrader).
import os
os._exit(1)
