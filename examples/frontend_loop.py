"""A minimal front-end loop: what a terminal, web or chat front-end does around the library.

The front-end holds the state; each player (human or bot) is sent only their own view
(``lv.observe``) and the events of each step as they may see them (``lv.observe_events``),
turned into text with ``lv.describe`` and ``lv.describe_event``. Chance nodes are rolled by
the library's seeded generator (a front-end with real dice would enter the roll instead).

Here seat 0 stands for a human who always takes the first choice offered (replace
``ask_human`` by a prompt, a button or a chat message), and seat 1 is a greedy bot.

Run it with ``python examples/frontend_loop.py``.
"""

from __future__ import annotations

import lasvegas as lv
from lasvegas.agents import GreedyAgent


def ask_human(view: lv.PlayerView, choices: list[str]) -> int:
    """The front-end's question to the human: here, always the first choice."""
    return 0


def main() -> None:
    """Play one game of classic Las Vegas, human (seat 0) against a greedy bot (seat 1)."""
    human = 0
    bot = GreedyAgent(seed=2)
    dice = lv.Rng(1)
    state = lv.new_game(lv.classic(players=2))
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            action = lv.sample_chance(state, dice)
        elif mover == human:
            view = lv.observe(state, human)  # everything the human may know, nothing more
            choices = [lv.describe(a, state) for a in view.legal]
            action = view.legal[ask_human(view, choices)]
            print(f"[you] {choices[view.legal.index(action)]}")
        else:
            action = bot.choose(lv.observe(state, mover), lv.legal_actions(state))
        step = lv.step(state, action)
        for event in lv.observe_events(step, human):  # what the human's screen shows
            if isinstance(event, lv.NoteDealt | lv.TurnStarted | lv.CasinoPaid):
                continue  # a real front-end would animate these
            print("   ", lv.describe_event(event, step.state))
        state = step.state

    result = lv.standings(state)
    print("Money:", ", ".join(f"seat {s} ${m:,}" for s, m in enumerate(result.money)))
    print("You win!" if human in result.winners else "The bot wins.")


if __name__ == "__main__":
    main()
