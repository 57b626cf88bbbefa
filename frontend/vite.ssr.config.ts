import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption, type UserConfig } from 'vite';
import appConfig from './vite.config';

/**
 * The server render's build (ADR 0032): src/entry-server.tsx as one CommonJS file with every package
 * in it, in dist/.server/ (the gateway serves no dot folders), for the gateway to require. The app's
 * own config without the plugins that post-process the browser's build (service worker, compressed
 * copies, route preloads and the first route's budget).
 */
const browserOnly = (plugin: PluginOption) =>
  !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name.startsWith('daybreak-'));

const config = appConfig as UserConfig;

export default defineConfig({
  ...config,
  plugins: (config.plugins ?? []).filter(browserOnly),
  ssr: { noExternal: true, target: 'node' },
  // React's production build, as in the browser (the gateway may run without NODE_ENV).
  define: { ...config.define, 'process.env.NODE_ENV': JSON.stringify('production') },
  // Its own, not merged: the browser's chunking does not apply to one file.
  build: {
    ssr: fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)),
    outDir: 'dist/.server',
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rollupOptions: {
      output: { format: 'cjs', entryFileNames: 'entry-server.cjs', inlineDynamicImports: true },
    },
  },
});
