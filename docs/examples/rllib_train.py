"""Train one PPO policy for every seat of a Las Vegas game with Ray RLlib (self-play, with
the legal-action mask), on the PettingZoo environment of ``lasvegas.adapters.pettingzoo``.

Needs more than the library's extras: ``pip install 'lasvegas-rules[pettingzoo,ray]'
'ray[rllib]' torch``. Run it with ``python docs/examples/rllib_train.py --iterations 20``;
add ``--edition cardgame`` (or ``royale``) for another edition, ``--address auto`` (or
``ray://HEAD:10001``) to train on a Ray cluster, ``--env-runners N`` for more sampling
processes. Every ``--eval-every`` iterations (and at the end) the policy plays
``--eval-games`` games in seat 0 against uniformly random players, greedily among its legal
actions: its mean ``win_loss`` return there is the figure to watch (``1 / players`` is what
a random player gets). It is an example, not part of the test suite (RLlib and torch are
large): it is kept out of ``examples/``, whose scripts CI runs.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium as gym
import numpy as np
import ray
import torch
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.tune.registry import register_env

import lasvegas as lv
from lasvegas.adapters.pettingzoo import env as lasvegas_env


class MaskedObservations(BaseWrapper):  # type: ignore[misc]
    """RLlib's action-masking module reads ``"observations"`` and a float ``"action_mask"``;
    the environment gives ``"observation"`` and an ``int8`` mask."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._spaces = {}
        for agent in env.possible_agents:
            space = env.observation_space(agent)
            mask = space["action_mask"]
            self._spaces[agent] = gym.spaces.Dict(
                {
                    "observations": space["observation"],
                    "action_mask": gym.spaces.Box(0.0, 1.0, mask.shape, np.float32),
                }
            )

    def observation_space(self, agent: str) -> Any:
        return self._spaces[agent]

    def observe(self, agent: str) -> Any:
        observation = self.env.observe(agent)
        return {
            "observations": observation["observation"],
            "action_mask": observation["action_mask"].astype(np.float32),
        }


def make_env(edition: str, players: int, seed: int) -> PettingZooEnv:
    """The RLlib multi-agent env: lasvegas's env() (PettingZoo's standard wrappers), masked."""
    config = getattr(lv, edition)(players)
    return PettingZooEnv(MaskedObservations(lasvegas_env(config, reward="win_loss", seed=seed)))


def evaluate(module: Any, edition: str, players: int, games: int, seed: int) -> float:
    """The mean ``win_loss`` return of *module* (greedy among its legal actions) in seat 0
    against uniformly random players, over *games* seeded games."""
    config = getattr(lv, edition)(players)
    rng = np.random.default_rng(seed)
    total = 0.0
    for game in range(games):
        table = lasvegas_env(config, reward="win_loss", seed=seed + game)
        table.reset()
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if agent == "seat_0":
                total += reward
            if terminated or truncated:
                action = None
            elif agent == "seat_0":
                batch = {
                    "obs": {
                        "observations": torch.as_tensor(observation["observation"][None]),
                        "action_mask": torch.as_tensor(
                            observation["action_mask"][None].astype(np.float32)
                        ),
                    }
                }
                with torch.no_grad():
                    logits = module.forward_inference(batch)["action_dist_inputs"]
                action = int(torch.argmax(logits[0]))
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            table.step(action)
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic", choices=["classic", "royale", "cardgame"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--env-runners", type=int, default=1)
    parser.add_argument("--eval-every", type=int, default=5)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--address", default=None, help="a Ray cluster (default: local)")
    args = parser.parse_args()

    ray.init(address=args.address)
    register_env("lasvegas", lambda ctx: make_env(args.edition, args.players, ctx.worker_index))
    config = (
        PPOConfig()
        .environment("lasvegas")
        # a busy machine may take more than RLlib's 60 s to sample a batch: wait for it
        .env_runners(num_env_runners=args.env_runners, sample_timeout_s=600)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",  # self-play
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [256, 256]},
                    )
                }
            )
        )
        # 4,000 steps a batch, 10 passes over it in minibatches of 500: RLlib's defaults
        # (30 passes, minibatches of 128) take minutes an iteration on a CPU
        .training(lr=3e-4, train_batch_size_per_learner=4000, minibatch_size=500, num_epochs=10)
    )
    algo = config.build_algo()

    def report() -> None:
        score = evaluate(
            algo.get_module("shared"), args.edition, args.players, args.eval_games, seed=10_000
        )
        print(f"  against random players: {score:.3f} (a random player: {1 / args.players:.3f})")

    report()
    for iteration in range(1, args.iterations + 1):
        result = algo.train()
        runners = result.get("env_runners", {})
        # Every seat plays the shared policy and the rewards of a game sum to 1: the
        # per-seat means stay near 1 / players; the games against random players show
        # the progress.
        seats = runners.get("agent_episode_returns_mean", {})
        shown = ", ".join(f"{agent} {value:.3f}" for agent, value in sorted(seats.items()))
        print(f"iteration {iteration}: {runners.get('num_episodes', 0)} games; {shown}")
        if iteration % args.eval_every == 0 or iteration == args.iterations:
            report()
    saved = algo.save()
    print("checkpoint:", getattr(getattr(saved, "checkpoint", None), "path", saved))
    ray.shutdown()


if __name__ == "__main__":
    main()
