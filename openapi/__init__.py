"""The committed OpenAPI spec and the script that writes and checks it."""
