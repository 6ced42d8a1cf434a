# Allocate and touch memory 1 GB past the sandbox's limit.
try:
    block = bytearray($nbytes)
    for i in range(0, len(block), 4096):
        block[i] = 1
    print("ATTACK" "-OK allocated", len(block))
except MemoryError:
    print("attack failed: MemoryError")
