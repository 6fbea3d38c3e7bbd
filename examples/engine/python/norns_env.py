"""Environments for learners over the norns engine protocol (PROTOCOL.md), in plain Python 3.

An Engine is one norns engine process (go run ./examples/engine, or its built binary); it serves
any number of environments at once. NornsEnv is one environment in the style of Gymnasium:

    engine = Engine(["go", "run", "./examples/engine"])
    env = NornsEnv(engine, "gnav", config={"players": 4}, seed=1)
    obs, info = env.reset()
    while True:
        action = random.choice(info["legal_actions"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated:
            break

obs is the observation of the seat to act (info["to_move"]), a list of floats of the game's fixed
length (its encoding: see the game's package documentation, "# Encoding"); info["mask"] marks the
legal action ids and info["legal_actions"] lists them; reward is what the step brought the seat
that acted (its share of the win at the end, 0 before), and info["rewards"] every seat's. A game
without an encoding still plays: obs is None and steps take moves in notation (info["legal"]).
Only the standard library is needed.
"""
import json
import subprocess


class EngineError(Exception):
    """An error reply of the engine: .code says which kind (illegal_move, bad_config, ...)."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code


class Engine:
    """One norns engine process, serving environments over its standard input and output."""

    def __init__(self, command=("go", "run", "./examples/engine"), cwd=None):
        self.proc = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     cwd=cwd, text=True, bufsize=1)
        self._next_id = 0

    def request(self, message):
        """Sends one request and returns the engine's reply (raising EngineError for an error)."""
        self.proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise EngineError("closed", "the engine closed its output")
        reply = json.loads(line)
        if reply.get("type") == "error":
            raise EngineError(reply.get("code", ""), reply.get("error", ""))
        return reply

    def new_id(self):
        self._next_id += 1
        return f"env{self._next_id}"

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class NornsEnv:
    """One environment of a norns game, in the style of Gymnasium's Env (reset and step)."""

    def __init__(self, engine, game, config=None, seed=0):
        self.engine, self.game, self.config, self.seed = engine, game, config or {}, seed
        self.id = engine.new_id()
        self.state = None

    def _info(self, state):
        mask = state.get("mask")
        return {
            "to_move": state.get("toMove", -2),
            "mask": mask,
            "legal_actions": [i for i, on in enumerate(mask) if on] if mask else [],
            "legal": [l["move"] for l in state.get("legal", [])],
            "rewards": state.get("rewards", []),
            "scores": state.get("scores", []),
            "winners": state.get("winners", []),
            "events": state.get("events", []),
        }

    def reset(self, seed=None):
        """Starts a new match (of seed, or of the next seed) and returns (obs, info)."""
        if seed is not None:
            self.seed = seed
        self.state = self.engine.request({"type": "new", "id": self.id, "game": self.game,
                                          "config": self.config, "seed": self.seed})
        self.seed += 1
        return self.state.get("observation"), self._info(self.state)

    def step(self, action):
        """Plays an action id (an int) or a move in notation (a str) for the seat to act and
        returns (obs, reward, terminated, truncated, info)."""
        actor = self.state.get("toMove", -2)
        request = {"type": "step", "id": self.id}
        if isinstance(action, str):
            request["move"] = action
        else:
            request["action"] = int(action)
        self.state = self.engine.request(request)
        rewards = self.state.get("rewards", [])
        reward = rewards[actor] if 0 <= actor < len(rewards) else 0.0
        return self.state.get("observation"), reward, bool(self.state.get("over")), False, self._info(self.state)

    def close(self):
        try:
            self.engine.request({"type": "close", "id": self.id})
        except EngineError:
            pass
