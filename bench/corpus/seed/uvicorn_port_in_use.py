"""Server started on a port another process already holds (old server still running): address already in use."""
EXPECT = ["port-already-in-use"]
VARIANTS = 5

import socket
import sys

v = int(sys.argv[1])
port = [18000, 18080, 17860, 18501, 18888][v]
host = ["0.0.0.0", "127.0.0.1", "0.0.0.0", "0.0.0.0", "127.0.0.1"][v]

old = socket.socket()                 # the previous instance, still listening
old.bind((host, port))
old.listen()

if v in (0, 1, 2):
    import uvicorn
    from fastapi import FastAPI

    app = FastAPI()

    @app.get("/health")
    def health():
        return {"status": "ok"}

    uvicorn.run(app, host=host, port=port, log_level="info" if v != 2 else "debug")
elif v == 3:
    from http.server import HTTPServer, SimpleHTTPRequestHandler
    HTTPServer((host, port), SimpleHTTPRequestHandler).serve_forever()
else:
    import asyncio

    async def main():
        server = await asyncio.start_server(lambda r, w: None, host, port)
        await server.serve_forever()
    asyncio.run(main())
