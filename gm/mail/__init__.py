"""The mail transport: the GM's mailbox over IMAP and his outgoing server over SMTP, the ports
the application (gm.app) is given. Nothing here decides what a message means."""
