#!/usr/bin/env bash
# Generates one asset and saves the PNG; prints a one-line JSON summary (never the base64).
#
#   AGS_KEY=ags_… [AGS_BASE_URL=http://localhost:3000] generate.sh "prompt" [agentId] [out.png] [size] [--transparent]
#
# Retries network errors and retryable answers (429, 503, 409) with the same Idempotency-Key, so a
# retry never charges twice; waits for a generation that outlives the call (202) by polling it.
# Needs curl and jq.
set -euo pipefail

prompt=${1:?usage: generate.sh "prompt" [agentId] [out.png] [size] [--transparent]}
agent=${2:-}
out=${3:-asset.png}
size=${4:-}
transparent=false
for arg in "$@"; do [ "$arg" = "--transparent" ] && transparent=true; done
[ "$agent" = "--transparent" ] && agent=""
[ "$out" = "--transparent" ] && out=asset.png
[ "$size" = "--transparent" ] && size=""

base=${AGS_BASE_URL:-http://localhost:3000}
key=${AGS_KEY:-${AGS_API_KEY:-}}
[ -n "$key" ] || { echo "Set AGS_KEY to an API key (ags_…): create one in the web app (API keys) or with POST /api/keys." >&2; exit 2; }
command -v jq >/dev/null || { echo "generate.sh needs jq." >&2; exit 2; }

body=$(jq -n --arg prompt "$prompt" --arg agent "$agent" --arg size "$size" --argjson transparent "$transparent" '
  {prompt: $prompt}
  + (if $agent != "" then {agentId: $agent} else {} end)
  + (if $transparent then {transparent: true} else {} end)
  + (if $size != "" then {width: ($size | tonumber), height: ($size | tonumber)} else {} end)')
idempotency_key="gen-$(date +%s)-$$-$RANDOM"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

for attempt in 1 2 3 4 5; do
  status=$(curl -s -o "$tmp" -w '%{http_code}' "$base/api/v1/generate" \
    -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -H "Idempotency-Key: $idempotency_key" \
    -d "$body") || status=000
  if [ "$status" = 200 ] || [ "$status" = 202 ]; then break; fi
  retryable=$(jq -r '.error.retryable // false' "$tmp" 2>/dev/null || echo true)
  if [ "$status" = 000 ] || [ "$retryable" = true ]; then
    wait=$(jq -r '.error.details.retryAfterSeconds // 2' "$tmp" 2>/dev/null || echo 2)
    echo "attempt $attempt: ${status} $(jq -r '.error.message // "no answer"' "$tmp" 2>/dev/null || echo "no answer"); retrying in ${wait}s" >&2
    sleep "$wait"
    continue
  fi
  jq -c '.error | {code, message, param}' "$tmp" >&2 || cat "$tmp" >&2
  exit 1
done

id=$(jq -r .id "$tmp")
# 202: the generation outlived the call's wait (or was queued); poll it until it ends.
while [ "$(jq -r .status "$tmp")" = queued ] || [ "$(jq -r .status "$tmp")" = running ]; do
  sleep 2
  curl -s -o "$tmp" "$base/api/v1/generations/$id" -H "Authorization: Bearer $key"
done
if [ "$(jq -r .status "$tmp")" != succeeded ]; then
  jq -c '{id, status, error}' "$tmp" >&2
  exit 1
fi

b64=$(jq -r '.assets[0].b64 // empty' "$tmp")
if [ -n "$b64" ]; then
  printf '%s' "$b64" | base64 -d > "$out"
else
  curl -s -o "$out" "$base$(jq -r '.assets[0].url' "$tmp")" -H "Authorization: Bearer $key"
fi
jq -c --arg out "$out" '{id, agentId, width, height, file: $out, url: .assets[0].url, charged: .credits.charged, balance: .credits.balance}' "$tmp"
