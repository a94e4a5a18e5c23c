"""What the sync fixture servers written from an API reference share (miniflux_server.py,
nextcloud_news_server.py): JSON in and out, a request log, injected faults, and the control routes
a test drives them with. A server subclasses `ApiHandler` and gives:

  state                   what its `answer` and `control` read, with `reset(data)` (the
                          /_control/reset route)
  authorized()            whether the request signs in
  unauthorized()          (status, value, headers) of the refusal
  answer(method, path, query, body) -> (status, value[, headers])   may raise Fail(status, message)
  error(message) -> value the server's error body for `message`
  control(name, data) -> (status, value) or None          its own control routes

Shared control routes (no sign-in, JSON, never logged):
  POST /_control/reset    the server's data replaced by the body (state.reset)
  GET  /_control/log      [{"method","path","query","body","status"}]; POST /_control/log/clear
  POST /_control/fault    {"path": "<path suffix>", "kind": "status"|"retry-after"|"garbage"|"html200"|
                          "truncated"|"hang", "status"?, "retry_after"? (seconds), "count"?};
                          POST /_control/fault/clear (hung calls end too)
  POST /_control/documented {"folder": "<path>"}: from then on a signed-in request that a file there
                          describes gets that file's answer instead of the server's own (the answers
                          the API reference shows, Tests/SyncTests/Fixtures/documented/); {} stops it
"""
import base64
import json
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from loopback import VerbHandler, serve


def basic_credentials(headers):
    """The (user, password) of an HTTP Basic Authorization header, or None."""
    header = headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return None
    try:
        user, _, password = base64.b64decode(header[6:]).decode().partition(":")
    except ValueError:
        return None
    return user, password


class Fail(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


class Faults:
    """The request log and the faults waiting for a path; the handler takes them under `lock`."""

    def __init__(self):
        self.lock = threading.Lock()
        self.log, self.pending = [], []
        self.release = threading.Event()

    def take(self, path):
        fault = next((f for f in self.pending if path.endswith(f["path"])), None)
        if fault:
            fault["count"] -= 1
            if fault["count"] <= 0:
                self.pending.remove(fault)
        return fault


class Documented:
    """Recorded answers, one a file: {"reference", "method", "path", "query"?, "status", "answer"}.
    A request matches a file of its method and path whose query values it has; the file naming
    the most query values wins."""

    def __init__(self, folder=None):
        self.answers = [json.loads(f.read_text()) for f in sorted(Path(folder).glob("*.json"))] if folder else []

    def find(self, method, path, query):
        matches = [a for a in self.answers if a["method"] == method and a["path"] == path
                   and all(query.get(k, [None])[-1] == v for k, v in a.get("query", {}).items())]
        return max(matches, key=lambda a: len(a.get("query", {})), default=None)


class ApiHandler(VerbHandler):
    protocol_version = "HTTP/1.1"
    state = None
    faults = None
    documented = Documented()

    def send(self, status, value, ctype="application/json", extra=None, cut=False):
        body = b"" if value is None else value if isinstance(value, bytes) else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        for name, text in (extra or {}).items():
            self.send_header(name, text)
        self.send_header("Content-Length", str(len(body)))
        if cut:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body[:len(body) // 2] if cut else body)

    def dispatch(self, method):
        faults = self.faults
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        if url.path.startswith("/_control/"):
            with faults.lock:
                return self.send(*self.shared_control(url.path[len("/_control/"):], json.loads(raw) if raw.strip() else {}))
        with faults.lock:
            entry = {"method": method, "path": url.path, "query": url.query, "body": raw.decode(errors="replace")}
            faults.log.append(entry)
            fault = faults.take(url.path)
            release = faults.release
        kind = fault["kind"] if fault else None
        if kind == "hang":
            release.wait(60)
            self.close_connection = True
            return
        if kind in ("garbage", "html200", "status", "retry-after"):
            entry["status"] = fault.get("status", 200)
            if kind == "garbage":
                return self.send(200, b'{"items": [{"id": 1\x00\xff<<not json')
            if kind == "html200":
                return self.send(200, b"<!DOCTYPE html><html><body><h1>Bad Gateway</h1></body></html>", "text/html")
            if kind == "retry-after":
                return self.send(fault["status"], self.error("slow down"), extra={"Retry-After": str(fault.get("retry_after", 2))})
            return self.send(fault["status"], self.error("injected failure"))
        if not self.authorized():
            status, value, headers = self.unauthorized()
            entry["status"] = status
            return self.send(status, value, extra=headers)
        try:
            body = json.loads(raw) if raw.strip() else None
        except ValueError as error:
            entry["status"] = 400
            return self.send(400, self.error(str(error)))
        recorded = ApiHandler.documented.find(method, url.path, query)
        with faults.lock:
            try:
                status, value, *headers = ((recorded["status"], recorded["answer"]) if recorded
                                           else self.answer(method, url.path, query, body))
            except Fail as failure:
                status, value, headers = failure.status, self.error(failure.message), []
        entry["status"] = status
        self.send(status, value, extra=headers[0] if headers else None, cut=kind == "truncated")

    def shared_control(self, name, data):
        faults = self.faults
        if name == "log":
            return 200, faults.log
        if name == "reset":
            self.state.reset(data)
        elif name == "log/clear":
            faults.log.clear()
        elif name == "documented":
            ApiHandler.documented = Documented(data.get("folder"))
        elif name == "fault":
            faults.pending.append(dict(data, count=data.get("count", 1)))
        elif name == "fault/clear":
            faults.pending.clear()
            faults.release.set()
            faults.release = threading.Event()
        else:
            answer = self.control(name, data)
            return answer if answer else (404, {"error": f"no control route {name}"})
        return 200, {"ok": True}


def run(handler, state, api):
    """Serves `handler` with its `state` and `api(state)`, on a loopback port until stdin closes."""
    handler.state, handler.faults, handler.api = state, Faults(), api(state)
    serve(handler)
