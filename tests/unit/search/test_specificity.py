"""Whether a line is evidence of an entry's fault beyond the everyday error or the library message
that explains it, as pure functions: what an everyday error leaves unexplained, what a library's
template leaves to the run, and when a team's entry holds more than a library's message."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kb.search.background import (
    Background,
    compile_background,
    explain,
    message_terms,
    weights,
)
from kb.search.reading import analyze
from kb.search.specificity import (
    another_message_of_its_class,
    another_own_class,
    bare_class_words,
    beyond_everyday,
    only_its_type,
)
from tests.unit.search.samples import EVERYDAY


def reading(paste: str):  # type: ignore[no-untyped-def]
    return analyze(paste).readings[0]


def test_an_everyday_line_is_not_evidence_of_an_entry_that_only_shares_its_words() -> None:
    embedding = {"symptom": "IndexError: index out of range in self"}
    assert not beyond_everyday(reading("IndexError: list index out of range"), embedding, EVERYDAY)


def test_the_part_an_everyday_error_lacks_is_evidence_when_the_entry_holds_it() -> None:
    labels = {"symptom": "IndexError: Target -1 is out of bounds."}
    assert beyond_everyday(reading("IndexError: Target 7 is out of bounds."), labels, EVERYDAY)


def test_a_specific_part_the_entry_does_not_hold_is_no_evidence_for_it() -> None:
    other = {"symptom": "IndexError: list index out of range", "symptom_variants": []}
    assert not beyond_everyday(reading("IndexError: Target 7 is out of bounds."), other, EVERYDAY)


def test_a_line_unlike_every_everyday_error_is_left_to_the_other_rules() -> None:
    entry = {"symptom": "RuntimeError: CUDA error: device-side assert triggered"}
    assert beyond_everyday(reading("RuntimeError: CUDA error: device-side assert triggered"), entry, EVERYDAY)


def test_a_name_nothing_kb_knows_does_not_count_against_the_entry() -> None:
    """How long the user's class name was decided whether the entry was sure: the name's words,
    which no everyday error and no entry holds, counted as the line's information that the entry
    does not explain. Unheard, they say which class, not which fault."""
    modules = compile_background(
        ["TypeError: int is not a Module subclass", "IndexError: list index out of range"]
    )
    entry = {"symptom": "TypeError: __main__.MyLayer is not a Module subclass"}
    for name in ("Gate", "GatedResidualTowerBlock"):
        line = reading(f"TypeError: __main__.{name} is not a Module subclass")
        unheard = frozenset(term for term in line.terms if term not in message_terms(entry["symptom"]))
        assert beyond_everyday(line, entry, modules, unheard=unheard)
    everyday = reading("TypeError: float is not a Module subclass")  # what passing a float raises
    assert not beyond_everyday(everyday, entry, modules, unheard=frozenset({"float"}))


def test_a_class_the_script_defines_is_the_users_data_even_when_an_entry_holds_its_words() -> None:
    """`__main__.ScaledResidual` made the entry unsure where `__main__.ScaleShift` did not: other
    entries hold `scaled` and `residual`, so those words were not unheard, and counted as what the
    everyday error leaves and the entry does not explain."""
    modules = compile_background(
        ["TypeError: int is not a Module subclass", "IndexError: list index out of range"]
    )
    entry = {"symptom": "TypeError: __main__.MyLayer is not a Module subclass"}
    line = reading("TypeError: __main__.ScaledResidual is not a Module subclass")
    assert beyond_everyday(line, entry, modules, unheard=frozenset())  # every word held somewhere
    library_type = reading("TypeError: torch.nn.modules.conv.Scaled is not a Module subclass")
    assert not beyond_everyday(library_type, entry, modules, unheard=frozenset())


def test_an_everyday_error_in_a_function_the_entry_names_is_evidence_of_it() -> None:
    json_errors = compile_background(["json.decoder.JSONDecodeError: Extra data: line 1 column 5 (char 4)"])
    line = reading("json.decoder.JSONDecodeError: Extra data: line 2 column 1 (char 105)")
    entry = {"symptom": "JSONDecodeError: Extra data: line 2 column 1 (char 99) in load_annotations"}
    assert not beyond_everyday(line, entry, json_errors)
    assert beyond_everyday(line, entry, json_errors, frozenset({"load_annotations"}))


LIBRARY = compile_background(
    [
        "RuntimeError: Trying to backward through the graph a second time (or directly access saved "
        "tensors after they have already been freed).",
        "ValueError: Unable to configure root logger",
    ]
)


BACKWARD_TWICE = (
    "RuntimeError: Trying to backward through the graph a second time (or directly access saved "
    "tensors after they have already been freed)."
)


def test_a_teams_entry_recorded_from_a_librarys_message_is_not_evidenced_by_that_message_alone() -> None:
    team = {"symptom": BACKWARD_TWICE}
    line = reading(BACKWARD_TWICE)
    assert beyond_everyday(line, team, EVERYDAY)  # no everyday error explains it...
    assert not beyond_everyday(line, team, EVERYDAY, library=LIBRARY)  # ...but the library raises it


def test_a_librarys_message_in_the_function_a_teams_entry_names_is_evidence_of_it() -> None:
    team = {"symptom": "ValueError: Unable to configure root logger in setup_run_logging"}
    line = reading("ValueError: Unable to configure root logger")
    assert not beyond_everyday(line, team, EVERYDAY, library=LIBRARY)
    assert beyond_everyday(line, team, EVERYDAY, frozenset({"setup_run_logging"}), library=LIBRARY)


def test_a_librarys_message_that_names_the_lines_values_does_not_hide_the_template_it_follows() -> None:
    """Everyday errors say `X has … features` often and name `StandardScaler` rarely, so a warning
    that names the scaler explains the line's rare words best; the line is scikit-learn's
    feature-count message all the same, and the values it fills in (which scaler, how many
    features) say which object failed, not the team's cause."""
    everyday = compile_background(
        [f"ValueError: X has {n} features as input, expecting more" for n in "abcdefgh"]
    )
    library = compile_background(
        [
            "ValueError: X has … features, but … is expecting … features as input.",
            "UserWarning: StandardScaler is deprecated",
        ]
    )
    team = {"symptom": "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input."}
    other = reading("ValueError: X has 9 features, but StandardScaler is expecting 11 features as input.")
    assert not beyond_everyday(other, team, everyday, library=library)


