import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const ADMIN = { PEERMEM_ADMIN_KEY: 'usage-config-admin-key-0123456789' };

describe('the usage settings', () => {
  it('keep 30 days and guard /metrics with the admin key by default', () => {
    expect(loadConfig(['serve'], ADMIN)).toMatchObject({ usageDays: 30, metricsAccess: 'admin' });
    expect(loadConfig(['serve', '--usage-days', '0'], { ...ADMIN, PEERMEM_METRICS: 'open' })).toMatchObject({
      usageDays: 0,
      metricsAccess: 'open',
    });
    expect(loadConfig(['worker'], { PEERMEM_USAGE_DAYS: '7' })).toMatchObject({ usageDays: 7 });
  });

  it('refuse a bad value, naming the setting and why', () => {
    expect(() => loadConfig(['serve', '--usage-days=-1'], ADMIN)).toThrow(
      /--usage-days \(PEERMEM_USAGE_DAYS\).*0 or more/,
    );
    expect(() => loadConfig(['serve', '--usage-days', 'week'], ADMIN)).toThrow(/--usage-days/);
    expect(() => loadConfig(['serve'], { ...ADMIN, PEERMEM_METRICS: 'public' })).toThrow(
      /PEERMEM_METRICS.*admin or open/,
    );
  });
});
