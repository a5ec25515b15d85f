"""The session, the only owner of mutable UI state, with its helpers, files and background jobs."""
