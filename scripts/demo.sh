#!/usr/bin/env bash
# scripts/demo.sh - on a fresh Debian 12 machine as root: install PostgreSQL 15
# and its server headers if missing, build and install the extension, start a
# throwaway cluster as the postgres user and run the demo (scripts/demo.sql).
# KEEP_CLUSTER=1 leaves the cluster's files behind (it is stopped either way).
source "$(dirname "$0")/lib.sh"

ensure_packages
build_and_install
start_cluster
log "running the demo"
psql -X -q -d postgres -f "$REPO_ROOT/scripts/demo.sql"
