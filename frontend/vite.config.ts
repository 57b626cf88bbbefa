/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
    tailwindcss(),
    precacheInServiceWorker(),
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
    sourcemap: true,
    rollupOptions: {
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'tanstack';
          if (id.includes('node_modules/zod/')) return 'zod';
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // A focused test (`it.only`) fails the run in CI instead of silently skipping the rest.
    allowOnly: !process.env.CI,
  },
});
