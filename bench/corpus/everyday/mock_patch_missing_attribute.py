"""unittest.mock.patch pointed at an attribute the user's module no longer has (a renamed loader, a module that imports a name differently, patch.object on a method that was moved): AttributeError: <module ...> does not have the attribute '...'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys
import textwrap
from unittest import mock

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
sys.path.insert(0, os.getcwd())

with open("predict_service.py", "w") as f:
    f.write(textwrap.dedent('''
        import json
        from pathlib import Path


        def load_checkpoint(path):
            return json.loads(Path(path).read_text())


        class Predictor:
            def __init__(self, path):
                self.weights = load_checkpoint(path)

            def _score(self, x):
                return sum(w * v for w, v in zip(self.weights["w"], x))

            def predict(self, rows):
                return [self._score(r) > 0 for r in rows]
    '''))

import predict_service  # noqa: E402


def test_predict_uses_loaded_weights():
    with mock.patch("predict_service.load_model", return_value={"w": [1.0, -1.0]}):
        p = predict_service.Predictor("unused.json")
        assert p.predict([[2, 1], [0, 3]]) == [True, False]


def test_predict_reads_json_from_disk():
    with mock.patch("predict_service.read_text", return_value='{"w": [0.5]}'):
        p = predict_service.Predictor("model.json")
        assert p.predict([[1]]) == [True]


def test_threshold():
    with mock.patch.object(predict_service, "load_checkpoint", return_value={"w": [1.0]}):
        p = predict_service.Predictor("x.json")
        with mock.patch.object(p, "score", return_value=-0.2):
            assert p.predict([[1]]) == [False]


if __name__ == "__main__":
    test = [test_predict_uses_loaded_weights, test_predict_reads_json_from_disk, test_threshold][V]
    print(f"running {test.__name__}")
    test()
    print("ok")
