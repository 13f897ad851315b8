#!/usr/bin/env bash
# The operator's topology, tried end to end (issue 11): the compiled server installed with `npm ci --omit=dev` in a
# scratch copy, three instances started at once on an empty PostgreSQL database (portal_proxy_ci), Redis, the
# S3-compatible store of scripts/s3-local.mjs, then two of them behind nginx (Debian's package, configured by
# deploy/nginx.conf) on plain HTTP under the host name portal.ci.test; .ci/proxy-rolling.mjs restarts both in turn
# under load (writers, readers, live listeners) as docs/operations.md says and counts what was lost; .ci/proxy-checks.mjs
# then signs in with Chromium through the proxy, sends a chat message across instances, forges X-Forwarded-For, and
# stops instance A with SIGTERM under load. Prints its figures.
# Needs: PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379, /usr/bin/chromium, the repository's node_modules and
# its build (`npm run build`, done here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
started=$(date +%s)
say() { printf '[proxy-test %3ss] %s\n' "$(($(date +%s) - started))" "$1"; }

work=$(mktemp -d /tmp/portal-proxy-ci.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for f in "$work"/instance-*.pid; do [ -f "$f" ] && { kill "$(cat "$f")" 2>/dev/null || true; }; done
  if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  if [ "${KEEP_PROXY_TEST:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
  echo "proxy test FAILED: $1" >&2
  for f in "$work"/instance-*.log "$work"/nginx-error.log; do
    [ -f "$f" ] && { echo "--- $f (last lines)"; tail -n 15 "$f" | cut -c1-400; }
  done
  exit 1
}

if ! command -v nginx >/dev/null; then
  say "installing nginx from Debian"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ] || [ ! -f apps/web/dist-ssr/renderFirstScreen.js ]; then
  say "building (npm run build)"
  npm run build >/dev/null
fi

say "scratch copy with production dependencies only (npm ci --omit=dev)"
app="$work/app"
mkdir -p "$app"
git ls-files -z --cached --others --exclude-standard | grep -zv '^data/' | rsync -a --from0 --files-from=- . "$app/"
git ls-files -z data/reference | rsync -a --from0 --files-from=- . "$app/"
rsync -a apps/server/dist/ "$app/apps/server/dist/"
rsync -a apps/web/dist/ "$app/apps/web/dist/"
rsync -a apps/web/dist-ssr/ "$app/apps/web/dist-ssr/"
t=$(date +%s)
(cd "$app" && npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null)
[ ! -e "$app/node_modules/tsx" ] && [ ! -e "$app/node_modules/esbuild" ] && [ ! -e "$app/node_modules/vite" ] ||
  fail "a development dependency was installed"
say "npm ci --omit=dev: $(($(date +%s) - t)) s, $(du -sm "$app/node_modules" | cut -f1) MB, no tsx/esbuild/vite"

say "fresh database portal_proxy_ci, Redis database 7 emptied, S3-compatible store"
psql -q -h 127.0.0.1 -U postgres -d postgres -c 'drop database if exists portal_proxy_ci' -c 'create database portal_proxy_ci'
redis-cli -h 127.0.0.1 -n 7 flushdb >/dev/null
S3_LOCAL_PORT=18199 S3_LOCAL_DIR="$work/s3" node scripts/s3-local.mjs >"$work/s3.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do grep -q 'S3-compatible server' "$work/s3.log" && break; sleep 0.2; done

export DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_proxy_ci
rate_limit=40
instance_env=(
  "DATABASE_URL=$DATABASE_URL" "REDIS_URL=redis://127.0.0.1:6379/7" "SEED_DEMO=true" "HOST=127.0.0.1"
  "JWT_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" "DATA_DIR=$work/data"
  "S3_BUCKET=portal-files" "S3_ENDPOINT=http://127.0.0.1:18199" "S3_ACCESS_KEY_ID=S3RVER" "S3_SECRET_ACCESS_KEY=S3RVER"
  "TRUST_PROXY=127.0.0.2" "PUBLIC_URL=http://portal.ci.test:18180" "RATE_LIMIT_TOKEN_PER_MINUTE=$rate_limit"
  "NODE_ENV=production"
)

say "three compiled instances started at once on the empty database"
t=$(date +%s%N)
ports=(18101 18102 18103)
ipids=()
for i in 0 1 2; do
  (cd "$app" && exec env "${instance_env[@]}" "PORT=${ports[$i]}" node --enable-source-maps apps/server/dist/main.js) \
    >"$work/instance-$i.log" 2>&1 &
  ipids+=($!)
  pids+=($!)
done
for i in 0 1 2; do
  ready=""
  for _ in $(seq 1 600); do
    kill -0 "${ipids[$i]}" 2>/dev/null || fail "instance $i exited while starting"
    if curl -sf "http://127.0.0.1:${ports[$i]}/api/ready" >/dev/null; then ready=1; break; fi
    sleep 0.1
  done
  [ -n "$ready" ] || fail "instance $i not ready within 60 s"
