// `npm run build:server`: the server (and the shared package it imports) compiled to JavaScript in
// apps/server/dist, so production runs `node apps/server/dist/main.js` with no development tool.
// esbuild compiles and bundles our own code (apps/server/src and packages/shared/src) into one self-contained ES module
// per entry point (no shared chunks: config.ts and db/client.ts locate the repository and the migrations from
// their own module's address, which must be apps/server/dist/<entry>.js); every npm package stays an import resolved from node_modules at run time (native modules such
// as argon2 and the Typst compiler cannot be bundled, and `npm ci --omit=dev` must be enough to run).
// The SQL migrations are copied next to the bundles (db/client.ts looks for them beside its own module).
import { build } from 'esbuild';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const outdir = path.join(server, 'dist');

/** Bare imports are npm packages, left to Node; the workspace's own shared package is compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@portal/shared' || args.path.startsWith('@portal/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The commands production runs with plain node (`node apps/server/dist/main.js`). Each dist/<name>.js checks the Node
 * version first (scripts/require-node.cjs, copied beside it) and only then imports its bundle, dist/<name>-run.js:
 * a static check inside the bundle would run after its packages had already loaded.
 */
const COMMANDS = {
  main: 'apps/server/src/main.ts',
  'seed-cli': 'apps/server/src/db/seed-cli.ts',
  'gats-import': 'apps/server/src/modules/gats/import-cli.ts',
  // The OpenAPI document of the compiled app, for the linter (scripts/openapi-document.mjs).
  'openapi-document': 'apps/server/src/openapi/write-document.ts',
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    ...Object.fromEntries(Object.entries(COMMANDS).map(([name, source]) => [`${name}-run`, source])),
    // The embedded database's thread: db/pglite-thread.ts starts it from beside the bundle that runs (main.js…).
    'pglite-worker': 'apps/server/src/db/pglite-worker.ts',
  },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
await cp(path.join(server, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
await cp(path.join(root, 'scripts/require-node.cjs'), path.join(outdir, 'require-node.cjs'));
for (const name of Object.keys(COMMANDS)) {
  const entry = `import './require-node.cjs';\nawait import('./${name}-run.js');\n`;
  await writeFile(path.join(outdir, `${name}.js`), entry);
}

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`server compiled to ${path.relative(root, outdir)} (${Math.round(bytes / 1024)} KiB with source maps)`);
