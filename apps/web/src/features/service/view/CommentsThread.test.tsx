import type { Comment } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply, streamPage } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';
import { serviceDetail } from '../../../test/serviceDetail';

const ID = 'c0a80101-0000-4000-8000-000000000077';

const comment = (n: number): Comment => ({
  id: `comment-${n}`,
  text: `Comment number ${n}`,
  author: 'Paula Portfolio',
  createdAt: new Date(Date.UTC(2026, 2, 1, 8, n)).toISOString(),
});

describe('the comments of a service, a page at a time', () => {
  it('shows the newest page oldest first and loads the older page with the cursor on "Show older comments"', async () => {
    // The API answers newest first: 5 and 4, then 3, 2 and 1 after the cursor.
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: () => serviceDetail({ id: ID }),
      [`GET /api/services/${ID}/comments`]: (call) =>
        new URLSearchParams(call.search).get('cursor') === 'before-4'
          ? streamPage([comment(3), comment(2), comment(1)])
          : streamPage([comment(5), comment(4)], 'before-4'),
      [`GET /api/services/${ID}/history`]: () => streamPage([]),
      'GET /api/weighting-criteria': () => ({ items: [] }),
      'GET /api/institutions': () => ({ items: [] }),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });

    const section = (await screen.findByRole('heading', { name: 'Comments' })).closest('section')!;
    const texts = () =>
      within(section)
        .queryAllByText(/^Comment number \d$/)
        .map((node) => node.textContent);
    await waitFor(() => expect(texts()).toEqual(['Comment number 4', 'Comment number 5']));

    fireEvent.click(within(section).getByRole('button', { name: 'Show older comments' }));
    await waitFor(() =>
      expect(texts()).toEqual([
        'Comment number 1',
        'Comment number 2',
        'Comment number 3',
        'Comment number 4',
        'Comment number 5',
      ]),
    );
    const reads = calls.filter((call) => call.path === `/api/services/${ID}/comments`);
    expect(reads.map((call) => call.search)).toEqual(['', '?cursor=before-4']);
    // The last page has no cursor: nothing older to show.
    expect(within(section).queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });

  it('says so when the comments cannot be read, and offers no older ones', async () => {
    fakeApi({
      [`GET /api/services/${ID}`]: () => serviceDetail({ id: ID }),
      [`GET /api/services/${ID}/comments`]: () => reply(400, { error: 'invalid_input', message: 'Bad.' }),
      'GET /api/institutions': () => ({ items: [] }),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    const section = (await screen.findByRole('heading', { name: 'Comments' })).closest('section')!;
    expect(await within(section).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(within(section).queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });
});
