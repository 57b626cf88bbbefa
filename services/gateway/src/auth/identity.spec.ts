import { identityFromClaims } from './identity';

const ISSUER = 'http://127.0.0.1:8090';

describe('identityFromClaims', () => {
  it('reads given and family names when the provider sends them', () => {
    expect(
      identityFromClaims(ISSUER, {
        iss: ISSUER,
        sub: 'abc',
        email: 'ada@example.com',
        given_name: 'Ada',
        family_name: 'Lovelace',
        name: 'Countess Ada',
      }),
    ).toEqual({
      issuer: ISSUER,
      subject: 'abc',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('splits `name` when there are no given/family names', () => {
    expect(identityFromClaims(ISSUER, { sub: 'abc', name: ' Ludwig  van Beethoven ' })).toMatchObject({
      firstName: 'Ludwig',
      lastName: 'van Beethoven',
    });
    expect(identityFromClaims(ISSUER, { sub: 'abc', name: 'Cher' })).toMatchObject({
      firstName: 'Cher',
      lastName: null,
    });
  });

  it('uses nulls for missing or blank claims and the discovered issuer when iss is absent', () => {
    expect(identityFromClaims(ISSUER, { sub: 'abc', email: '  ', given_name: 42 })).toEqual({
      issuer: ISSUER,
      subject: 'abc',
      email: null,
      firstName: null,
      lastName: null,
    });
  });

  it('refuses claims without a subject', () => {
    expect(() => identityFromClaims(ISSUER, { email: 'a@b.c' })).toThrow(/subject/);
  });
});
