import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: any;
}

/**
 * Writes `bytes` as they are on a fresh connection (TLS to the gateway, or plain TCP to a
 * service URL) and reads until the server closes it: for requests an HTTP client library
 * would refuse to send. The request should ask for `Connection: close` when it is valid.
 */
export function rawExchange(bytes: string | Buffer, to: { service?: string } = {}, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let socket: net.Socket;
    if (to.service) {
      const url = new URL(to.service);
      socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
    } else {
      const url = new URL(process.env.TEST_GATEWAY_URL!);
      socket = tls.connect({ host: url.hostname, port: Number(url.port), ca: fs.readFileSync(process.env.TEST_GATEWAY_CA!, 'utf8'), servername: url.hostname }, () => socket.write(bytes));
    }
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('utf8'))}`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server may reset the connection after answering while the request is still being written.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      if (end === -1) return reject(new Error(`no HTTP response; got ${JSON.stringify(raw)}`));
      const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const text = raw.slice(end + 4);
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* left as text: the assertion on the envelope shows it */
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, text, body });
    });
  });
}
