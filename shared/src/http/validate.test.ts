import { z } from '../zod';
import { AppError, BadRequest, docUrl, ERROR_STATUS, type ErrorCode } from '../errors';
import { parseInput } from './validate';
import { checkQuery, parseJsonBody } from './untrusted-input';

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

const Transfer = z.strictObject({ lines: z.array(z.object({ itemId: z.string(), quantity: z.number().positive() })) });

describe('validation errors name the offending input as param', () => {
  it('when a nested body field is invalid, then param is its path, Stripe style', () => {
    const err = thrown(() => parseInput(Transfer, { lines: [{ itemId: 'a', quantity: 1 }, { itemId: 'b', quantity: -1 }] }, 'body'));
    expect(err.toEnvelope().error).toMatchObject({ code: 'bad_request', param: 'lines[1].quantity', message: 'lines[1].quantity must be greater than 0.' });
  });

  it('when a body carries an unknown key, then param names that key', () => {
    expect(thrown(() => parseInput(Transfer, { lines: [], colour: 'red' }, 'body')).param).toBe('colour');
  });

  it('when a query array element is invalid, then param is the parameter name alone', () => {
    const Query = z.object({ tagIds: z.array(z.uuid()) });
    expect(thrown(() => parseInput(Query, { tagIds: ['x'] }, 'query')).param).toBe('tagIds');
  });

  it('when a body is not an object at all, then no param is given', () => {
    expect(thrown(() => parseInput(Transfer, [], 'body')).toEnvelope().error).not.toHaveProperty('param');
  });

  it('when a body string or a query value holds a NUL, then param names it', () => {
    expect(thrown(() => parseJsonBody(Buffer.from('{"lines":[{"note":"a\\u0000"}]}'))).param).toBe('lines[0].note');
    expect(thrown(() => checkQuery({ search: 'a\u0000' })).param).toBe('search');
  });
});

describe('every envelope links its code to the API reference', () => {
  it.each(Object.keys(ERROR_STATUS) as ErrorCode[])('when an error is %s, then doc_url points at its section of /docs', (code) => {
    expect(new AppError(code, 'x').toEnvelope().error.doc_url).toBe(`/docs#section/Errors/${code}`);
    expect(docUrl(code)).toBe(`/docs#section/Errors/${code}`);
  });

  it('when an error has no param, then the envelope has none', () => {
    expect(Object.keys(new BadRequest('x').toEnvelope().error)).toEqual(['code', 'message', 'doc_url']);
  });
});
