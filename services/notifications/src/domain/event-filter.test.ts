import { EventFilter, MAX_EVENT_FILTERS, matchesEvent } from './event-filter';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from './public-event-types';

const receiving = (filter: string[]) => PUBLIC_EVENT_TYPES.filter((type) => matchesEvent(filter, type));

describe('event filter: matching', () => {
  it('when the list is empty, then every event is received', () => {
    expect(receiving([])).toEqual(PUBLIC_EVENT_TYPES);
  });

  it('when exact types are listed, then only those are received', () => {
    expect(receiving(['transfer.completed', 'item.stock_low'])).toEqual(['transfer.completed', 'item.stock_low']);
  });

  it('when a wildcard is listed, then every type of that first segment is received, and no other', () => {
    expect(receiving(['transfer.*'])).toEqual(['transfer.pending', 'transfer.completed', 'transfer.rejected', 'transfer.cancelled', 'transfer.reverted']);
    expect(receiving(['stock.*'])).toEqual(['stock.changed', 'stock.below_par', 'stock.par_restored']);
    expect(receiving(['item.*', 'location.deleted'])).toEqual(['item.created', 'item.updated', 'item.deleted', 'item.stock_low', 'item.stock_out', 'item.stock_ok', 'location.deleted']);
  });

  it('when a wildcard shares the start of another segment, then it does not match it', () => {
    expect(matchesEvent(['item.*'], 'webhook.test')).toBe(false);
    expect(matchesEvent(['stock.*'], 'item.stock_low' as PublicEventType)).toBe(false);
  });
});

describe('event filter: validation', () => {
  const problems = (events: unknown) => {
    const parsed = EventFilter.safeParse(events);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('when every entry is a known type or wildcard, then the list is accepted; so is an empty one', () => {
    expect(problems([])).toEqual([]);
    expect(problems([...PUBLIC_EVENT_TYPES])).toEqual([]);
    expect(problems(['transfer.*', 'stock.*', 'item.*', 'location.*', 'webhook.*', 'transfer.completed'])).toEqual([]);
  });

  it.each([
    ['transfer.done', 'is "transfer.done", which is not an event type'],
    ['Transfer.completed', 'is not an event type'],
    ['', 'is not an event type'],
    ['*', 'a wildcard may only be the whole last segment'],
    ['transfer*', 'a wildcard may only be the whole last segment'],
    ['transfer.comp*', 'a wildcard may only be the whole last segment'],
    ['*.completed', 'a wildcard may only be the whole last segment'],
    ['*.*', 'a wildcard may only be the whole last segment'],
    ['invoice.*', 'is "invoice.*", which matches no event type; the wildcards are transfer.*, stock.*, item.*, location.*, import.*, job.*, purchase_order.*, webhook.*'],
    ['transfer.completed.*', 'matches no event type'],
  ])('when an entry is %j, then it is refused at its index: %s', (entry, message) => {
    const [[path, text] = []] = problems(['item.created', entry]);
    expect(path).toBe('1');
    expect(text).toContain(message);
  });

  it('when an entry is given twice, then the second is refused naming the first', () => {
    expect(problems(['transfer.*', 'item.created', 'transfer.*'])).toEqual([['2', 'repeats events[0] ("transfer.*"); give each once']]);
  });

  it('when the list has more than 50 entries, or is not a list of strings, then it is refused', () => {
    const many = Array.from({ length: MAX_EVENT_FILTERS + 1 }, (_, i) => PUBLIC_EVENT_TYPES[i % PUBLIC_EVENT_TYPES.length]);
    expect(problems(many).map(([, message]) => message)).toContain('must have at most 50 entries');
    expect(problems('transfer.*')).toHaveLength(1);
    expect(problems([42])[0]?.[0]).toBe('0');
  });
});
