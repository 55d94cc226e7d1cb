"""Speed measurements, run by hand or by `make bench` (`python -m benchmarks`); never timed tests."""
