"""Coverage and leak of each tool against what a visitor sees: Chromium's innerText
(issue [7]). ``python -m bench.visible`` runs the comparison; see bench/README.md."""
