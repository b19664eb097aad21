import os

# The C core's own log lines (a failed TLS handshake, say) would break the client's rule
# of one sentence per failure; the client reports every failure itself.
os.environ.setdefault("GRPC_VERBOSITY", "ERROR")

from client.terminal import main  # after the verbosity: it loads gRPC

main()
