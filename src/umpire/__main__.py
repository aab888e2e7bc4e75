"""``python -m umpire`` runs the command line."""

from umpire.cli.main import main

main()
