"""``python -m webfold``: the command line."""

from webfold.cli import main_entry

main_entry()
