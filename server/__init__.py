"""The stateless gRPC table service; all table state lives in Redis."""
