# Print 200 MB on one line.
print("x" * 200_000_000)
