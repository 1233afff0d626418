"""Campaign set-up (15.0, postal 17.0 [15.0]): deal, trading session, deployment, first draw."""
