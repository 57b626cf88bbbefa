import { uploadedImageId } from './profile-photo';

const ID = '0b6c3c1e-8f7a-4c55-9a39-2f1d0c6b7e21';

describe('uploadedImageId', () => {
  it('reads the id of a stored image path', () => {
    expect(uploadedImageId(`/objects/${ID}`)).toBe(ID);
  });

  it.each([
    `https://evil.example/objects/${ID}`,
    `//evil.example/objects/${ID}`,
    `/objects/../objects/${ID}`,
    `/objects/${ID}/..`,
    `/objects/%2e%2e/${ID}`,
    `/objects/${ID}?w=320`,
    `/uploads/${ID}`,
    `/objects/${ID.toUpperCase()}`,
    '/objects/',
    '',
    42,
    null,
  ])('refuses %p', (url) => {
    expect(uploadedImageId(url)).toBeNull();
  });
});
