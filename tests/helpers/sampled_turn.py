"""One Deer turn played once, for the Monte Carlo checks of the exact turn walk."""
from deerbook.bots.deer_turn_walk import TurnAccount
from deerbook.deer.state import DeerState
from deerbook.engine.agents import shown_to
from deerbook.engine.seeding import Rng


def sample_turn(state: DeerState, agent, rng: Rng) -> TurnAccount:
    """Play the rest of the current turn once: chance from the engine's own outcomes (as the seeded
    runner samples them, Three Deer Heads loops included), decisions by `agent`."""
    turn = TurnAccount.start(state, None)
    while not turn.over():
        s = turn.inner
        if s.is_chance_node():
            action = s.sample_chance(rng)
        else:
            action = agent.act(shown_to(agent, s, s.current_player()), s.legal_actions(), rng)
        turn = turn._apply(action)
    return turn
