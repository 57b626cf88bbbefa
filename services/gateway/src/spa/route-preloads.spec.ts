import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryFolders } from '@daybreak/testing';
import { dataFor, readRoutePreloads, routeMatcher, withPreloads } from './route-preloads';

const newFolder = temporaryFolders('route-preloads-');

const routes = [
  { path: '/profile/$userId', files: ['/assets/_userId-a.js', '/assets/profile-page-b.js'] },
  { path: '/profile', files: ['/assets/profile-c.js', '/assets/profile-page-b.js'] },
  { path: '/blog/$postId', files: ['/assets/_postId-d.js'] },
  { path: '/', files: ['/assets/routes-e.js'] },
];

describe('route preloads', () => {
  const filesFor = routeMatcher(routes);

  it('finds the route of a path, with or without a trailing slash', () => {
    expect(filesFor('/')).toEqual(['/assets/routes-e.js']);
    expect(filesFor('/blog/rise-early')).toEqual(['/assets/_postId-d.js']);
    expect(filesFor('/blog/rise-early/')).toEqual(['/assets/_postId-d.js']);
  });

  it('prefers a route without parameters, as the router does', () => {
    expect(filesFor('/profile')).toEqual(['/assets/profile-c.js', '/assets/profile-page-b.js']);
    expect(filesFor('/profile/42')).toEqual(['/assets/_userId-a.js', '/assets/profile-page-b.js']);
  });

  it('preloads nothing for a path no route owns', () => {
    expect(filesFor('/blog')).toEqual([]);
    expect(filesFor('/blog/a/b')).toEqual([]);
    expect(filesFor('/nowhere')).toEqual([]);
  });

  it("preloads the home feed's first page, the address the SPA reads it from", () => {
    expect(dataFor('/')).toEqual(['/api/posts?limit=10&offset=0']);
    expect(dataFor('/landing')).toEqual([]);
  });

  it("preloads a post page's three reads, for a well-formed id only", () => {
    const id = '3f1c2b8e-5d4a-4c6b-9e7f-0a1b2c3d4e5f';
    expect(dataFor(`/post/${id}`)).toEqual([
      `/api/posts/${id}`,
      `/api/posts/${id}/comments`,
      `/api/posts/${id}/badges`,
    ]);
    expect(dataFor('/post/not-a-post')).toEqual([]);
    expect(dataFor(`/post/${id}/more`)).toEqual([]);
  });

  it('writes one preload a script, API read or image before </head>, and leaves the page alone without any', () => {
    const html = '<html><head><title>Daybreak</title></head><body></body></html>';
    const page = withPreloads(html, {
      scripts: ['/assets/a.js'],
      data: ['/api/posts?limit=10&offset=0'],
      images: ['/objects/p.jpg?format=webp&w=640'],
    });
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/a.js" />\n' +
        '    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/posts?limit=10&amp;offset=0" />\n' +
        '    <link rel="preload" as="image" fetchpriority="high" href="/objects/p.jpg?format=webp&amp;w=640" />\n' +
        '  </head>',
    );
    expect(withPreloads(html, { scripts: [], data: [] })).toBe(html);
    expect(withPreloads(html, { scripts: [], data: [], images: [] })).toBe(html);
  });

  it("reads the build's list, and finds none in a build without one", async () => {
    const folder = newFolder();
    const file = path.join(folder, 'route-preloads.json');
    expect(await readRoutePreloads(file)).toEqual([]);
    writeFileSync(file, JSON.stringify(routes));
    expect(await readRoutePreloads(file)).toEqual(routes);
  });
});
