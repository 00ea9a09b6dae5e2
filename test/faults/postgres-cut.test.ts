import { expectStartUpWaitsFor, withLogs } from './fault-stack';
import { postgresOutageCases } from './postgres-outage';

const stack = postgresOutageCases('cut');

it(
  'when the stock service starts while PostgreSQL is cut, then it waits, saying so, without exiting, and is ready soon after PostgreSQL is back',
  withLogs(stack, () => expectStartUpWaitsFor(stack(), 'stock', 'postgres', /waiting for PostgreSQL/)),
);
