# --preload: the master imports app.py once and the workers share its pages copy-on-write.
exec python3 -m gunicorn --preload --workers 2 --bind "$1" app:app
