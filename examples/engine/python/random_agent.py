#!/usr/bin/env python3
"""A random agent over NornsEnv: plays episodes of a game with uniformly random legal actions and
prints how they went, then the environment's speed in steps per second, with one environment
and with several at once on one engine process.

    python3 examples/engine/python/random_agent.py --engine ./engine --game gnav --episodes 20
"""
import argparse
import json
import multiprocessing
import random
import sys
import time

from norns_env import Engine, NornsEnv


def play(env, rng, seed):
    obs, info = env.reset(seed=seed)
    steps, total = 0, 0.0
    while True:
        if info["legal_actions"]:
            action = rng.choice(info["legal_actions"])
        else:
            action = rng.choice(info["legal"])  # a game without an encoding: moves in notation
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        total += reward
        if terminated or truncated:
            return steps, info


def worker(args):
    """One process with its own engine: steps for `seconds` and returns how many it made."""
    engine_cmd, game, config, seconds, seed = args
    rng = random.Random(seed)
    steps = 0
    with Engine(engine_cmd.split()) as engine:
        env = NornsEnv(engine, game, config=json.loads(config), seed=seed)
        info = env.reset()[1]
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            action = rng.choice(info["legal_actions"]) if info["legal_actions"] else rng.choice(info["legal"])
            _, _, done, _, info = env.step(action)
            steps += 1
            if done:
                info = env.reset()[1]
        return steps / (time.perf_counter() - began)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="go run ./examples/engine", help="the engine command")
    ap.add_argument("--game", default="gnav")
    ap.add_argument("--config", default="{}", help="the game's config, JSON")
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--parallel", type=int, default=8, help="environments at once on one engine, for the second measure")
    ap.add_argument("--procs", type=int, default=0, help="also measure this many processes at once, each with its own engine")
    ap.add_argument("--seconds", type=float, default=2, help="how long each process measures")
    args = ap.parse_args()
    rng = random.Random(1)
    with Engine(args.engine.split()) as engine:
        env = NornsEnv(engine, args.game, config=json.loads(args.config))
        began, steps = time.perf_counter(), 0
        wins = {}
        for ep in range(args.episodes):
            n, info = play(env, rng, ep)
            steps += n
            for w in info["winners"]:
                wins[w] = wins.get(w, 0) + 1
        single = steps / (time.perf_counter() - began)
        obs_len = len(env.reset(seed=0)[0] or [])
        print(f"{args.game}: {args.episodes} episodes, {steps} steps, wins by seat {dict(sorted(wins.items()))}")
        # Several environments at once: step each in turn on the same engine.
        envs = [NornsEnv(engine, args.game, config=json.loads(args.config), seed=1000 + i) for i in range(args.parallel)]
        infos = [e.reset()[1] for e in envs]
        began, steps = time.perf_counter(), 0
        while steps < 20 * args.episodes * args.parallel and time.perf_counter() - began < 5:
            for i, e in enumerate(envs):
                info = infos[i]
                action = rng.choice(info["legal_actions"]) if info["legal_actions"] else rng.choice(info["legal"])
                _, _, done, _, infos[i] = e.step(action)
                steps += 1
                if done:
                    infos[i] = e.reset()[1]
        many = steps / (time.perf_counter() - began)
        print(f"observation length {obs_len}; steps per second: {single:.0f} with one environment, {many:.0f} with {args.parallel} at once on one engine")
    if args.procs > 0:
        with multiprocessing.Pool(args.procs) as pool:
            rates = pool.map(worker, [(args.engine, args.game, args.config, args.seconds, 7 + i) for i in range(args.procs)])
        print(f"steps per second with {args.procs} processes at once, each with its own engine: {sum(rates):.0f} in all")


if __name__ == "__main__":
    sys.exit(main())
