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
 * nginx (Debian's /usr/sbin/nginx) in the foreground on `core`, with its configuration, pid, logs and temporary
 * files in `dir`: one listening port per entry of `sites`, each proxying (keep-alive, WebSocket upgrades passed)
 * to its own upstream of instance addresses (host:port). Resolves with the http:// base of each site.
 */
export async function startNginx(dir: string, core: number, sites: string[][]) {
  const ports = await Promise.all(sites.map(() => freePort()));
  const conf = path.join(dir, 'nginx.conf');
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  fs.writeFileSync(
    conf,
    `user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
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
  .join('\n')}
}
`,
  );
  const child = spawn('taskset', ['-c', String(core), '/usr/sbin/nginx', '-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  for (const base of bases) await waitFor(`${base}/api/health`, child, 'nginx', 10);
  return { pid: child.pid!, bases, stop: stopper(child) };
}
