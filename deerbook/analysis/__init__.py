"""Analysis over the engine: exact odds, seeded batches, simulations and the balance study."""