def test_a_seeds_symptom_is_its_faults_own_whatever_library_raises_it() -> None:
    seed = {"symptom": BACKWARD_TWICE, "seed_digest": "abc"}
    assert beyond_everyday(reading(BACKWARD_TWICE), seed, EVERYDAY, library=LIBRARY)


def test_a_teams_own_message_no_library_raises_is_evidence_of_its_entry() -> None:
    team = {"symptom": "ShardIndexError: shard 12 of webdataset manifest lists no samples"}
    line = reading("ShardIndexError: shard 3 of webdataset manifest lists no samples")
    assert beyond_everyday(line, team, EVERYDAY, library=LIBRARY)


def test_kb_add_can_tell_a_symptom_that_is_only_a_librarys_message() -> None:
    from kb.search.specificity import only_a_librarys_message

    asked: list[bool] = []

    def library() -> Background:
        asked.append(True)
        return LIBRARY

    assert only_a_librarys_message(BACKWARD_TWICE, EVERYDAY, library)
    assert not only_a_librarys_message(BACKWARD_TWICE + " in train_aux_head", EVERYDAY, library)
    assert not only_a_librarys_message("ShardIndexError: shard 3 lists no samples", EVERYDAY, library)
    asked.clear()
    assert not only_a_librarys_message("IndexError: list index out of range", EVERYDAY, library)
    assert not asked  # an everyday error is one already: the library messages are not read


TEMPLATES = compile_background(
    [
        "ValueError: X has … features, but … is expecting … features as input.",
        "ValueError: X has … features, but PowerTransformer is expecting … features as input.",
        "field larger than field limit ( … )",
    ]
)


