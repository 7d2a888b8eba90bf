"""A small background of everyday errors, for the tests of the background and of what it leaves to
an entry."""

from kb.search.background import compile_background

EVERYDAY = compile_background(
    [
        "# a comment is not a message",
        "IndexError: list index out of range",
        "IndexError: index 5 is out of bounds for axis 0 with size 3",
        "IndexError: tuple index out of range",
        "KeyError: 'lr'",
        "AttributeError: 'list' object has no attribute 'argmax'",
        "AttributeError: 'NoneType' object has no attribute 'group'",
        "FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'",
        'TypeError: can only concatenate str (not "int") to str',
    ]
)
