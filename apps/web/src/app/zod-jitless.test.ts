import { describe, expect, it } from 'vitest';
import { ZOD_CONFIG } from './zod-jitless';

describe('zod without its eval probe', () => {
  it('is configured through the global zod reads, without importing zod first', async () => {
    const { config } = await import('zod/v4/core');
    expect(config()).toMatchObject(ZOD_CONFIG);
    expect(config().jitless).toBe(true);
  });
});
