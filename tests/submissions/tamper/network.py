# Connect to a listener on the grading host's loopback.
import socket
try:
    s = socket.create_connection(("127.0.0.1", $port), timeout=3)
    s.sendall(b"ATTACK" b"-OK connected from the sandbox")
    s.close()
    print("ATTACK" "-OK connected")
except OSError as e:
    print("attack failed: connect", type(e).__name__)
