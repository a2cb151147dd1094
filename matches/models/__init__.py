"""Models of the matches app: tournaments, registrations, matches."""
