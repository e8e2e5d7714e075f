"""Reading text: cleaning, language detection, notes, procedures, areas of life and the
sensitivity model's reader by meaning."""
