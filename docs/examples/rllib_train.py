"""Train one PPO policy for every seat of a Las Vegas game with Ray RLlib (self-play, with
the legal-action mask), on the PettingZoo environment of ``lasvegas.adapters.pettingzoo``.

Needs more than the library's extras: ``pip install 'lasvegas-rules[pettingzoo,ray]' 'ray[rllib]'
torch``. Run it with ``python docs/examples/rllib_train.py --iterations 20``; add
``--edition cardgame`` (or ``royale``) for another edition, ``--address auto`` (or
``ray://HEAD:10001``) to train on a Ray cluster, ``--env-runners N`` for more sampling
processes. It is an example, not part of the test suite (RLlib and torch are large): it is
kept out of ``examples/``, whose scripts CI runs.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium as gym
import numpy as np
import ray
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic", choices=["classic", "royale", "cardgame"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--env-runners", type=int, default=1)
    parser.add_argument("--address", default=None, help="a Ray cluster (default: local)")
    args = parser.parse_args()

    ray.init(address=args.address)
    register_env("lasvegas", lambda ctx: make_env(args.edition, args.players, ctx.worker_index))
    config = (
        PPOConfig()
        .environment("lasvegas")
        .env_runners(num_env_runners=args.env_runners)
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
        .training(lr=3e-4, train_batch_size_per_learner=4000)
    )
    algo = config.build_algo()
    for iteration in range(1, args.iterations + 1):
        result = algo.train()
        runners = result.get("env_runners", {})
        # Every seat plays the shared policy and the rewards of a game sum to 1: the
        # per-seat means show what each seat gets (to measure progress, play the policy
        # against a fixed opponent, e.g. with `python -m lasvegas simulate`-style games).
        seats = runners.get("agent_episode_returns_mean", {})
        shown = ", ".join(f"{agent} {value:.3f}" for agent, value in sorted(seats.items()))
        print(f"iteration {iteration}: {runners.get('num_episodes', 0)} games; {shown}")
    print("checkpoint:", algo.save())
    ray.shutdown()


if __name__ == "__main__":
    main()
