"""NLP: one spaCy pass per turn into a TurnAnalysis."""
