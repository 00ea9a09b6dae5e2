import { isConnectionError, isTransientDatabaseError } from './pool';

describe('isConnectionError', () => {
  it.each([
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a session ended by pg_terminate_backend', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a silent server (client-side query timeout)', new Error('Query read timeout')],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a session on a primary a failover demoted (read-only transaction)', Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' })],
  ])('when %s, then true', (_what, err) => {
    expect(isConnectionError(err)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a statement timeout (the connection is fine)', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['a check violation', Object.assign(new Error('violates check constraint'), { code: '23514' })],
    ['nothing', undefined],
  ])('when %s, then false', (_what, err) => {
    expect(isConnectionError(err)).toBe(false);
  });
});

describe('isTransientDatabaseError', () => {
  it('when the failure is about the connection, a timeout, a lock wait, a serialisation failure or a deadlock, then true', () => {
    for (const code of ['57014', '55P03', '40001', '40P01', '57P01']) expect(isTransientDatabaseError(Object.assign(new Error(code), { code }))).toBe(true);
  });

  it('when the failure is about the data, then false', () => {
    for (const code of ['23505', '23514', '22P02']) expect(isTransientDatabaseError(Object.assign(new Error(code), { code }))).toBe(false);
    expect(isTransientDatabaseError(new Error('handler bug'))).toBe(false);
  });
});
