import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishedSourceMaps } from './source-maps.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('source maps in the production build', () => {
  it('are not written by Vite', () => {
    // In a process of its own: Vite's config loader (esbuild) needs Node's globals, not jsdom's.
    const sourcemap = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { loadConfigFromFile } from 'vite';
         const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, 'vite.config.ts');
         console.log(JSON.stringify(loaded.config.build.sourcemap));`,
      ],
      { cwd: path.resolve(__dirname, '..'), encoding: 'utf8' },
    );
    expect(JSON.parse(sourcemap)).toBe(false);
  });

  it('finds none in a build without them', () => {
    const dir = build({
      'index.html': '<!doctype html>',
      'assets/index-1.js': 'export const a = 1; // sourceMappingURL is a word here, not a comment\n',
      'assets/index-1.css': 'a{color:red}',
    });
    expect(publishedSourceMaps(dir)).toEqual([]);
  });

  it('names each map and each script or style that points at one', () => {
    const dir = build({
      'assets/index-1.js': 'export const a = 1;\n//# sourceMappingURL=index-1.js.map\n',
      'assets/index-1.js.map': '{"version":3}',
      'assets/index-2.css': 'a{color:red}\n/*# sourceMappingURL=index-2.css.map */',
      'sw.js': 'self.x = 1;\n//@ sourceMappingURL=data:application/json;base64,e30=\n',
    });
    expect(publishedSourceMaps(dir)).toEqual([
      'assets/index-1.js has a sourceMappingURL comment',
      'assets/index-1.js.map is a source map',
      'assets/index-2.css has a sourceMappingURL comment',
      'sw.js has a sourceMappingURL comment',
    ]);
  });
});
