"""Detectors: one module per check, registered by name in kgcheck.registry."""
