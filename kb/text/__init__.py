"""Reading pastes, pure: the decisive line of a traceback or log, masking what varies into a signature,
the frames of the user's own code it passed through, the tokenizer, and the terms an entry is indexed
by.

The same functions read what people paste and what entries say, so both meet in one vocabulary. May
import `kb.entry` and the base modules; never the store or a face.
"""
