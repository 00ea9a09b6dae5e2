import { BaseConfig, checkInternalSecret, loadConfig } from './config';

describe('checkInternalSecret', () => {
  it('when production runs without INTERNAL_SECRET, then it refuses to start, naming the variable', () => {
    const config = loadConfig(BaseConfig, { NODE_ENV: 'production' });
    expect(() => checkInternalSecret(config)).toThrow(/INTERNAL_SECRET/);
  });

  it('when development runs without it, then it starts with a warning', () => {
    expect(checkInternalSecret(loadConfig(BaseConfig, {}))).toMatch(/INTERNAL_SECRET is not set/);
  });

  it('when a real secret is set, then nothing to say in any environment', () => {
    expect(checkInternalSecret(loadConfig(BaseConfig, { NODE_ENV: 'production', INTERNAL_SECRET: 'a-long-random-production-secret' }))).toBeUndefined();
  });
});
