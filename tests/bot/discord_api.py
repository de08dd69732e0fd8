"""The bot's requests checked against Discord's own description of its HTTP API.

The description is Discord's OpenAPI file (`openapi.json.gz` of discord/discord-api-spec,
kept beside the project in `../shared/discord-api-spec/`; `DISCORD_API_SPEC` names another
place). `invalid(call)` says what in a request recorded by the fake Discord
(`tests.bot.discord_harness.Call`) the description does not allow: its JSON body against
the schema of the route's request body, with the JSON-schema words the description uses
(`oneOf` is read as `anyOf`: a body fitting two branches is not refused; a snowflake may be
a number, which Discord takes and discord.py sends in `allowed_mentions`). Tests call
`require_spec()` first: without the file they are skipped, in CI too (it is the workplace's
file, not part of a clone).
"""

from __future__ import annotations

import functools
import gzip
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = Path(
    os.environ.get("DISCORD_API_SPEC")
    or ROOT.parent / "shared" / "discord-api-spec" / "openapi.json.gz"
)
#: Where the worktrees live, the description is one level further up.
FALLBACK = ROOT.parents[1] / "shared" / "discord-api-spec" / "openapi.json.gz"
JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def spec_path() -> Path | None:
    """The description's file, if it is on this machine."""
    return next((p for p in (SPEC, FALLBACK) if p.is_file()), None)


def require_spec() -> None:
    """Skip the calling test, with the place it looked, where the description is missing
    (it is the workplace's file, beside the project, not part of a clone)."""
    if spec_path() is None:
        pytest.skip(f"Discord's API description is not at {SPEC} (set DISCORD_API_SPEC)")


@functools.cache
def spec() -> dict[str, Any]:
    """Discord's OpenAPI description."""
    path = spec_path()
    assert path is not None, "require_spec() first"
    return dict(json.loads(gzip.decompress(path.read_bytes())))


def _route(method: str, path: str) -> dict[str, Any] | None:
    """The description of a request: the route whose template matches `path` with the
    most fixed segments."""
    found: list[tuple[int, dict[str, Any]]] = []
    for template, routes in spec()["paths"].items():
        pattern = re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template))
        if method.lower() in routes and re.fullmatch(pattern, path):
            fixed = len([s for s in template.split("/") if s and "{" not in s])
            found.append((fixed, routes[method.lower()]))
    return max(found, key=lambda f: f[0])[1] if found else None


def body_schema(method: str, path: str) -> dict[str, Any] | None:
    """The JSON schema of a request's body (None: the route takes none, or is unknown)."""
    route = _route(method, path)
    content = ((route or {}).get("requestBody") or {}).get("content") or {}
    schema = (content.get("application/json") or {}).get("schema")
    return None if schema is None else dict(schema)


def invalid(call: Any) -> list[str]:
    """What the description refuses in a recorded request (empty: nothing)."""
    if call.json is None:
        return []
    if _route(call.method, call.path) is None:
        return [f"{call.method} {call.path}: no such route"]
    schema = body_schema(call.method, call.path)
    if schema is None:
        return [f"{call.method} {call.path}: takes no JSON body"]
    return [f"{call.method} {call.path}{e}" for e in errors(call.json, schema)]


def _resolved(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = {**spec()["components"]["schemas"][name], **{
            k: v for k, v in schema.items() if k != "$ref"
        }}  # fmt: skip
    return schema


def errors(value: Any, schema: dict[str, Any], where: str = "") -> list[str]:
    """Where `value` breaks `schema` (JSON-schema words of Discord's description)."""
    schema = _resolved(schema)
    if schema.get("format") == "snowflake" and isinstance(value, int) and value >= 0:
        return []  # (Discord takes a snowflake as a number too, as discord.py sends some)
    found: list[str] = []
    for word in ("anyOf", "oneOf"):
        if word in schema and all(errors(value, s, where) for s in schema[word]):
            found.append(f"{where}: fits no {word} branch")
    for branch in schema.get("allOf", []):
        found += errors(value, branch, where)
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_is(value, kind) for kind in kinds):
            return [*found, f"{where}: {value!r:.60} is not {'/'.join(kinds)}"]
    if "const" in schema and value != schema["const"]:
        found.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} not in {schema['enum']}")
    if isinstance(value, dict):
        found += _object_errors(value, schema, where)
    if isinstance(value, list):
        found += _array_errors(value, schema, where)
    if isinstance(value, str):
        if not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value)):
            found.append(f"{where}: length {len(value)} out of bounds")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            found.append(f"{where}: {value!r} does not match {schema['pattern']}")
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and not schema.get("minimum", value) <= value <= schema.get("maximum", value):
        found.append(f"{where}: {value} out of bounds")
    return found


def _is(value: Any, kind: str) -> bool:
    """Whether `value` is of the JSON type `kind` (true and false are no numbers)."""
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, JSON_TYPES[kind])


def _object_errors(value: dict[str, Any], schema: dict[str, Any], where: str) -> list[str]:
    found = [f"{where}: {k} missing" for k in schema.get("required", []) if k not in value]
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            found += errors(item, properties[key], f"{where}.{key}")
        elif extra is False and properties:
            found.append(f"{where}: {key} is not allowed")
        elif isinstance(extra, dict):
            found += errors(item, extra, f"{where}.{key}")
    if len(value) > schema.get("maxProperties", len(value)):
        found.append(f"{where}: too many properties")
    return found


def _array_errors(value: list[Any], schema: dict[str, Any], where: str) -> list[str]:
    found = []
    if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
        found.append(f"{where}: {len(value)} items out of bounds")
    if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) < len(
        value
    ):
        found.append(f"{where}: items repeat")
    for i, item in enumerate(value):
        found += errors(item, schema.get("items", {}), f"{where}[{i}]")
    return found
