"""What a project installs into its own environment to reach the kb on PATH: `kb_hosts`, the pytest
plugin and IPython extension of the small distribution `kb-hosts` (`kb export hosts` builds it).

Copied out as it is, so it imports the standard library, pytest and IPython only, never kb: an
import-linter contract keeps it so.
"""
