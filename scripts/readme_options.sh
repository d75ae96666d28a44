#!/usr/bin/env bash
# scripts/readme_options.sh - the replay option tables are part of
# docs/reference.md now: the same --check / --write, by scripts/reference.sh.
exec bash "$(dirname "$0")/reference.sh" "$@"
