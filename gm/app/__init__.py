"""The application: campaign operations the command line and the mail loop share (intake of
messages, answers, adjudication, pre-game orders, the outbox, the GM's digest). It works on a
campaign through its store and reaches the mail servers only through the ports it is given."""
