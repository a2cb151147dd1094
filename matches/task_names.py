"""The names of the matches app's Celery tasks: services enqueue by name (through the outbox) and
tasks register under these names, so services never import the task modules (no import cycle)."""

SNAPSHOT_STANDINGS = "matches.snapshot_standings"
UPDATE_RATINGS = "matches.update_ratings"
REPLAY_LOG = "matches.replay_log"
REPLAY_LOGS = "matches.replay_logs"
REPLAY_TOURNAMENT = "matches.replay_tournament"
EXPIRE_RESPONSE_WINDOW = "matches.expire_response_window"
NOTIFY_PAIRINGS = "matches.notify_pairings"
FLAG_GAME = "matches.flag_game"
SWEEP_CLOCKS = "matches.sweep_clocks"
PLAY_BOT_MOVE = "matches.play_bot_move"
SWEEP_BOTS = "matches.sweep_bots"
