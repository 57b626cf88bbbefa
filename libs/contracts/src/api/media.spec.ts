import { imageSourceChain } from './media';

describe('imageSourceChain', () => {
  it('tries webp, then jpeg, then the original for our stored images', () => {
    expect(imageSourceChain('/objects/posts/abc.png')).toEqual([
      '/objects/posts/abc.png?format=webp&w=640',
      '/objects/posts/abc.png?format=jpeg&w=640',
      '/objects/posts/abc.png',
    ]);
    expect(imageSourceChain('/uploads/a.jpg', 320)[0]).toBe('/uploads/a.jpg?format=webp&w=320');
  });

  it('appends to an existing query string', () => {
    expect(imageSourceChain('/uploads/a.jpg?v=2')[0]).toBe('/uploads/a.jpg?v=2&format=webp&w=640');
  });

  it('uses any other address as is', () => {
    expect(imageSourceChain('https://cdn.example/a.jpg')).toEqual(['https://cdn.example/a.jpg']);
    expect(imageSourceChain('/static/a.jpg')).toEqual(['/static/a.jpg']);
  });
});
