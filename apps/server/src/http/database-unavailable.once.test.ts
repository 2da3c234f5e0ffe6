import { describe, expect, it } from 'vitest';
import { appWithLogLines } from '../test/log-lines.js';
import { databaseOutageLog } from './database-unavailable.js';

describe('databaseOutageLog', () => {
  it('logs the first 503 of an outage, then one line every ten seconds with the count between', async () => {
    const { app, log, lines } = appWithLogLines();
    let now = 1_000_000;
    const note = databaseOutageLog(log, () => now);
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    app.get('/', async (request) => {
      note(request, cause);
      return {};
    });
    const request = () => app.inject({ method: 'GET', url: '/' });

    await request();
    now += 4_000;
    await request();
    await request();
    now += 6_000;
    await request();

    const outage = lines.filter((line) => String(line.msg).startsWith('the database cannot be reached'));
    expect(outage).toHaveLength(2);
    expect(outage.map((line) => line.answeredSinceLastLine)).toEqual([0, 2]);
    expect(outage[0]).toMatchObject({ level: 40, err: { message: cause.message } });
    expect(outage.every((line) => typeof line.reqId === 'string')).toBe(true);
    await app.close();
  });
});