def test_the_values_a_librarys_template_leaves_to_the_run_are_not_the_teams_part() -> None:
    team = {"symptom": "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input."}
    line = reading("ValueError: X has 12 features, but StandardScaler is expecting 14 features as input.")
    assert beyond_everyday(line, team, EVERYDAY)  # `standardscaler` is rare among everyday errors...
    assert not beyond_everyday(line, team, EVERYDAY, library=TEMPLATES)  # ...but fills sklearn's gap


def test_the_class_of_a_librarys_message_goes_with_the_message() -> None:
    team = {"symptom": "_csv.Error: field larger than field limit (131072)"}
    line = reading("_csv.Error: field larger than field limit (131072)")
    assert not beyond_everyday(line, team, EVERYDAY, library=TEMPLATES)


def test_a_gap_that_ends_or_opens_a_template_holds_one_value_not_the_teams_words() -> None:
    from kb.search.specificity import filled_in

    line = "ModuleNotFoundError: No module named 'foo' while importing the plugin registry"
    assert filled_in("No module named …", line) == frozenset({"foo"})
    assert filled_in("… is not a Module subclass", "TypeError: torch.Scaled is not a Module subclass") == (
        frozenset({"torch.scaled", "torch", "scal"})
    )


def test_a_value_numpy_prints_as_a_call_is_one_value() -> None:
    """numpy 2 prints its scalars as calls, `np.str_('de-AT')`: the label is the run's value, not the
    team's word, and a team's entry recorded from sklearn's message is not evidenced by it."""
    from kb.search.specificity import filled_in

    template = "ValueError: y contains previously unseen labels: …"
    line = "ValueError: y contains previously unseen labels: np.str_('de-AT')"
    assert filled_in(template, line) == frozenset({"np.str_", "np", "str", "de-at", "de"})
    assert filled_in("… is not a valid label", "np.int64(3) is not a valid label") == frozenset(
        {"np.int64", "np", "int64", "3"}
    )
    library = compile_background([template])
    team = {"symptom": "ValueError: y contains previously unseen labels: np.str_('de-AT')"}
    assert not beyond_everyday(reading(line), team, EVERYDAY, library=library)


def test_a_list_python_prints_is_one_value() -> None:
    """pandas fills `columns expected but not found: …` with a list: every name in it is the run's
    value, and another run of the library's message naming the same columns is no evidence of the
    team's cause (a file picked by a glob that is not the vendor's export misses them too)."""
    from kb.search.specificity import filled_in

    template = "ValueError: Usecols do not match columns, columns expected but not found: …"
    line = template.replace("…", "['basket_value', 'points']")
    assert filled_in(template, line) == frozenset({"basket_value", "basket", "valu", "point"})
    for value in ("('a', 2)", "{'lr': [1, 2]}", "[[1, 2], [3]]"):
        assert filled_in("ValueError: got …", f"ValueError: got {value}")
    team = {"symptom": line.replace("]", ", 'store_id']")}
    assert not beyond_everyday(reading(line), team, EVERYDAY, library=compile_background([template]))


def test_the_template_a_line_follows_is_found_when_a_commoner_message_holds_its_shared_words() -> None:
    """The words a pandas `None of [Index([…], dtype='str')] are in the [columns]` line shares with
    a team's entry (`str`, `column`, `key`) are held best by another message; the template the line
    follows is found from its own words, and the columns it names are the run's."""
    library = compile_background(
        ["KeyError: None of [ … ] are in the [ … ]", "KeyError: String passed to weights not a valid column"]
    )
    team = {
        "symptom": "KeyError: \"None of [Index(['tenure_months', 'monthly_charges'], dtype='str')] are in"
        ' the [columns]"'
    }
    line = reading(
        "KeyError: \"None of [Index(['num__age', 'num__tenure'], dtype='str')] are in the [columns]\""
    )
    assert beyond_everyday(line, team, EVERYDAY)
    assert not beyond_everyday(line, team, EVERYDAY, library=library)


