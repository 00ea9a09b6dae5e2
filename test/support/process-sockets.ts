import fs from 'node:fs';

/** /proc/net/tcp's code for an established connection (its `st` column). */
const ESTABLISHED = '01';

/**
 * The remote ports of the TCP connections process `pid` holds established, as the kernel sees
 * them (its descriptors in /proc/<pid>/fd, their sockets in /proc/net/tcp and tcp6): which server
 * a process is connected to right now, whatever it was configured with or last logged. Linux only.
 */
export function establishedRemotePorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    // A descriptor closed between the listing and the read is simply not a connection any more.
    const target = readLinkOrUndefined(`/proc/${pid}/fd/${fd}`);
    const inode = target && /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    fs
      .readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .flatMap((line) => {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
        const [, , remote, state, , , , , , inode] = line.trim().split(/\s+/);
        if (state !== ESTABLISHED || !inode || !inodes.has(inode) || !remote) return [];
        return [parseInt(remote.slice(remote.lastIndexOf(':') + 1), 16)];
      }),
  );
}

function readLinkOrUndefined(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}
