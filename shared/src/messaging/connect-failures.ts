/**
 * What amqplib throws when the broker answers `connection.open` with `connection.close`. RabbitMQ
 * does so (530 NOT_ALLOWED) when the URL's vhost does not exist or its user may not use it;
 * amqplib drops the reply's text, so the two cannot be told apart here. Verified on the amqplib
 * version package.json pins (broker.test.ts fails when that changes).
 */
const OPEN_REFUSED = /^Expected ConnectionOpenOk; got <ConnectionClose\b/;

/** True when `err` is a connection attempt that reached the broker and was refused at its vhost. */
export function isVhostRefusal(err: unknown): boolean {
  return err instanceof Error && OPEN_REFUSED.test(err.message);
}

/**
 * What to do about a vhost the broker refused at `urls` (the nodes of one AMQP_URL, which name
 * one vhost and user): its name, the two possible causes, and the `rabbitmqctl` commands that
 * create it and let the user in (the second alone fixes a vhost that exists).
 */
export function vhostRefusedMessage(urls: readonly string[]): string {
  const { vhost, user } = vhostAndUser(urls[0] ?? '');
  const name = shellWord(vhost);
  return (
    `RabbitMQ at ${urls.map(redactUrl).join(', ')} refused vhost "${vhost}": it does not exist, or user "${user}" may not use it. ` +
    `Create it and let the user in: rabbitmqctl add_vhost ${name}; rabbitmqctl set_permissions -p ${name} ${shellWord(user)} ".*" ".*" ".*"`
  );
}

/** One failed connection attempt to `url`, for a message: a refused vhost says how to fix it. */
export function connectFailureMessage(url: string, err: unknown): string {
  if (isVhostRefusal(err)) return vhostRefusedMessage([url]);
  return `${redactUrl(url)}: ${err instanceof Error ? err.message : String(err)}`;
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<invalid url>';
  }
}

/** The vhost and user amqplib opens for `url`: the path without its slash, unescaped ('/' when empty), and guest when no user is given. */
function vhostAndUser(url: string): { vhost: string; user: string } {
  try {
    const u = new URL(url);
    return { vhost: decodeURIComponent(u.pathname.slice(1)) || '/', user: decodeURIComponent(u.username) || 'guest' };
  } catch {
    return { vhost: '/', user: 'guest' };
  }
}

/** `word` as one shell word: as it is when nothing in it needs quoting. */
function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
