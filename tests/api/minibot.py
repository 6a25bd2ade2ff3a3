"""A minimal bot: in every game where it is its move, it plays a random legal move.

    CLUB_URL=https://club.example CLUB_KEY=<a play token's key> python3 minibot.py

Python's standard library only. Stop it with Ctrl-C.
"""

import json
import os
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable


def call(base: str, key: str, method: str, path: str, body: dict | None = None) -> tuple:
    """One request to the API: (status, JSON body, headers)."""
    request = urllib.request.Request(
        base + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.load(answer), answer.headers
    except urllib.error.HTTPError as error:
        return error.code, json.load(error), error.headers


def play(base: str, key: str, wait: int = 25, stop: Callable[[], bool] = lambda: False) -> None:
    """Wait for turns and play them until ``stop()`` says so."""
    while not stop():
        status, body, headers = call(base, key, "GET", f"/api/v1/bot/turns?wait={wait}")
        if status == 429:  # too many requests: wait as long as the server says
            time.sleep(int(headers.get("Retry-After", "5")))
            continue
        if status != 200:
            raise SystemExit(f"{status}: {body.get('detail')}")
        for turn in body["turns"]:
            move = random.choice(turn["position"]["legal_moves"])
            path = f"/api/v1/games/{turn['game']}/moves"
            status, body, headers = call(
                base, key, "POST", path, {"notation": move, "expected_ply": turn["ply"]}
            )
            if status == 429:
                time.sleep(int(headers.get("Retry-After", "5")))
            elif status != 200 and status != 409:  # 409: stale, the next turns read it again
                print(f"game {turn['game']}: {move} refused: {status} {body.get('detail')}")


if __name__ == "__main__":
    play(os.environ["CLUB_URL"].rstrip("/"), os.environ["CLUB_KEY"])
