"""`%load_ext kb`: in IPython and Jupyter, an uncaught exception's known fault after its traceback.

The normal traceback is shown first, unchanged; then, when kb knows the fault confidently, the
entry: as HTML in Jupyter, as text in terminal IPython. Nothing more is shown when nothing matches
confidently, and a lookup that fails says so in one line: it never hides the user's error.
`%kb QUERY` searches as `kb search` does; `%kb` alone searches the last exception.
"""

from __future__ import annotations

import html
import sys
import traceback
from typing import Any

from kb.entry.visible import command_line, exception_line, shell_word, visible


class KnownFault:
    """What a notebook shows for a search: each result's key, symptom, validation and fix."""

    def __init__(self, results: list[dict[str, Any]], confident: bool) -> None:
        self.results = results
        self.confident = confident

    @property
    def check_label(self) -> str:
        """What a result's check is: the proof of a known fault, or, when kb is not sure, a test of
        that entry's cause only (nothing says it is this fault)."""
        return "prove it" if self.confident else "its check"

    def __repr__(self) -> str:
        if not self.results:
            return "kb: no entry matches"
        lines = ["kb: known fault" if self.confident else "kb: no confident match; closest entries:"]
        for record in self.results:
            symptom = visible(" ".join(str(record["symptom"]).split())[:160])
            where = visible(str(record["domain"])) + (
                f" · {visible(str(record['layer']))}" if "layer" in record else ""
            )
            lines.append(f"  {visible(str(record['key']))}  [{where}]  {symptom}")
            if record.get("untrusted"):
                lines.append(
                    f"    (its folder is not trusted yet: kb trust {shell_word(str(record['untrusted']))})"
                )
            elif record.get("validation"):
                lines.append(f"    {self.check_label}: $ {command_line(str(record['validation']))}")
                if record.get("guessed"):
                    lines.append(f"      ({visible(str(record['guessed']))})")
            if record.get("fix"):
                lines.append(f"    fix: {visible(' '.join(str(record['fix']).split())[:300])}")
        # as the terminal's stream can carry it: IPython dropped the extension for the session when
        # an entry's `→` met an ASCII stdout
        from kb.hosts.kb_hosts import encodable

        return encodable("\n".join(lines), getattr(sys.stdout, "encoding", None))

    def _repr_html_(self) -> str:
        if not self.results:
            return "<p><b>kb</b>: no entry matches</p>"
        title = "known fault" if self.confident else "no confident match; closest entries"
        items = []
        for record in self.results:
            where = shown(record["domain"]) + (f" · {shown(record['layer'])}" if "layer" in record else "")
            parts = [f"<code>{shown(record['key'])}</code> [{where}] "
                     f"{shown(' '.join(str(record['symptom']).split()))}"]  # fmt: skip
            if record.get("untrusted"):
                parts.append(
                    f"(its folder is not trusted yet: <code>kb trust {shown(record['untrusted'])}</code>)"
                )
            elif record.get("validation"):
                command = html.escape(command_line(str(record["validation"])))
                parts.append(f"{self.check_label}: <code>$ {command}</code>")
                if record.get("guessed"):
                    parts.append(f"({shown(record['guessed'])})")
            if record.get("fix"):
                parts.append(f"fix: {shown(' '.join(str(record['fix']).split()))}")
            items.append("<li>" + "<br>".join(parts) + "</li>")
        return f"<div><b>kb</b>: {title}<ul>{''.join(items)}</ul></div>"


def shown(value: object) -> str:
    """VALUE for a page: its hidden characters made visible (kb.entry.visible), then HTML-escaped."""
    return html.escape(visible(str(value)))


def look_up(text: str, limit: int = 3) -> KnownFault:
    """Search TEXT in every layer, as kb search does (a confident answer counts as a hit)."""
    from kb.layers.everywhere import search_layers
    from kb.search.lookup import SearchOptions

    found = search_layers(text, None, SearchOptions(limit=limit, environment=True))
    values = found.response.paste_values()  # each check as it runs for this error: its port, its file
    records = [
        _as_it_runs(record, *found.response.check_of(record, values)) if record.get("validation") else record
        for record in (scored.candidate.record for scored in found.response.results)
    ]
    return KnownFault(records[:1] if found.response.confident else records, found.response.confident)


def _as_it_runs(record: dict[str, Any], command: str, taken: dict[str, str]) -> dict[str, Any]:
    """RECORD with its check as it runs for this error, and what of it is the entry's guess."""
    from kb.search.lookup import SearchResponse

    return {**record, "validation": command, "guessed": SearchResponse.guesses_of(record, taken)}


def exception_text(etype: type[BaseException], value: BaseException, tb: Any) -> str:
    return "".join(traceback.format_exception(etype, value, tb))


def load(ipython: Any) -> None:
    """Register the exception handler and the %kb magic on IPYTHON (an InteractiveShell)."""
    from IPython.display import display

    def handler(
        shell: Any, etype: type[BaseException], value: BaseException, tb: Any, tb_offset: Any = None
    ) -> Any:
        # the user's error first, as IPython shows one its code raised (a SyntaxError from `ast.parse`
        # with its traceback, not as if the cell itself could not compile)
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
        try:
            answer = look_up(exception_text(etype, value, tb), limit=1)
        except Exception as exc:  # kb's own trouble must never stand in for the user's error
            print(f"kb: could not look this error up: {exception_line(exc)}", file=sys.stderr)
            return None
        except KeyboardInterrupt:  # Ctrl-C during a slow lookup stops kb's part, not the session
            print("kb: the lookup was interrupted (Ctrl-C)", file=sys.stderr)
            return None
        if answer.confident:
            try:
                display(answer)  # type: ignore[no-untyped-call]
            except Exception as exc:  # nor may showing kb's answer cost the session its handler
                print(f"kb: could not show the answer: {exception_line(exc)}", file=sys.stderr)
        return None

    def kb_magic(line: str) -> None:
        """%kb QUERY: search kb; %kb alone: the last exception. The answer is displayed here rather
        than returned: a script (`ipython run.ipy`) shows no value a line returns."""
        query = line.strip()
        if not query:
            last = getattr(sys, "last_value", None)
            if last is None:
                print("kb: no exception yet; %kb QUERY searches for QUERY", file=sys.stderr)
                return
            query = exception_text(type(last), last, last.__traceback__)
        try:
            answer = look_up(query)
        except Exception as exc:  # a knowledge base kb cannot read: one line, not kb's traceback
            print(f"kb: could not search: {exception_line(exc)}", file=sys.stderr)
            return
        except KeyboardInterrupt:
            print("kb: the search was interrupted (Ctrl-C)", file=sys.stderr)
            return
        display(answer)  # type: ignore[no-untyped-call]

    ipython.set_custom_exc((Exception,), handler)
    ipython.register_magic_function(kb_magic, "line", "kb")


def unload(ipython: Any) -> None:
    ipython.set_custom_exc((), None)
