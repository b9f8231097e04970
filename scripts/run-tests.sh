#!/usr/bin/env bash
# Every vitest project at once. Vitest runs a project whose files go one at a time (e2e: one Chromium on
# two cores) only after all the other projects are done, which left a core idle for ten minutes; two runs
# side by side keep both cores busy (docs/decisions.md "The suite's time"). Arguments go to both runs.
set -uo pipefail
cd "$(dirname "$0")/.."

npx vitest run --passWithNoTests --project e2e "$@" &
e2e=$!
npx vitest run --passWithNoTests --project domain --project web --project server "$@"
rest=$?
wait "$e2e"
e2e_status=$?
echo "domain, web and server: exit ${rest}; e2e: exit ${e2e_status}"
[ "$rest" -eq 0 ] && [ "$e2e_status" -eq 0 ]
