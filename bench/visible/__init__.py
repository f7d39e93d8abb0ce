"""Coverage and leak of each tool against what a visitor sees: Chromium's innerText.
``python -m bench.visible`` runs the comparison; bench/README.md says how."""
