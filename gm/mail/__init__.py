"""The campaign by mail: IMAP in, SMTP out, through the store so nothing is lost or doubled."""
