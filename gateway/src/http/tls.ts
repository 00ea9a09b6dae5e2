import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@inv/shared/observability';
import { generate } from 'selfsigned';

/** Where the certificate clients must trust is: TLS_CERT when given, else the generated one in DATA_DIR/tls. */
export function certificateFile(options: { cert?: string; dataDir: string }): string {
  return options.cert ? path.resolve(options.cert) : path.resolve(options.dataDir, 'tls', 'cert.pem');
}

/**
 * The gateway's certificate: TLS_CERT/TLS_KEY when given, else a self-signed pair generated
 * once into DATA_DIR/tls and reused on later starts.
 */
export async function loadTls(options: { cert?: string; key?: string; dataDir: string; logger: Logger }): Promise<{ cert: string; key: string }> {
  if (options.cert || options.key) {
    if (!options.cert || !options.key) throw new Error('Set both TLS_CERT and TLS_KEY, or neither.');
    return { cert: await fs.readFile(options.cert, 'utf8'), key: await fs.readFile(options.key, 'utf8') };
  }
  const certPath = certificateFile({ dataDir: options.dataDir });
  const dir = path.dirname(certPath);
  const keyPath = path.join(dir, 'key.pem');
  try {
    return { cert: await fs.readFile(certPath, 'utf8'), key: await fs.readFile(keyPath, 'utf8') };
  } catch {
    // ECDSA P-256: a handshake costs the gateway less CPU than with RSA 2048, which matters when
    // many clients connect at once (docs/overload.md).
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
    } as never);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(keyPath, pems.private, { mode: 0o600 });
    await fs.writeFile(certPath, pems.cert);
    options.logger.warn({ certPath }, 'TLS_CERT/TLS_KEY not set: generated a self-signed certificate (clients must trust it or use -k)');
    return { cert: pems.cert, key: pems.private };
  }
}