PYDANTIC = compile_background(
    [
        "pydantic_core._pydantic_core.ValidationError: … validation error for …",
        "Field required [type=missing, input_value= … , input_type= … ]",
        "Input should be a valid integer, unable to parse string as an integer"
        " [type=int_parsing, input_value= … , input_type= … ]",
        "Unable to parse input string as an integer, exceeded maximum size"
        " [type=int_parsing_size, input_value= … , input_type= … ]",
    ]
)


def test_a_line_joined_from_several_of_a_librarys_messages_is_each_of_them() -> None:
    """pydantic's title, the field and the detail under it read as one line: the title explains the
    first part, and the detail's own template the rest; its words are not the team's part either."""
    form = (
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for ServingSettings model_uri"
        " Field required [type=missing, input_value={'workers': '4'}, input_type=dict]"
    )
    line = reading(
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for ServingSettings\n"
        "batch_size\n"
        "  Input should be a valid integer, unable to parse string as an integer [type=int_parsing,"
        " input_value='auto', input_type=str]\n"
    )
    assert line.joined
    title_only = compile_background([PYDANTIC.message(0)])
    assert beyond_everyday(line, {"symptom": form}, EVERYDAY, library=title_only)
    assert not beyond_everyday(line, {"symptom": form}, EVERYDAY, library=PYDANTIC)


def test_a_second_message_counts_only_when_the_line_follows_it() -> None:
    from kb.search.specificity import a_second_message

    line = "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input (weekly_kpis)"
    shared = {"weekly_kpis": 5.0, "weekly": 2.0, "kpis": 2.0}
    teams_words = compile_background(["weekly_kpis report has no rows for weekly kpis"])
    assert a_second_message(teams_words, shared, frozenset(), line) == frozenset()


def test_a_dotted_class_a_library_defines_goes_with_the_message() -> None:
    """`sqlite3.OperationalError` is read as one dotted word: the library's class, as `_csv.Error` is."""
    team = {"symptom": "sqlite3.OperationalError: no such table: user_features"}
    line = reading("sqlite3.OperationalError: no such table: user_features")
    messages = ["no such table: …", "no such table column: … . …"]
    assert beyond_everyday(line, team, EVERYDAY, library=compile_background(messages))
    with_class = compile_background([*messages, "sqlite3.OperationalError: …"])
    assert not beyond_everyday(line, team, EVERYDAY, library=with_class)


def test_a_class_no_library_raises_is_the_teams_own() -> None:
    team = {"symptom": "ShardManifestError: field larger than field limit (131072)"}
    line = reading("ShardManifestError: field larger than field limit (131072)")
    assert beyond_everyday(line, team, EVERYDAY, library=TEMPLATES)


def test_a_line_is_read_against_the_template_it_follows() -> None:
    from kb.search.specificity import filled_in

    template = "ValueError: X has … features, but … is expecting … features as input."
    line = "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input."
    assert filled_in(template, line) == frozenset({"12", "14", "standardscaler", "standard", "scaler"})
    handler = "ValueError: Unable to configure handler 'json_file'"
    assert filled_in("ValueError: Unable to configure handler …", handler) == frozenset(
        {"json_file", "json", "file"}
    )
    assert filled_in(template, "ValueError: Input X contains NaN.") is None
    assert filled_in("cannot … … the batch", "cannot fit 12 the batch") == frozenset({"fit", "12"})
    root = "ValueError: Unable to configure root logger"
    assert filled_in(root, root) is None  # a message with no gap leaves nothing to the run


