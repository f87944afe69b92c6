"""One package per game; each exposes GAME, an instance of rules_engine.game.Game."""
