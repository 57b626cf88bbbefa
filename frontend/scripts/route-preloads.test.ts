import { describe, expect, it } from 'vitest';
import { routePathOf, routePreloads } from './route-preloads.mjs';

describe('route preloads', () => {
  it('names routes as the router does: index is its folder, $name a parameter', () => {
    expect(routePathOf('index')).toBe('/');
    expect(routePathOf('landing')).toBe('/landing');
    expect(routePathOf('blog/index')).toBe('/blog');
    expect(routePathOf('blog/$postId')).toBe('/blog/$postId');
    expect(routePathOf('share/post/$id')).toBe('/share/post/$id');
  });

  it("lists each route's scripts that the entry does not load already, and only its screen's", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'] },
      '_react-2.js': { file: 'assets/react-2.js' },
      '_icon-3.js': { file: 'assets/icon-3.js', imports: ['_react-2.js'] },
      '_card-4.js': { file: 'assets/card-4.js', imports: ['_icon-3.js'], css: ['assets/card-4.css'] },
      'src/routes/blog/$postId.tsx?tsr-split=component': {
        file: 'assets/_postId-5.js',
        imports: ['_react-2.js', 'index.html', '_card-4.js'],
      },
      'src/routes/blog/$postId.tsx?tsr-split=errorComponent': { file: 'assets/_postId-6.js' },
      'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-7.js', imports: ['_icon-3.js'] },
    };
    expect(routePreloads(manifest)).toEqual([
      { path: '/blog/$postId', files: ['/assets/_postId-5.js', '/assets/card-4.js', '/assets/icon-3.js'] },
      { path: '/', files: ['/assets/routes-7.js', '/assets/icon-3.js'] },
    ]);
  });
});
