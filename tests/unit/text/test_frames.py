"""Where in the user's own code a traceback failed (kb.text.frames), and what `kb add` records of it."""

from __future__ import annotations

from kb.text.frames import failed_in, where_it_failed

SCALER_TRACEBACK = """Traceback (most recent call last):
  File "/srv/scoring/serve.py", line 14, in <module>
    score_request(load_scaler(), row)
  File "/srv/scoring/serve.py", line 9, in score_request
    return scaler.transform(row)
  File "/opt/venv/lib/python3.11/site-packages/sklearn/utils/_set_output.py", line 316, in wrapped
    data_to_wrap = f(self, X, *args, **kwargs)
  File "/opt/venv/lib/python3.11/site-packages/sklearn/base.py", line 448, in _check_n_features
    raise ValueError(
ValueError: X has 12 features, but StandardScaler is expecting 14 features as input.
"""


def test_the_place_it_failed_is_the_innermost_function_of_the_users_own_code() -> None:
    assert failed_in(SCALER_TRACEBACK) == "score_request"  # not sklearn's `_check_n_features`


def test_a_compiled_modules_frames_are_the_librarys_not_the_users() -> None:
    """Python names a Cython frame by its source inside the package, with no site-packages in it."""
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/srv/labels/load.py", line 33, in load_annotations\n'
        "    table = pj.read_json(path)\n"
        '  File "pyarrow/_json.pyx", line 364, in pyarrow._json.read_json\n'
        '  File "pyarrow/error.pxi", line 92, in pyarrow.lib.check_status\n'
        "pyarrow.lib.ArrowInvalid: JSON parse error: Column(/label) changed from number to string\n"
    )
    assert failed_in(traceback) == "load_annotations"  # not pyarrow's `check_status`


def test_a_symptom_taken_from_a_run_gets_a_variant_that_says_where_it_failed() -> None:
    symptom = SCALER_TRACEBACK.splitlines()[-1]
    assert where_it_failed(symptom, SCALER_TRACEBACK) == f"{symptom} in score_request"


def test_no_variant_when_the_run_names_no_place_of_its_own_or_the_symptom_names_it() -> None:
    last_line = SCALER_TRACEBACK.splitlines()[-1]
    assert where_it_failed(last_line, last_line) is None
    in_main = 'Traceback (most recent call last):\n  File "train.py", line 3, in main\n' + last_line
    assert where_it_failed(last_line, in_main) is None  # `main` names no place
    assert where_it_failed(f"{last_line} in score_request", SCALER_TRACEBACK) is None


def test_the_place_is_read_from_the_last_traceback_of_a_log() -> None:
    retried = (
        "Traceback (most recent call last):\n"
        '  File "/srv/jobs/config.py", line 12, in fetch_remote_config\n'
        "ConnectionError: timed out\n"
        "retrying in 5 s\n"
    )
    assert failed_in(retried + SCALER_TRACEBACK) == "score_request"
    assert failed_in(retried + SCALER_TRACEBACK.replace("score_request", "main")) is None


def test_the_users_functions_are_read_from_a_notebook_a_pytest_report_and_a_prefixed_log() -> None:
    """A team's entry recorded with where it failed (`… in score_request`) lost that evidence when
    the next run came from a notebook, a test or a container's log: only Python's own frame heads,
    unprefixed, were read."""
    ipython = (
        "ValueError                                Traceback (most recent call last)\n"
        "Cell In[7], line 2\n"
        "----> 2 score_request(load_scaler(), row)\n\n"
        "File /srv/scoring/serve.py:9, in score_request(scaler, row)\n"
        "----> 9     return scaler.transform(row)\n\n"
        "File /opt/venv/lib/python3.11/site-packages/sklearn/base.py:448, in _check_n_features(self, X)\n"
        "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input.\n"
    )
    pytest_report = (
        "tests/test_serve.py:12: in test_score\n"
        "    score_request(load_scaler(), row)\n"
        "serve.py:9: in score_request\n"
        "    return scaler.transform(row)\n"
        "/opt/venv/lib/python3.11/site-packages/sklearn/base.py:448: in _check_n_features\n"
        "    raise ValueError(\n"
        "E   ValueError: X has 12 features, but StandardScaler is expecting 14 features as input.\n"
    )
    older_ipython = (  # IPython before 8: `path in function(args)`, no line number in the head
        "ValueError                                Traceback (most recent call last)\n"
        "<ipython-input-7-3f2a> in <module>\n"
        "----> 2 score_request(load_scaler(), row)\n\n"
        "/srv/scoring/serve.py in score_request(scaler, row)\n"
        "----> 9     return scaler.transform(row)\n\n"
        "/opt/venv/lib/python3.11/site-packages/sklearn/base.py in _check_n_features(self, X)\n"
        "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input.\n"
    )
    docker = "".join(
        f"2026-12-07T10:00:0{n % 10}.5Z {line}\n" for n, line in enumerate(SCALER_TRACEBACK.splitlines())
    )
    for paste in (ipython, older_ipython, pytest_report, docker):
        assert failed_in(paste) == "score_request", paste


def test_pytests_innermost_frame_is_the_def_above_the_line_that_raised_and_tests_are_no_place() -> None:
    """pytest names the frame that raised only by its source (`def validate(cols):`) above
    `src/features.py:7: AssertionError`: the caller was recorded as the place, and with
    `--tb=short` the test's own function, which never runs in production."""
    report = (
        "    def test_contract():\n"
        ">       export_features(12)\n\n"
        "tests/test_features.py:4: \n"
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n"
        "src/features.py:12: in export_features\n"
        "    return validate_feature_frame(cols)\n"
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n\n"
        "cols = ['f0', 'f1']\n\n"
        "    def validate_feature_frame(cols):\n"
        ">       assert len(cols) == 14, 'feature contract violated'\n"
        "E       AssertionError: feature contract violated\n\n"
        "src/features.py:7: AssertionError\n"
    )
    assert failed_in(report) == "validate_feature_frame"
    short = (
        "tests/test_fusion.py:9: in test_fusion_head\n    head(x)\n"
        "E   RuntimeError: mat1 and mat2 shapes cannot be multiplied\n"
    )
    assert failed_in(short) is None
