import { pageOf } from './page';

describe('pageOf', () => {
  it("passes the query's limit and offset on as given, for the service to check, and nothing else", () => {
    expect(pageOf({ limit: '20', offset: '40', q: 'ana' })).toEqual({ limit: '20', offset: '40' });
    expect(pageOf({ limit: 'many' })).toEqual({ limit: 'many', offset: undefined });
    expect(pageOf(undefined)).toEqual({ limit: undefined, offset: undefined });
  });
});
