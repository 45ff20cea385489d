"""The Inspect AI tasks of the `sous` package, registered through its
`inspect_ai` entry point (`inspect eval sous/recipe_execution`)."""

from .inspect_tasks import recipe_execution  # noqa: F401
