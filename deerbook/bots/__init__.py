"""Agents (bots): every agent that plays deerbook's games, and the catalogue that names them."""
