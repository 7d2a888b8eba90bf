"""kb where the error happens: running a command and keeping the end of its output (`process`, for
`kb run`), the pytest plugin that names each failure's known fault (`pytest_plugin`, with the
lookups it runs beside the tests in `failure_lookup`), the IPython extension (`ipython`, loaded
by `%load_ext kb` through kb/__init__.py), and the server a coding agent talks to (`mcp_server`,
`kb mcp`, on the optional MCP SDK). These are faces of their hosts: they may print, and
import every package below the faces.
"""