done
say "all three ready $((($(date +%s%N) - t) / 1000000)) ms after the start (migrations under the advisory lock)"
kill -TERM "${ipids[2]}"
wait "${ipids[2]}" || fail "instance 2 did not stop cleanly on SIGTERM"
say "the third instance stopped cleanly on SIGTERM; A (18101) and B (18102) stay"

# A and B from here on: restarted by the rolling restart with this script (a pid file and a log per port).
cat >"$work/start-instance.sh" <<EOF
#!/usr/bin/env bash
cd $(printf %q "$app")
echo \$\$ >"$work/instance-\$1.pid"
exec env $(printf '%q ' "${instance_env[@]}") PORT="\$1" node --enable-source-maps apps/server/dist/main.js \\
  >>"$work/instance-\$1.log" 2>&1
EOF
echo "${ipids[0]}" >"$work/instance-${ports[0]}.pid"
echo "${ipids[1]}" >"$work/instance-${ports[1]}.pid"

# nginx as deploy/nginx.conf has it, with the CI's addresses and host name, plain HTTP instead of TLS, and
# proxy_bind 127.0.0.2: the one address the instances trust (TRUST_PROXY) for X-Forwarded-For.
mkdir -p "$work/nginx-tmp"
sed -e "s/10\.0\.1\.11:8080/127.0.0.1:${ports[0]}/; s/10\.0\.1\.12:8080/127.0.0.1:${ports[1]}/" \
  -e 's/listen 443 ssl;/listen 127.0.0.1:18180;/; s/portal\.example\.org/portal.ci.test/; /# TLS$/d' \
  -e 's/^\( *\)proxy_pass http:\/\/portal;/&\n\1proxy_bind 127.0.0.2;/' deploy/nginx.conf >"$work/portal.conf"
grep -q "server 127.0.0.1:${ports[1]} max_fails" "$work/portal.conf" && grep -q 'proxy_bind 127.0.0.2' "$work/portal.conf" &&
  ! grep -q 'example\|ssl' "$work/portal.conf" || fail "deploy/nginx.conf no longer has the lines this script adapts"
cat >"$work/nginx.conf" <<EOF
user root;
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log $work/nginx-access.log;
  client_body_temp_path $work/nginx-tmp/body;
  proxy_temp_path $work/nginx-tmp/proxy;
  fastcgi_temp_path $work/nginx-tmp/fastcgi;
  uwsgi_temp_path $work/nginx-tmp/uwsgi;
  scgi_temp_path $work/nginx-tmp/scgi;
  include $work/portal.conf;
}
EOF
nginx -p "$work" -c "$work/nginx.conf" || fail "nginx did not start"
say "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') on 127.0.0.1:18180 as portal.ci.test (deploy/nginx.conf)"

# The procedure of docs/operations.md: per instance SIGTERM, its exit, start, /api/ready 200, then this wait.
roll_wait=3
say "rolling restart under load: each instance SIGTERM, exit, start, /api/ready 200, then ${roll_wait} s"
PROXY_URL=http://portal.ci.test:18180 PROXY_ADDR=http://127.0.0.1:18180 OUTBOX="$work/data/outbox" \
  INSTANCES="${ports[0]},${ports[1]}" PID_DIR="$work" START_INSTANCE="$work/start-instance.sh" \
  ROLL_WAIT_SECONDS=$roll_wait node .ci/proxy-rolling.mjs || fail "the rolling restart"

say "presence after a crash: SIGKILL an instance with a viewer in a room, start it again, post on the other"
PROXY_URL=http://portal.ci.test:18180 PROXY_ADDR=http://127.0.0.1:18180 OUTBOX="$work/data/outbox" \
  INSTANCES="${ports[0]},${ports[1]}" PID_DIR="$work" START_INSTANCE="$work/start-instance.sh" \
  node .ci/proxy-crash.mjs || fail "presence after a crash"

PROXY_URL=http://portal.ci.test:18180 PROXY_ADDR=http://127.0.0.1:18180 INSTANCE_A=http://127.0.0.1:18101 \
  INSTANCE_B=http://127.0.0.1:18102 PID_A="$(cat "$work/instance-${ports[0]}.pid")" OUTBOX="$work/data/outbox" \
  RATE_LIMIT=$rate_limit node .ci/proxy-checks.mjs || fail "a check failed"
! grep -q 'shutdown took too long' "$work"/instance-*.log || fail "an instance needed the hard exit"
! grep -q '"level":50' "$work"/instance-*.log || fail "an instance logged an error"
say "proxy test passed in $(($(date +%s) - started)) s"
