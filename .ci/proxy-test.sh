#!/usr/bin/env bash
# The operator's topology, tried end to end: the compiled server installed with `npm ci --omit=dev` in a
# scratch copy, three instances started at once on an empty PostgreSQL database (portal_proxy_ci), Redis, the
# S3-compatible store of scripts/s3-local.mjs, then two of them behind nginx (Debian's package, configured by
# deploy/nginx.conf) on plain HTTP under the host name portal.ci.test. A second nginx runs the same file with its TLS
# and HTTP/2 as written, on a self-signed certificate made here with openssl: it must answer in HTTP/2, pass a built
# asset's .br and .gz copies through byte for byte, and redirect plain HTTP. .ci/proxy-rolling.mjs restarts the two
# instances behind nginx in turn under load (writers, readers, live listeners) as docs/operations.md says and counts
# what was lost; .ci/proxy-checks.mjs then signs in with Chromium through the proxy, sends a chat message across
# instances, forges X-Forwarded-For, and stops instance A with SIGTERM under load. Prints its figures.
# Needs: PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379, /usr/bin/chromium, curl with HTTP/2, the repository's
# node_modules and its build (`npm run build`, done here when missing); nginx and openssl are installed when missing.
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
  for f in "$work/nginx.pid" "$work/nginx-tls.pid"; do [ -f "$f" ] && { kill "$(cat "$f")" 2>/dev/null || true; }; done
  wait 2>/dev/null || true
  if [ "${KEEP_PROXY_TEST:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
  echo "proxy test FAILED: $1" >&2
  for f in "$work"/instance-*.log "$work"/nginx*-error.log; do
    [ -f "$f" ] && { echo "--- $f (last lines)"; tail -n 15 "$f" | cut -c1-400; }
  done
  exit 1
}

if ! command -v nginx >/dev/null || ! command -v openssl >/dev/null; then
  say "installing nginx and openssl from Debian"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx openssl >/dev/null
fi
[[ $(curl -V) == *" HTTP2"* ]] || fail "this curl has no HTTP/2"
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

# The http context around one adapted copy of deploy/nginx.conf ($2), with $3 workers: pid, logs and temporary files
# named after $1.
nginx_main() {
  mkdir -p "$work/$1-tmp"
  cat >"$work/$1.conf" <<EOF
user root;
worker_processes $3;
pid $work/$1.pid;
error_log $work/$1-error.log warn;
events { worker_connections 1024; }
http {
  access_log $work/$1-access.log;
  client_body_temp_path $work/$1-tmp/body;
  proxy_temp_path $work/$1-tmp/proxy;
  fastcgi_temp_path $work/$1-tmp/fastcgi;
  uwsgi_temp_path $work/$1-tmp/uwsgi;
  scgi_temp_path $work/$1-tmp/scgi;
  include $2;
}
EOF
}

# nginx as deploy/nginx.conf has it, with the CI's addresses and host name, plain HTTP instead of TLS and HTTP/2 (what
# follows speaks plain HTTP/1.1), and proxy_bind 127.0.0.2: the one address the instances trust (TRUST_PROXY) for
# X-Forwarded-For. Lines ending in "# TLS" (certificate, protocols, session cache, the port-80 redirect) go.
sed -e "s/10\.0\.1\.11:8080/127.0.0.1:${ports[0]}/; s/10\.0\.1\.12:8080/127.0.0.1:${ports[1]}/" \
  -e 's/listen 443 ssl http2;/listen 127.0.0.1:18180;/; s/portal\.example\.org/portal.ci.test/; /# TLS$/d' \
  -e 's/^\( *\)proxy_pass http:\/\/portal;/&\n\1proxy_bind 127.0.0.2;/' deploy/nginx.conf >"$work/portal.conf"
# Comments may name ssl and http2; no setting may.
grep -q "server 127.0.0.1:${ports[1]} max_fails" "$work/portal.conf" && grep -q 'proxy_bind 127.0.0.2' "$work/portal.conf" &&
  ! grep -q '^[^#]*\(example\|ssl\|http2\)' "$work/portal.conf" ||
  fail "deploy/nginx.conf no longer has the lines this script adapts"
nginx_main nginx "$work/portal.conf" 2
nginx -p "$work" -c "$work/nginx.conf" || fail "nginx did not start"
say "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') on 127.0.0.1:18180 as portal.ci.test (deploy/nginx.conf)"

# The same file with its TLS and HTTP/2 as written: only the addresses, the ports (18443, and 18181 for the port-80
# redirect), the host name and the certificate paths change; the certificate is self-signed, made here.
sed -e "s/10\.0\.1\.11:8080/127.0.0.1:${ports[0]}/; s/10\.0\.1\.12:8080/127.0.0.1:${ports[1]}/" \
  -e 's/listen 443 ssl http2;/listen 127.0.0.1:18443 ssl http2;/; s/listen 80;/listen 127.0.0.1:18181;/' \
  -e "s/portal\.example\.org/portal.ci.test/; s|/etc/ssl/portal\.|$work/portal.|" deploy/nginx.conf >"$work/portal-tls.conf"
grep -q 'listen 127.0.0.1:18443 ssl http2;' "$work/portal-tls.conf" && grep -q 'listen 127.0.0.1:18181;' "$work/portal-tls.conf" &&
  grep -q "ssl_certificate_key $work/portal.key;" "$work/portal-tls.conf" ||
  fail "deploy/nginx.conf no longer has the TLS lines this script adapts"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=portal.ci.test \
  -keyout "$work/portal.key" -out "$work/portal.crt" 2>/dev/null || fail "openssl could not make a certificate"
nginx_main nginx-tls "$work/portal-tls.conf" 1
nginx -p "$work" -c "$work/nginx-tls.conf" || fail "nginx with TLS did not start"
tls=https://127.0.0.1:18443
answer=$(curl --http2 -k -sI "$tls/" -o /dev/null -w '%{http_version} %{http_code}')
[ "$answer" = "2 200" ] || fail "the TLS server answered '$answer' to HEAD /, not HTTP/2 200"
# A built script with both copies: asked with each encoding, it must come as the portal sent it, byte for byte.
asset=""
for br in apps/web/dist/assets/*.js.br; do
  [ -f "${br%.br}.gz" ] && { asset=${br#apps/web/dist/}; asset=${asset%.br}; break; }
done
[ -n "$asset" ] || fail "no built script has both a .br and a .gz copy"
for enc in br gzip; do
  copy="apps/web/dist/$asset.${enc/gzip/gz}"
  curl --http2 -k -s -D "$work/tls-headers" -H "accept-encoding: $enc" "$tls/$asset" -o "$work/tls-body" ||
    fail "GET /$asset over TLS"
  tr -d '\r' <"$work/tls-headers" >"$work/tls-headers.txt"
  grep -qix "content-encoding: $enc" "$work/tls-headers.txt" && grep -qi '^vary:.*accept-encoding' "$work/tls-headers.txt" &&
    cmp -s "$work/tls-body" "$copy" ||
    fail "/$asset asked as $enc is not $copy with Content-Encoding and Vary: $(tr '\n' ' ' <"$work/tls-headers.txt")"
done
redirect=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' http://127.0.0.1:18181/login)
[ "$redirect" = "301 https://127.0.0.1/login" ] || fail "port 80's server answered '$redirect', not a redirect to https"
kill "$(cat "$work/nginx-tls.pid")"
say "TLS as written (127.0.0.1:18443): HTTP/2, /$asset as br and gzip byte for byte as built, port 80 redirects"

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
