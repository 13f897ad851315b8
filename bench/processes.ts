import crypto from 'node:crypto';
// Server processes for benchmarks that measure the portal as it runs in production: the compiled server
// (apps/server/dist/main.js under plain node) started as separate OS processes, each pinned to a core with taskset,
// nginx from Debian in front of them, and the CPU time each process used, read from /proc.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../apps/server/src/config.js';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // gone
  }
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Pins this process and all its threads (a load generator's worker threads included) to one core. */
export function pinSelf(core: number) {
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
}

/** A TCP port free at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Compiles the server as `npm run build:server` does, so that what runs is the current source. */
export function buildServer() {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build:server failed');
}

export interface ServerProcess {
  pid: number;
  api: string;
  core: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess | null, what: string, seconds = 90) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) while starting`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready within ${seconds} s`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * Starts `node --max-semi-space-size=32 --enable-source-maps apps/server/dist/main.js` (as `npm run serve` does) on
 * `core` (taskset execs node: the pid is the server's) with the given settings; its log (JSON lines) goes to
 * `logFile`. Resolves once /api/ready answers 200.
 */
export async function startServer(options: {
  core: number;
  env: Record<string, string>;
  logFile: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(
    'taskset',
    [
      '-c',
      String(options.core),
      process.execPath,
      '--max-semi-space-size=32',
      '--enable-source-maps',
      'apps/server/dist/main.js',
    ],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const api = `http://127.0.0.1:${port}/api`;
  await waitFor(`${api}/ready`, child, `the server on core ${options.core}`);
  return { pid: child.pid!, api, core: options.core, stop: stopper(child) };
}

/**
 * Writes `dir`/nginx.conf, a main configuration of one worker with its pid, error log and temporary files in `dir`, its
 * http block holding `http` (the sites); the path of the file.
 */
function writeNginxMain(dir: string, workerConnections: number, http: string): string {
  const conf = path.join(dir, 'nginx.conf');
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  fs.writeFileSync(
    conf,
    `user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections ${workerConnections}; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${http}
}
`,
  );
  return conf;
}

/**
 * nginx (Debian's /usr/sbin/nginx) in the foreground on `core`, with its configuration, pid, logs and temporary
 * files in `dir`: one listening port per entry of `sites`, each proxying (keep-alive, WebSocket upgrades passed)
 * to its own upstream of instance addresses (host:port). Resolves with the http:// base of each site.
 */
export async function startNginx(dir: string, core: number, sites: string[][]) {
  const ports = await Promise.all(sites.map(() => freePort()));
  const conf = writeNginxMain(
    dir,
    4096,
    `  access_log off;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
${sites
  .map(
    (servers, i) => `  upstream site${i} { ${servers.map((s) => `server ${s};`).join(' ')} keepalive 32; }
  server {
    listen 127.0.0.1:${ports[i]};
    location / {
      proxy_pass http://site${i};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
  }`,
  )
  .join('\n')}`,
  );
  const child = spawn('taskset', ['-c', String(core), '/usr/sbin/nginx', '-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  for (const base of bases) await waitFor(`${base}/api/health`, child, 'nginx', 10);
  return { pid: child.pid!, bases, stop: stopper(child) };
}

/**
 * A self-signed certificate for 127.0.0.1 made with openssl in `dir` (the browser is told to ignore certificate
 * errors): the paths of its certificate and key.
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'portal.crt');
  const key = path.join(dir, 'portal.key');
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' });
  return { cert, key };
}

/** The base64 SHA-256 of a certificate's public key (what Chromium's --ignore-certificate-errors-spki-list takes). */
export function spkiHash(cert: string): string {
  const key = new crypto.X509Certificate(fs.readFileSync(cert)).publicKey.export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha256').update(key).digest('base64');
}

/** Why nginx running deploy/nginx.conf with TLS cannot be started here (nginx or openssl missing), or null. */
export function deployNginxMissing(): string | null {
  if (!fs.existsSync('/usr/sbin/nginx'))
    return 'nginx is not installed (/usr/sbin/nginx; Debian: apt-get install nginx)';
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).error) return 'openssl is not installed';
  return null;
}

async function waitForPort(port: number, child: ChildProcess, what: string, seconds = 10) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) while starting`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not listening within ${seconds} s`);
}

/**
 * nginx (Debian's /usr/sbin/nginx) in the foreground running deploy/nginx.conf with its TLS and HTTP/2 as written, as
 * .ci/proxy-test.sh does: its two instances replaced by `upstream` (host:port, twice), 443 by a free port on
 * 127.0.0.1, the certificate by a self-signed one made in `dir`, the port-80 redirect left out. Its access log
 * (`dir`/access.log) has one line per request: the protocol, the method and the path. Resolves once it listens.
 */
export async function startDeployNginx(dir: string, upstream: string, { cert, key }: { cert: string; key: string }) {
  const port = await freePort();
  const site = fs
    .readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8')
    .replace(/^server \{ +# TLS\n[\s\S]*?^\} +# TLS\n/m, '')
    .replace(/10\.0\.1\.\d+:8080/g, upstream)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
    .replace('/etc/ssl/portal.crt', cert)
    .replace('/etc/ssl/portal.key', key);
  if (!site.includes(`${port} ssl http2;`) || /10\.0\.1\.|\/etc\/ssl\/|listen 80;/.test(site))
    throw new Error('deploy/nginx.conf no longer has the lines startDeployNginx adapts');
  fs.writeFileSync(path.join(dir, 'portal.conf'), site);
  const conf = writeNginxMain(
    dir,
    1024,
    `  log_format protocol '$server_protocol $request_method $uri';
  access_log ${dir}/access.log protocol;
  include ${dir}/portal.conf;`,
  );
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A bench that fails (an uncaught timeout) exits without stopping it: nginx would stay, listening, behind it.
  process.once('exit', () => child.kill('SIGTERM'));
  await waitForPort(port, child, 'nginx');
  // `nginx -v` writes "nginx version: nginx/1.22.1" on standard error.
  const version = spawnSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr.replace(/^.*: /, '').trim();
  return { port, version, accessLog: path.join(dir, 'access.log'), stop: stopper(child) };
}
