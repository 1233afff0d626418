"""YAML reading that remembers where each mapping key stood, so problems name a line."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any


class LinedDict(dict[Any, Any]):
    """A mapping read from YAML: `line` is where it starts, `key_lines[k]` where key k is."""

    line: int = 0
    key_lines: dict[Any, int]


class LinedList(list[Any]):
    line: int = 0
    item_lines: list[int]


@lru_cache(maxsize=1)
def _loaders() -> tuple[Any, Any]:
    """The plain loader and the one that keeps lines: made at the first file read, so that a
    command that takes its data set from the cache never loads the YAML library."""
    import yaml  # lazy: as the docstring says

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class LineLoader(base):  # type: ignore[misc]
        pass

    def construct_mapping(loader: Any, node: yaml.MappingNode) -> LinedDict:
        loader.flatten_mapping(node)
        result = LinedDict()
        result.line = node.start_mark.line + 1
        result.key_lines = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                raise yaml.constructor.ConstructorError(
                    None, None, "a mapping key must be a plain value", key_node.start_mark
                )
            if key in result:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            result[key] = loader.construct_object(value_node, deep=True)
            result.key_lines[key] = key_node.start_mark.line + 1
        return result

    def construct_sequence(loader: Any, node: yaml.SequenceNode) -> LinedList:
        result = LinedList(loader.construct_object(child, deep=True) for child in node.value)
        result.line = node.start_mark.line + 1
        result.item_lines = [child.start_mark.line + 1 for child in node.value]
        return result

    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG,
                               construct_sequence)
    return base, LineLoader


class YamlError(Exception):
    """A file that is not readable YAML; `line` is 1-based or 0 when unknown."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


def load_lined(path: Path, lined: bool = True) -> Any:
    """Load one YAML file into LinedDict/LinedList values; raise YamlError if unreadable.

    With lined=False plain dicts and lists come back, several times faster: callers read
    that way first and again with lines only when there is a problem to place."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise YamlError(path, 0, f"cannot read: {exc}") from None
    import yaml  # lazy: as _loaders

    plain, keeping_lines = _loaders()
    try:
        return yaml.load(text, Loader=keeping_lines if lined else plain)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise YamlError(path, line, f"not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise YamlError(path, 0, f"not valid YAML: {exc}") from None


def line_of(document: Any, loc: tuple[Any, ...]) -> int:
    """Best line for a path into a lined document (as pydantic reports error locations)."""
    node, line = document, getattr(document, "line", 0)
    for part in loc:
        if isinstance(node, LinedDict) and part in node:
            line = node.key_lines.get(part, line)
            node = node[part]
        elif isinstance(node, LinedList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.item_lines[part]
            node = node[part]
        else:
            break
    return line
