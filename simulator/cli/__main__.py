"""`python -m simulator.cli`: the same command line as `monopoly-mc`."""
from simulator.cli import main

main()
