"""Match file formats: streaming readers and writers, a registry, content sniffing."""
