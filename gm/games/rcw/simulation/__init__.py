"""Random legal orders and whole random campaigns: for tests, benchmarks and fixtures."""
