import { FailedAttempts, isTransientFailure, positionOf } from './failed-attempts';

/** An error as node-postgres raises it, with its SQLSTATE. */
const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isTransientFailure', () => {
  it.each([
    ['a deadlock', pgError('40P01')],
    ['a serialization failure', pgError('40001')],
    ['a connection failure', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['an administrator shutdown', pgError('57P01')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a refused connection', new Error('connect ECONNREFUSED 127.0.0.1:55432')],
    ['a Postgres that hangs (pg gave up waiting)', new Error('Query read timeout')],
  ])("counts %s as the database's, not the event's", (_what, error) => {
    expect(isTransientFailure(error)).toBe(true);
  });

  it.each([
    ['a handler bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint the event breaks', pgError('23503', 'violates foreign key constraint')],
    ['a value the event carries', pgError('22P02', 'invalid input syntax for type uuid')],
    ['something thrown that is not an Error', 'nope'],
  ])("counts %s as the event's", (_what, error) => {
    expect(isTransientFailure(error)).toBe(false);
  });
});

describe('FailedAttempts', () => {
  it('counts the attempts at each position until it is forgotten', () => {
    const attempts = new FailedAttempts(3);
    const poisoned = positionOf('post.liked.v1', 2, '41');

    expect(attempts.any).toBe(false);
    expect([attempts.record(poisoned), attempts.record(poisoned)]).toEqual([1, 2]);
    expect(attempts.record(positionOf('post.liked.v1', 3, '41'))).toBe(1);
    expect(attempts.any).toBe(true);

    attempts.forget(poisoned);
    expect(attempts.record(poisoned)).toBe(1);
    expect(attempts.max).toBe(3);
  });
});
