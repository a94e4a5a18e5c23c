"""What Tests/Servers/'s sites share: serving a handler on a loopback port until the test is done."""
import sys
import threading
from http.server import ThreadingHTTPServer


def serve(handler):
    """Serves `handler` on 127.0.0.1 at a free port, printed as stdout's first line, until stdin
    closes. The threads are daemons, so endless responses never hold up the exit."""
    # socketserver listens with a backlog of 5: when the parallel suite opens more connections at
    # once, the kernel drops the extra SYNs and the client retries after 1, 3, 7, 15 s — requests
    # that seemed to start many seconds late.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
