"""The benchmark scripts: speed and strength measurements, each run as a script
(`.venv/bin/python benchmarks/ai.py`, see docs/developers.md "Benchmarks").

A package so that the scripts import one another as `benchmarks.*` and mypy checks them
under those names."""
