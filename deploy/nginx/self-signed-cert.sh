#!/bin/sh
# Make a self-signed TLS certificate for the front door, unless there is one already.
#
#   sh self-signed-cert.sh DIR
#
# Writes DIR/tls.crt and DIR/tls.key (EC P-256, valid 825 days) when either is missing;
# with both present (a real certificate, or one made before) it changes nothing. The
# certificate names TLS_NAMES (default "localhost 127.0.0.1 ::1"): DNS names and IP
# addresses, separated by spaces or commas; the first is its common name. Clients trust
# it by taking tls.crt as their root certificate (docs/operations.md).
set -eu

dir=${1:?usage: self-signed-cert.sh DIR}
if [ -s "$dir/tls.crt" ] && [ -s "$dir/tls.key" ]; then
    echo "TLS: using the certificate in $dir"
    exit 0
fi

names=$(echo "${TLS_NAMES:-localhost 127.0.0.1 ::1}" | tr ',' ' ')
subject_alt_names=""
common_name=""
for name in $names; do
    case "$name" in
        *:*) entry="IP:$name" ;;        # IPv6
        *[!0-9.]*) entry="DNS:$name" ;; # a name
        *) entry="IP:$name" ;;          # IPv4
    esac
    subject_alt_names="${subject_alt_names:+$subject_alt_names,}$entry"
    common_name=${common_name:-$name}
done
if [ -z "$common_name" ]; then
    echo "TLS_NAMES names nothing" >&2
    exit 1
fi

mkdir -p "$dir"
umask 077
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 825 \
    -subj "/CN=$common_name" -addext "subjectAltName=$subject_alt_names" \
    -keyout "$dir/tls.key.new" -out "$dir/tls.crt.new" 2>/dev/null
chmod 644 "$dir/tls.crt.new"
mv "$dir/tls.key.new" "$dir/tls.key"
mv "$dir/tls.crt.new" "$dir/tls.crt"
echo "TLS: made a self-signed certificate for $subject_alt_names in $dir"
