import { Contention, DependencyAway, PastCapacity } from '../errors';
import { databaseRefusal } from './refusals';
import { CommitOutcomeUnknown } from './transaction';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseRefusal', () => {
  it.each([
    ['a pool wait past connectionTimeoutMillis', new Error('timeout exceeded when trying to connect'), PastCapacity, /past its capacity.*nothing was changed/],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), DependencyAway, /PostgreSQL.*unavailable.*nothing was changed/],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly'), DependencyAway, /PostgreSQL.*unavailable.*nothing was changed/],
    ['a connection lost once COMMIT was on its way', new CommitOutcomeUnknown(new Error('Connection terminated unexpectedly')), DependencyAway, /PostgreSQL.*it may have been done.*same Idempotency-Key/],
    ['a session on a demoted primary (25006)', pgError('25006'), DependencyAway, /PostgreSQL.*unavailable/],
    ['a server shutting down (57P01)', pgError('57P01'), DependencyAway, /PostgreSQL.*unavailable/],
    ['a statement timeout (57014)', pgError('57014'), PastCapacity, /past its capacity/],
    ['a lock not granted (55P03)', pgError('55P03'), Contention, /contention/],
    ['a deadlock that outlived the retries (40P01)', pgError('40P01'), Contention, /contention/],
    ['a serialisation failure (40001)', pgError('40001'), Contention, /contention/],
  ])('when the failure is %s, then it is the retryable refusal of its cause, naming the service', (_what, err, cause, message) => {
    const refusal = databaseRefusal(err, 'stock');
    expect(refusal).toBeInstanceOf(cause);
    expect(refusal).toMatchObject({ status: 429, code: 'rate_limit_exceeded', message: expect.stringMatching(message) });
    expect(refusal!.message).toMatch(/stock service|same stock/);
    expect(refusal!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['a check violation (a bug: the ledger must never try)', pgError('23514')],
    ['a syntax error', pgError('42601')],
    ['a plain Error', new Error('boom')],
    ['a non-error', 'boom'],
  ])('when the failure is %s, then it is no refusal (it stays a 500)', (_what, err) => {
    expect(databaseRefusal(err, 'stock')).toBeUndefined();
  });
});
