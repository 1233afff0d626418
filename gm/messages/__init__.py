"""Mail as text: reading what players send (any client, any charset), recognising what must
not be answered (RFC 3834), keeping no password at rest, and composing what the GM sends.
Pure: bytes in, values out; no network, no clock, no store."""
