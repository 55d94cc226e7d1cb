"""Alembic migrations of the store, shipped inside the package and run at every start."""
