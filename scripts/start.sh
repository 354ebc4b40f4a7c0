#!/usr/bin/env bash
# `npm start`: install what is missing, build the site in release mode, serve dist/ on 127.0.0.1:8080.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(repo_root)"
bash scripts/bootstrap.sh
use_project_path
say "start: building the site (trunk build --release)"
trunk build
exec node scripts/serve.mjs --gzip --isolate --port "${PORT:-8080}"
