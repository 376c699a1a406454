"""Helpers shared by the web tests: open a table, split a seat's link, a seat's headers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlette.testclient import TestClient

import lasvegas as lv


def open_table(
    client: TestClient, config: lv.GameConfig, seats: Sequence[Mapping[str, object]]
) -> dict[str, Any]:
    """Open a table of *config* with *seats* through the API; its answer (status 201)."""
    opening = {"config": lv.to_data(config), "seats": list(seats)}
    answer = client.post("/api/tables", json=opening)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def split(link: str) -> tuple[str, str]:
    """``/play/<table>/<seat>#<token>`` -> the API path and the token."""
    path, _, token = link.partition("#")
    _, _, table, seat = path.split("/")
    return f"/api/tables/{table}/seats/{seat}", token


def auth(token: str, version: int | None = None) -> dict[str, str]:
    """The headers of a seat's request (with ``If-Match`` for an action chosen at *version*)."""
    headers = {"Authorization": f"Bearer {token}"}
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    return headers
