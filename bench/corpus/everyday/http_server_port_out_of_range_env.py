EXPECT = []
VARIANTS = 3

# A small metrics/preview server takes its port from the environment; the deployment file has a
# typo'd port (80800, 65536) or a port plus offset per replica that runs past 65535.
import http.server
import logging
import os
import socketserver
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ENV = [
    {"PREVIEW_PORT": "80800"},
    {"METRICS_PORT": "65530", "REPLICA": "7"},
    {"PREVIEW_PORT": "-8080"},
][V]


def port_from_env():
    if "METRICS_PORT" in os.environ:
        return int(os.environ["METRICS_PORT"]) + int(os.environ.get("REPLICA", "0"))
    return int(os.environ["PREVIEW_PORT"])


def serve():
    port = port_from_env()
    logging.info("starting preview server on 127.0.0.1:%d", port)
    with socketserver.TCPServer(("127.0.0.1", port), http.server.SimpleHTTPRequestHandler) as httpd:
        httpd.serve_forever()


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    os.environ.update(ENV)
    logging.info("serving reports from %s", os.getcwd())
    serve()


if __name__ == "__main__":
    main()
