# uvicorn's --host defaults to 127.0.0.1: only this machine (or container) can connect.
exec python3 -m uvicorn app:app --port "$1"
