"""Rule logic more than one layer needs: combat, stopping, stacking, deployment, victory."""