def test_a_line_that_is_another_librarys_message_is_no_evidence_of_an_entry() -> None:
    """pandas' `KeyError: "[...] not found in axis"` shares `KeyError` and `not found` with an
    entry's transformers message, and is another message all the same."""
    from kb.search.specificity import another_librarys_message

    library = compile_background(
        [
            "KeyError: … not found in axis",
            "KeyError: The `metric_for_best_model` training argument is set to … , which is not found in"
            " the evaluation metrics.",
            "ValueError: Expected parameter … ( … of shape … ) of distribution … to satisfy the constraint"
            " … , but found invalid values: …",
        ]
    )
    entry = {
        "symptom": "The logged learning rate never changes",
        "symptom_variants": [
            "KeyError: The `metric_for_best_model` training argument is set to 'eval_accuracy',"
            " which is not found in the evaluation metrics."
        ],
    }
    pandas = reading("KeyError: \"['c', 'i', 't', 'y'] not found in axis\"")
    assert another_librarys_message(pandas, entry, lambda: library)
    own = reading(
        "KeyError: The `metric_for_best_model` training argument is set to 'eval_f1', which is not"
        " found in the evaluation metrics."
    )
    assert not another_librarys_message(own, entry, lambda: library)
    policy = {
        "symptom": "ValueError: Expected parameter probs (Tensor of shape (64, 4)) of distribution"
        " Categorical(probs: torch.Size([64, 4])) to satisfy the constraint Simplex(),"
        " but found invalid values:"
    }
    nan = reading(
        "ValueError: Expected parameter loc (Tensor of shape (8, 2)) of distribution Normal(loc:"
        " torch.Size([8, 2])) to satisfy the constraint Real(), but found invalid values:\n"
        "tensor([[nan, nan]])"
    )
    assert not another_librarys_message(nan, policy, lambda: library)  # its form stops before the tensor
    unknown = reading("KeyError: 'lr'")  # no library message it follows: nothing to tell
    assert not another_librarys_message(unknown, entry, lambda: library)


def test_a_template_of_common_words_is_found_when_other_messages_explain_the_line_better() -> None:
    """pandas' `None of … are in the …` holds no rare word beside its class, and a line it makes is
    full of the run's names, which other messages hold: it is still the line's message, and a team's
    sklearn `columns are missing: …` entry is another message, whatever column both name."""
    from kb.search.specificity import another_librarys_message, line_template, most_specific_template

    library = compile_background(
        [
            "KeyError: None of [ … ] are in the [ … ]",
            "TypeError: Cannot interpret the dtype of the index of monthly columns …",
            "ValueError: columns are missing: …",
            "RuntimeError: Expected … but got … .",
        ]
    )
    pandas = reading(
        "KeyError: \"None of [Index(['tenure_months', 'monthly_fee'], dtype='str')] are in the [columns]\""
    )
    assert line_template(library, explain(library, weights(library, pandas.terms)), pandas.line) is None
    assert library.message(most_specific_template(library, pandas.line) or 0).startswith("KeyError: None of")
    entry = {"symptom": "ValueError: columns are missing: {'tenure_months'} from pipe.predict_proba in score"}
    assert another_librarys_message(pandas, entry, lambda: library)
    again = reading("ValueError: columns are missing: {'tenure_months'}")
    assert not another_librarys_message(again, entry, lambda: library)
    # Three words of its own say no more than the class: a line of torch's is not read as this one.
    torch = reading("RuntimeError: Expected is_sm80 to be true, but got false.")
    assert most_specific_template(library, torch.line) is None


def test_a_librarys_message_with_nothing_left_to_the_run_is_still_its_message() -> None:
    """pandas' `Replace has to be set to `True` when upsampling the population `frac` > 1.` has no
    gap, and shares `upsampling` with an entry about `nn.Upsample`: it is pandas' message all the
    same, and an entry listing it is written as it."""
    from kb.search.specificity import another_librarys_message

    message = "ValueError: Replace has to be set to `True` when upsampling the population `frac` > 1."
    library = compile_background([message, "LinAlgError: Singular matrix"])
    upsample = {"symptom": "Loss goes NaN at a decoder's upsampling layer (nn.Upsample, align_corners)"}
    assert another_librarys_message(reading(message), upsample, lambda: library)
    assert not another_librarys_message(reading(message), {"symptom": message}, lambda: library)
    qualified = reading("numpy.linalg.LinAlgError: Singular matrix")
    assert another_librarys_message(qualified, {"symptom": "The Hessian is singular"}, lambda: library)
    longer = reading(message + "5")  # `frac` > 1.5: not the message itself
    assert not another_librarys_message(longer, upsample, lambda: library)


