import type { Principal } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { backLink, originOf, serviceHrefFrom } from './backLink';

const paula: Principal = { id: 'p', username: 'paula', roles: ['servicePortfolioManager'] };

describe('the way back from a service', () => {
  it('keeps the list it came from with every filter of its query', () => {
    const from = '/sc/service-portfolio?tab=pipeline&q=stor%20age&state=integration_planned&page=2';
    const href = serviceHrefFrom('42', from);
    expect(href.startsWith('/sc/service/42?from=')).toBe(true);
    const back = new URL(href, 'http://x').searchParams.get('from');
    expect(back).toBe(from);
    expect(originOf(back)).toEqual({ href: from, route: 'servicePortfolio' });
  });

  it('refuses what is no list of the portal: other sites, screens with ids, the login', () => {
    for (const from of [
      'https://evil.example/sc/service-portfolio',
      '//evil.example/sc/service-portfolio',
      '/\\evil.example',
      '/sc/service/42',
      '/login?redirect=/',
      'sc/service-portfolio',
      '/nowhere',
    ]) {
      expect(originOf(from), from).toBeNull();
    }
  });

  it('falls back to the lists the user may open', () => {
    expect(backLink(null, paula)).toEqual({ href: '/sc/service-portfolio', route: 'servicePortfolio' });
    expect(backLink('/nowhere', paula).route).toBe('servicePortfolio');
    expect(backLink('/sc/my-services?q=a', paula)).toEqual({ href: '/sc/my-services?q=a', route: 'myServices' });
  });
});
