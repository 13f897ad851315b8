/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type ConfigEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { FIRST_VISIT_GROUPS, splitTranslations } from './src/i18n/firstVisit';

/** The browser's build only (not the server's build of the first screen, `vite build --ssr`). */
const forTheBrowser = (_config: unknown, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

/** Text files worth compressing; images, fonts (woff2 is already compressed) and the like are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

/** The path of every file under a folder, at any depth. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    return [path.join(entry.parentPath, entry.name)];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the built app, at the strongest settings
 * (done once at build time, not on each request), so the server sends them as they are (@fastify/static
 * preCompressed). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: forTheBrowser,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder are both written. zlib's asynchronous calls run on its thread pool: the
    // files are compressed side by side, one per core.
    async closeBundle() {
      const brotli = promisify(zlib.brotliCompress);
      const gzip = promisify(zlib.gzip);
      const writeSmaller = async (file: string, raw: Buffer) => {
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
        if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
      };
      await Promise.all(
        filesUnder(outDir)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const raw = await fs.promises.readFile(file);
            if (raw.length >= MIN_BYTES) await writeSmaller(file, raw);
          }),
      );
    },
  };
}

/**
 * Builds a script of its own with esbuild, minified, under a fixed name at the site's root: the service worker
 * (dist/sw.js: its scope is the site, the page registers it by name and the server revalidates it on every visit), the
 * loader of the app's script in the pages the server renders (dist/first-screen.js, apps/server/src/lib/first-screen.ts)
 * and the script sending a screen's start call before the app's script has been read (dist/early-start.js).
 */
function standaloneScript(entry: string, fileName: string): Plugin {
  return {
    name: `portal-script-${fileName}`,
    apply: forTheBrowser,
    async generateBundle() {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2022',
        legalComments: 'none',
      });
      const [output] = result.outputFiles;
      if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
      this.emitFile({ type: 'asset', fileName, source: output.text });
    },
  };
}

/**
 * `import x from './en.json?first-visit'` gives the groups of a translation file listed in FIRST_VISIT_GROUPS,
 * `'./en.json?rest'` the others (src/i18n/firstVisit.ts says why).
 */
function firstVisitTranslations(): Plugin {
  const PREFIX = '\0portal-translations:';
  return {
    name: 'portal-first-visit-translations',
    enforce: 'pre',
    async resolveId(source, importer) {
      const [, json, part] = /^(.*\.json)\?(first-visit|rest)$/.exec(source) ?? [];
      if (!json || !part || !importer) return null;
      const file = await this.resolve(json, importer, { skipSelf: true });
      // Not ending in .json, so that the JSON plugin leaves the module to this one.
      return file ? `${PREFIX}${part}:${file.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [part, ...rest] = id.slice(PREFIX.length).split(':');
      const file = rest.join(':').replace(/\.js$/, '');
      this.addWatchFile(file);
      const [firstVisit, others] = splitTranslations(JSON.parse(fs.readFileSync(file, 'utf8')), FIRST_VISIT_GROUPS);
      // JSON.parse of a string literal is faster for the browser than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part === 'first-visit' ? firstVisit : others))});`;
    },
  };
}

/**
 * antd's button styles import `isBright` from the colour picker's presets panel, and with it the whole Collapse
 * component (rc-collapse included), which rolldown cannot drop (its module assigns properties at load). Every page
 * has a button, so every first visit paid for a Collapse it never shows. That one import is answered by the same
 * function alone (antd 6's own code, below); the presets panel itself, wherever it is used, is untouched.
 */
function buttonWithoutCollapse(): Plugin {
  const ID = '\0portal-antd-is-bright';
  return {
    name: 'portal-antd-button-without-collapse',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../../color-picker/components/ColorPresets' &&
        importer?.endsWith('/antd/es/button/style/token.js')
      )
        return ID;
      return null;
    },
    load(id) {
      if (id !== ID) return null;
      return `import { Color as RcColor } from '@rc-component/color-picker';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;
    },
  };
}

const backend = process.env.PORTAL_BACKEND ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild, mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server's build renders as the browser's does: React's and antd's production builds (same class names), or
  // both development builds (`--mode development`, which name what differs when hydration fails).
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') }
    : {},
  plugins: [
    firstVisitTranslations(),
    buttonWithoutCollapse(),
    react(),
    standaloneScript('src/features/offline/service-worker.ts', 'sw.js'),
    standaloneScript('src/app/firstScreenLoader.ts', 'first-screen.js'),
    standaloneScript('src/app/earlyStart.ts', 'early-start.js'),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/stomp': { target: backend, ws: true, changeOrigin: true },
      '/stomp-chat': { target: backend, ws: true, changeOrigin: true },
    },
  },
  // The server's build of the first screen (app/renderFirstScreen.tsx) carries its dependencies (antd's ES modules
  // are not Node's), except jsdom, DOMPurify's DOM there, which is the server's own dependency.
  ssr: { noExternal: true, external: ['jsdom'] },
  build: {
    outDir: 'dist',
    // Which CSS and modules each page needs: the server links them in the first screen's HTML.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Every browser the portal supports (ES2022) preloads modules itself: no polyfill in the first script.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // Pages are split by React.lazy; what the first visit needs is one chunk (below), about 1.3 MB before compression.
    chunkSizeWarningLimit: 1400,
    rolldownOptions: {
      // The shared contract has no side effects: what the browser does not use (the zod schemas) is left out.
      treeshake: { moduleSideEffects: [{ test: /\/packages\/shared\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          // What every first visit needs (the modules the entry imports statically: React, the router, the antd parts
          // of the layout, i18n) is one file instead of ~70: on a link with a long round trip each file costs one
          // (Lighthouse, mobile: first paint of /login 5.3 → 3.4 s).
          groups: [{ name: 'initial', tags: ['$initial'] }],
          // A screen's code in a handful of files, not dozens: the small chunks that the automatic splitting makes
          // for code two screens share are copied into each screen's file (one state per module all the same: the
          // copies register with rolldown's runtime). The large libraries several screens use (antd's table,
          // select, tree and tabs, zod, DOMPurify) stay files of their own, fetched once for all screens. Chunks
          // holding styles stay files, so each style sheet is emitted once. Measured on the build (static imports
          // of a screen, brotli): the offers list 64 files → 16, the editor 63 → 14, the dashboard 16 → 6, at
          // the same bytes ±2 %.
          experimentalInlineCommonChunks: isSsrBuild
            ? undefined
            : {
                maxSize: Infinity,
                exclude: [
                  /\.css(?:\?|$)/,
                  /node_modules[\\/](?:@rc-component[\\/](?:table|select|tree|tabs|virtual-list)|zod|dompurify)[\\/]/,
                ],
              },
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/test/setup.ts'],
    // antd screens under jsdom take 1–3 s each on a quiet 2-core machine; a busy one must not turn that into a failure.
    testTimeout: 20_000,
  },
}));