def test_a_keyerror_message_is_read_without_the_quotes_python_prints_it_in() -> None:
    """CPython prints a KeyError's message through repr: pandas' `None of [...] are in the [...]`
    arrives quoted, and is that template all the same; a key alone keeps its quotes."""
    from kb.search.specificity import line_template

    library = compile_background(["KeyError: None of [ … ] are in the [ … ]"])

    def values(line: str) -> frozenset[str]:
        followed = line_template(library, explain(library, weights(library, reading(line).terms)), line)
        return followed[1] if followed else frozenset()

    assert {"tenur", "plan"} <= values(
        "KeyError: \"None of [Index(['tenure', 'plan'], dtype='str')] are in the [columns]\""
    )
    assert values("KeyError: 'tenure'") == frozenset()


_PIECE = st.text(alphabet="abcdefghij ,.:()", min_size=1, max_size=15)


#: A template's fixed pieces, not all of them blank: a template of gaps alone reads as nothing.
_PIECES = st.lists(_PIECE, min_size=2, max_size=5).filter(lambda pieces: any(p.strip() for p in pieces))


_VALUE = st.from_regex(r"[0-9A-Z_]{1,12}", fullmatch=True)


@given(_PIECES, st.data())
def test_a_line_made_from_a_template_reads_as_that_template(pieces: list[str], data: st.DataObject) -> None:
    from kb.search.specificity import filled_in

    values = [data.draw(_VALUE) for _ in pieces[1:]]
    line = pieces[0] + "".join(value + piece for value, piece in zip(values, pieces[1:], strict=True))
    assert filled_in("…".join(pieces), line) is not None


@given(st.text(max_size=40), st.text(max_size=40))
def test_any_template_and_line_are_read_without_error(template: str, line: str) -> None:
    from kb.search.specificity import _unquoted, _written_as, filled_in

    found = filled_in(template + " … " + template, line)
    assert found is None or isinstance(found, frozenset)
    assert isinstance(_written_as(template + " …", line), bool)
    unquoted = _unquoted(line)
    assert unquoted == line or len(unquoted) < len(line)


@given(_PIECES, st.data())
def test_a_form_that_stops_before_the_last_value_is_the_message(
    pieces: list[str], data: st.DataObject
) -> None:
    """A symptom copied up to where the library printed its last value (a tensor, a list) is the
    library's message all the same."""
    from kb.search.specificity import _written_as

    values = [data.draw(_VALUE) for _ in pieces[1:]]
    form = pieces[0] + "".join(value + piece for value, piece in zip(values, pieces[1:], strict=True))
    assert _written_as("…".join(pieces) + " …", form)


def test_a_line_without_a_class_is_a_librarys_when_its_message_explains_it() -> None:
    from kb.search.specificity import a_librarys_line

    sklearn = compile_background(["… does not accept missing values encoded as NaN natively."])
    assert a_librarys_line(reading("Ridge does not accept missing values encoded as NaN natively."), sklearn)
    person = "after resuming from the checkpoint the loss is NaN natively in every run of the ridge model"
    assert not a_librarys_line(reading(person), sklearn)


def test_a_seeds_quoted_path_is_evidence_only_for_the_same_name_not_a_word_of_another() -> None:
    """The Docker /tmp seed quotes `/tmp/tmpk3j9x2ab`; a checkpoint folder named `.tmp_latest` shares
    the word `tmp` with it, not the folder."""
    everyday = compile_background(["OSError: [Errno 39] Directory not empty: 'a'", "OSError: [Errno 30] x"])
    seed = {"symptom": "OSError: [Errno 30] Read-only file system: '/tmp/tmpk3j9x2ab'", "seed_digest": "abc"}
    assert not beyond_everyday(
        reading("OSError: [Errno 39] Directory not empty: 'models/.tmp_latest'"), seed, everyday
    )
    assert beyond_everyday(
        reading("OSError: [Errno 30] Read-only file system: '/tmp/tmpa1b2c3'"), seed, everyday
    )


