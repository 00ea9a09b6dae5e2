import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { InvalidMessageId, InvalidSigningSecret, newSigningSecret, NoLiveSecret, signatureHeaders, signingKey } from './signing';

const body = JSON.stringify({ id: 'evt_1', type: 'transfer.completed', data: { note: 'café ✓' } });

describe('webhook signing (Standard Webhooks)', () => {
  it('when a secret is made, then it is whsec_ + base64 of 32 random bytes, different each time', () => {
    const secrets = Array.from({ length: 20 }, newSigningSecret);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(signingKey(secret)).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('when a message is signed, then the standardwebhooks library verifies it and returns the payload', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_2b7f', timestamp: new Date(), body, secrets: [secret] });
    expect(headers['webhook-id']).toBe('msg_2b7f');
    expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('when two secrets are live (a rotation), then the header carries two signatures and each secret alone verifies', () => {
    const [fresh, old] = [newSigningSecret(), newSigningSecret()];
    const headers = signatureHeaders({ id: 'msg_rotation', timestamp: new Date(), body, secrets: [fresh, old] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(old).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
  });

  it('when the body, the id or the timestamp is changed in transit, then verification fails', () => {
    const secret = newSigningSecret();
    const now = new Date();
    const headers = signatureHeaders({ id: 'msg_1', timestamp: now, body, secrets: [secret] });
    const hook = new Webhook(secret);
    expect(() => hook.verify(body.replace('completed', 'cancelled'), { ...headers })).toThrow(WebhookVerificationError);
    expect(() => hook.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(WebhookVerificationError);
    expect(() => hook.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow(WebhookVerificationError);
  });

  it('when the time has milliseconds, then the timestamp is its whole seconds and the signature matches the library\'s own', () => {
    const secret = newSigningSecret();
    const at = new Date('2026-11-25T08:00:00.999Z');
    const headers = signatureHeaders({ id: 'msg_3', timestamp: at, body, secrets: [secret] });
    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2026-11-25T08:00:00Z') / 1000));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_3', at, body));
  });

  it('when a secret is malformed, then it is refused naming its position and why, never echoing it', () => {
    const good = newSigningSecret();
    const short = `whsec_${Buffer.alloc(16, 1).toString('base64')}`;
    const cases = [
      [good.slice('whsec_'.length), 'must start with "whsec_"'],
      ['whsec_not*base64!', 'not base64'],
      [short, 'its key has 16 bytes; it must have 24 to 64'],
      [`whsec_${Buffer.alloc(65, 1).toString('base64')}`, 'its key has 65 bytes'],
    ] as const;
    for (const [secret, why] of cases) {
      const attempt = () => signatureHeaders({ id: 'msg_1', timestamp: new Date(), body, secrets: [good, secret] });
      expect(attempt).toThrow(InvalidSigningSecret);
      expect(attempt).toThrow(`Signing secret #2 is invalid: `);
      expect(attempt).toThrow(why);
      try {
        attempt();
      } catch (err) {
        expect((err as Error).message).not.toContain(secret.slice(6, 20));
      }
    }
  });

  it('when the message id could break the header or the signed content, or no secret is live, then nothing is signed', () => {
    for (const id of ['', 'a.b', 'a b', 'a\r\nx-evil: 1', 'x'.repeat(256)]) {
      expect(() => signatureHeaders({ id, timestamp: new Date(), body, secrets: [newSigningSecret()] })).toThrow(InvalidMessageId);
    }
    expect(() => signatureHeaders({ id: 'msg_1', timestamp: new Date(), body, secrets: [] })).toThrow(NoLiveSecret);
  });
});
