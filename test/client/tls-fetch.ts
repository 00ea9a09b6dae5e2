import fs from 'node:fs';
import { fetchTrustingCa } from '../../scripts/support/ca-fetch';

/** A fetch for the typed client that verifies the gateway's TLS against this run's self-signed certificate (as test/support/api.ts does). */
export function fetchTrustingTestCa(): (request: Request) => Promise<Response> {
  return fetchTrustingCa(fs.readFileSync(process.env.TEST_GATEWAY_CA!, 'utf8'));
}
