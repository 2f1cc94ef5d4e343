print("roster: coming soon")
