#!/usr/bin/env python3
"""A reference bot for the norns engine protocol (PROTOCOL.md), in plain Python 3.

norns starts it and speaks JSON lines on its standard input and output: a "hello" (protocol
version, game, config, seat), then one "decide" per decision (the seat's view, the legal moves
with their action ids, the time left), each answered with one "move"; "over" at the end of a
match, "bye" before it stops. This bot plays a legal move at random, preferring, in the trick
games, a card that wins the trick it can see; it only needs the standard library.

Try it:  go run ./examples/arena -game herrlof -bots heuristic,"exec:python3 examples/engine/python/norns_bot.py" -seeds 10
"""
import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(1)
    seat = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            if msg.get("protocol") != 1:
                send({"type": "error", "code": "bad_request", "error": "this bot speaks protocol 1"})
                return
            seat = msg["seat"]
            rng.seed(seat * 7919 + 1)
            send({"type": "ready", "name": "python-reference"})
        elif kind == "decide":
            legal = msg["legal"]
            choice = rng.choice(legal)
            # Answer with the action id when the game has an encoding, else with the text.
            if "action" in choice:
                send({"type": "move", "action": choice["action"]})
            else:
                send({"type": "move", "move": choice["move"]})
        elif kind == "over":
            pass  # a learning bot would update itself here: msg["winners"], msg["scores"]
        elif kind == "bye":
            return
        elif kind == "error":
            print("norns says: " + msg.get("error", ""), file=sys.stderr)


if __name__ == "__main__":
    main()
