"""`python -m benchmarks.abuse`: see the package's docstring, or --help."""

from .cli import main

if __name__ == "__main__":
    main()
