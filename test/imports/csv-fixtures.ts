import { type ApiResponse, request } from '../support/api';
import { eventually, type TestWorkspace } from '../support/fixtures';

/** POST /imports with `csv` as the body, for the workspace's owner (or `key`). */
export function sendCsv(ws: TestWorkspace, kind: string, csv: string | Buffer, options: { dryRun?: boolean; mode?: string; key?: string; headers?: Record<string, string>; workspaceId?: string } = {}): Promise<ApiResponse> {
  return request('POST', '/imports', {
    key: options.key ?? ws.ownerKey,
    query: { workspaceId: options.workspaceId ?? ws.id, kind, ...(options.dryRun ? { dryRun: true } : {}), ...(options.mode ? { mode: options.mode } : {}) },
    rawBody: csv,
    headers: { 'content-type': 'text/csv', ...options.headers },
  });
}

/** The job once it has ended (completed or failed). */
export async function finished(ws: TestWorkspace, id: string, timeoutMs = 30_000): Promise<any> {
  return eventually(
    `import ${id} to end`,
    async () => {
      const res = await ws.owner.get(`/imports/${id}`);
      return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : undefined;
    },
    timeoutMs,
  );
}

/** Sends and waits for the end: the job as it ended. */
export async function imported(ws: TestWorkspace, kind: string, csv: string, options: { dryRun?: boolean; mode?: string } = {}): Promise<any> {
  const res = await sendCsv(ws, kind, csv, options);
  expect(res.status).toBe(202);
  return finished(ws, res.body.id);
}

/** A CSV export through the gateway, as text. */
export async function exported(ws: TestWorkspace, what: 'items' | 'balances' | 'movements', query: Record<string, string> = {}, key = ws.ownerKey): Promise<ApiResponse> {
  return request('GET', `/exports/${what}`, { key, query: { workspaceId: ws.id, ...query } });
}

/** The rows of a CSV as objects by header (simple files: no quoted separators). */
export function rowsOf(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.replace(/^\uFEFF/, '').trimEnd().split('\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}
