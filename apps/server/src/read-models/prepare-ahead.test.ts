import { SERVICE_SORTS } from '@nubes/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildContactEntries } from './contact-list.js';
import { prepareListsAhead } from './prepare-ahead.js';
import type { ServiceListIndex } from './service-list-index.js';
import { ServiceListSnapshot, type ListPart } from './service-list-snapshot.js';

describe('prepareListsAhead', () => {
  it('works out every order and the search, each on the rows current at its turn, with requests answered between the parts', async () => {
    const log: string[] = [];
    const snapshots = [ServiceListSnapshot.of([]), ServiceListSnapshot.of([])];
    let prepared = 0;
    const preparedBy = (name: string) => (part: ListPart) => {
      prepared += 1;
      log.push(`${name} ${part === 'search' ? 'search' : `${part.sort}:${part.order}`}`);
    };
    vi.spyOn(snapshots[0]!, 'prepare').mockImplementation(preparedBy('first'));
    vi.spyOn(snapshots[1]!, 'prepare').mockImplementation(preparedBy('second'));
    // A change after the second part: the parts after it go to the new snapshot.
    const serviceIndex: ServiceListIndex = {
      snapshot: () => snapshots[prepared >= 2 ? 1 : 0]!,
      changed: () => undefined,
      lastReadAt: () => null,
      settled: async () => undefined,
    };
    const entries = buildContactEntries({ rows: [], cities: [], properties: [] });
    const contactList = {
      rows: () => {
        log.push('contacts');
        return entries;
      },
      changed: () => undefined,
    };
    // Requests that come meanwhile, one per turn of the event loop.
    let preparing = true;
    const requests = (async () => {
      while (preparing) {
        await new Promise((resolve) => setImmediate(resolve));
        log.push('request');
      }
    })();
    await prepareListsAhead({ serviceIndex, contactList });
    preparing = false;
    await requests;

    const services = log.filter((line) => line.startsWith('first') || line.startsWith('second'));
    expect(services.slice(0, 4)).toEqual([
      'first updatedAt:desc',
      'first updatedAt:asc',
      'second weighted:desc',
      'second search',
    ]);
    expect(new Set(services.map((line) => line.split(' ')[1])).size).toBe(services.length);
    expect(services.map((line) => line.split(' ')[1])).toEqual(
      expect.arrayContaining(SERVICE_SORTS.flatMap((sort) => [`${sort}:asc`, `${sort}:desc`])),
    );
    // Ten orders of the contacts and their search, each on the rows asked for at its turn.
    expect(log.filter((line) => line === 'contacts')).toHaveLength(11);
    // No two parts in one turn: a request came between every two.
    log.forEach((line, i) => {
      if (i > 0 && line !== 'request' && log[i - 1] !== 'request') expect.fail(`${log[i - 1]} and ${line} in one turn`);
    });
  });
});
