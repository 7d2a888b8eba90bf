# Two workers, no --preload: each worker imports app.py, so each loads the model.
exec python3 -m gunicorn --workers 2 --bind "$1" app:app
