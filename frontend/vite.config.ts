/// <reference types="vitest/config" />
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { describeFirstRoute, firstRouteSize, FIRST_ROUTE_BUDGET_KB } from './scripts/first-route-size.mjs';
import { writeRoutePreloads } from './scripts/route-preloads.mjs';
import { publishedSourceMaps } from './scripts/source-maps.mjs';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Everything the gateway serves besides the SPA itself; in dev the SPA runs on Vite and forwards these.
 * `DAYBREAK_GATEWAY_URL` points the dev server at a gateway elsewhere (another port, a stub).
 */
const gateway = process.env.DAYBREAK_GATEWAY_URL ?? 'http://127.0.0.1:8080';

/**
 * Writes this build's JavaScript and CSS into dist/sw.js, so the service worker precaches the app
 * shell, and each build (new hashes, new list) installs a new worker that drops the old cache.
 */
function precacheInServiceWorker(): Plugin {
  const marker = 'const PRECACHE = [];';
  let files: string[] = [];
  return {
    name: 'daybreak-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      files = Object.keys(bundle)
        .filter((name) => /\.(js|css)$/.test(name))
        .map((name) => `/${name}`)
        .sort();
    },
    writeBundle(options) {
      const worker = path.join(options.dir ?? fromHere('./dist'), 'sw.js');
      const source = readFileSync(worker, 'utf8');
      if (!source.includes(marker)) throw new Error(`${worker} has no "${marker}" to fill in`);
      writeFileSync(worker, source.replace(marker, `const PRECACHE = ${JSON.stringify(files)};`));
    },
  };
}

/**
 * TanStack's store selects with `use-sync-external-store/shim/with-selector`, whose shim re-implements
 * useSyncExternalStore for React before 18. React 19 has it: the package's own with-selector uses
 * React's, and the first page does not carry the shim (0.4 KB gzip).
 */
function reactsOwnExternalStore(): Plugin {
  return {
    name: 'daybreak-reacts-own-external-store',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
            replacement: 'use-sync-external-store/with-selector.js',
          },
        ],
      },
    }),
  };
}

/** Text the gateway serves as it is; index.html is not among them (it gets each page's tags per request). */
const PRECOMPRESSED = /\.(js|css|svg|webmanifest|json|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text file of the build, at the highest
 * levels (the build pays once, every visit gains); the gateway picks one by Accept-Encoding. After
 * every other plugin's writeBundle, so sw.js carries its precache list.
 */
function precompress(): Plugin {
  let outDir = fromHere('./dist');
  const compressBrotli = promisify(brotliCompress);
  const compressGzip = promisify(gzip);
  return {
    name: 'daybreak-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Not .vite/ (the manifest): the gateway serves no dot folders.
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter(
        (file) => PRECOMPRESSED.test(file) && !file.startsWith('.'),
      );
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < PRECOMPRESS_MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            compressBrotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            compressGzip(source, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (brotli.length < source.length) await writeFile(path.join(outDir, `${file}.br`), brotli);
          if (gzipped.length < source.length) await writeFile(path.join(outDir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/**
 * After each build, from its manifest: prints the first route's JavaScript (gzip) and fails the build
 * over the budget, then writes the scripts each route needs, for the gateway's modulepreload tags;
 * and fails it if it would publish a source map (scripts/source-maps.mjs).
 */
function fromManifest(): Plugin {
  let outDir = fromHere('./dist');
  return {
    name: 'daybreak-from-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const size = firstRouteSize(outDir);
      this.info(`\n${describeFirstRoute(size)}`);
      if (size.totalKb > FIRST_ROUTE_BUDGET_KB)
        this.error(
          `The first route's JavaScript is ${size.totalKb.toFixed(1)} KB gzip, over ${FIRST_ROUTE_BUDGET_KB} KB`,
        );
      writeRoutePreloads(outDir);
      const maps = publishedSourceMaps(outDir);
      if (maps.length > 0) this.error(`The build would publish source maps:\n  ${maps.join('\n  ')}`);
    },
  };
}

export default defineConfig({
  plugins: [
    // Must run before the React plugin: it generates routeTree.gen.ts and splits route chunks.
    tanstackRouter({
      target: 'react',
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      routeFileIgnorePattern: '\\.test\\.tsx?$',
      quoteStyle: 'single',
      semicolons: true,
      autoCodeSplitting: true,
    }),
    react(),
    reactsOwnExternalStore(),
    tailwindcss(),
    precacheInServiceWorker(),
    precompress(),
    fromManifest(),
  ],
  resolve: {
    alias: {
      '@daybreak/contracts': fromHere('../libs/contracts/src/index.ts'),
      '@daybreak/content': fromHere('../libs/content/src/index.ts'),
      '@': fromHere('./src'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/objects': { target: gateway, changeOrigin: false },
      '/uploads': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // None published: a map gives away the original sources (scripts/source-maps.mjs checks the build).
    sourcemap: false,
    // For the first route's size and the route preloads (scripts/); the gateway does not serve dot folders.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router change far less often than ours: separate chunks stay cached across
        // deploys. Every other package goes with the code that uses it, so a library only one screen
        // needs (Radix dialogs, tabs) loads with that screen rather than with the first page.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'tanstack';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Analytics sends nothing in unit tests unless one sets a collector (src/lib/analytics.test.ts).
    env: { VITE_ANALYTICS_URL: 'off' },
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // A focused test (`it.only`) fails the run in CI instead of silently skipping the rest.
    allowOnly: !process.env.CI,
  },
});