def test_kb_add_can_tell_a_librarys_line_recorded_without_its_class() -> None:
    from kb.search.specificity import only_a_librarys_message

    sklearn = compile_background(["… does not accept missing values encoded as NaN natively."])
    line = "Ridge does not accept missing values encoded as NaN natively."
    assert only_a_librarys_message(line, EVERYDAY, lambda: sklearn)
    person = "after resuming from the checkpoint the ridge model's validation loss is NaN in every run"
    assert not only_a_librarys_message(person, EVERYDAY, lambda: sklearn)


def test_one_exception_type_raised_for_two_reasons_is_no_evidence() -> None:
    entry = {"symptom": "DatasetBuildError: duplicate ids found in train split", "symptom_variants": []}
    other = reading("DatasetBuildError: bucket quota exceeded")
    assert only_its_type(other, entry)
    assert not beyond_everyday(other, entry, EVERYDAY)
    same = reading("DatasetBuildError: duplicate ids found in val split")
    assert not only_its_type(same, entry) and beyond_everyday(same, entry, EVERYDAY)


def test_a_function_of_the_users_code_the_entry_names_is_more_than_the_type() -> None:
    entry = {"symptom": "JSONDecodeError: Extra data in load_annotations", "symptom_variants": []}
    line = reading("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)")
    assert only_its_type(line, entry)
    assert not only_its_type(line, entry, frozenset({"load_annotations"}))


def test_a_class_raised_without_a_message_shares_only_its_type() -> None:
    entry = {"symptom": "ShardChecksumError: shard 17 checksum mismatch", "symptom_variants": []}
    for bare in ("ShardChecksumError", "data.errors.ShardChecksumError"):
        assert bare_class_words(reading(bare)) and only_its_type(reading(bare), entry)
    assert not bare_class_words(reading("ShardChecksumError: shard 3 checksum mismatch"))


def test_another_class_of_the_teams_own_is_another_fault_and_a_librarys_decides_nothing() -> None:
    alpha = {"symptom": "AlphaSyncError: first entry for sync", "symptom_variants": []}
    assert another_own_class(reading("BetaSyncError: second entry for sync"), alpha, [EVERYDAY])
    assert not another_own_class(reading("AlphaSyncError: third entry for sync"), alpha, [EVERYDAY])
    assert not another_own_class(reading("TypeError: second entry for sync"), alpha, [EVERYDAY])
    value = {"symptom": "KeyError: first entry for sync", "symptom_variants": []}
    assert not another_own_class(reading("BetaSyncError: second entry for sync"), value, [EVERYDAY])


def test_another_message_of_the_teams_own_class_is_another_fault_and_a_librarys_decides_nothing() -> None:
    """`DatasetBuildError: train split is empty` shares the class and `train split` with the entry for
    duplicate ids, and was its confident known fault, with the dedupe fix."""
    dedupe: dict[str, object] = {"symptom": "DatasetBuildError: duplicate ids found in train split"}

    def other(line: str, record: dict[str, object] = dedupe) -> bool:
        words = frozenset(analyze(line).term_weights)
        return another_message_of_its_class(reading(line), record, [EVERYDAY], words)

    assert other("DatasetBuildError: train split is empty")
    assert other("DatasetBuildError: ids column missing")
    assert not other("DatasetBuildError: duplicate ids found in validation split")  # the same fault again
    assert not other("DatasetBuildError: duplicate ids found in train split (17 rows)")
    assert not other("ShardIndexError: train split is empty")  # another class: another_own_class's
    keys: dict[str, object] = {"symptom": "KeyError: duplicate ids found in train split"}
    assert not other("KeyError: train split is empty", keys)  # a library's class
