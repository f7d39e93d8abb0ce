"""Training the main-content selector on the WCXB development split (see README.md)."""
