import type { PublicService } from '@nubes/domain';

/** The public portfolio's search and filters, as the page's query string keeps them (?q=&provider=&state=). */
export interface PublicPortfolioFilter {
  q: string;
  /** A provider's name ('' for all): the public answer names providers, it has no ids. */
  provider: string;
  /** A state code ('' for all). */
  state: string;
}

export const readPublicFilter = (params: URLSearchParams): PublicPortfolioFilter => ({
  q: params.get('q') ?? '',
  provider: params.get('provider') ?? '',
  state: params.get('state') ?? '',
});

/** Only what is set, so the plain portfolio keeps its plain address. */
export const writePublicFilter = (filter: PublicPortfolioFilter): URLSearchParams =>
  new URLSearchParams(Object.entries(filter).filter(([, value]) => value));

const fold = (text: string) => text.toLocaleLowerCase();

/**
 * The services that match: each word of the search begins a word of the name, the service ID or
 * the provider, as the portal's lists search (docs/adr/0010); provider and state as chosen.
 */
export const filterPublicServices = (
  services: readonly PublicService[],
  filter: PublicPortfolioFilter,
): readonly PublicService[] => {
  const words = fold(filter.q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0 && !filter.provider && !filter.state) return services;
  return services.filter((service) => {
    if (filter.provider && service.provider !== filter.provider) return false;
    if (filter.state && service.state !== filter.state) return false;
    if (words.length === 0) return true;
    const own = fold(`${service.name} ${service.serviceId} ${service.provider}`).split(/[^\p{L}\p{N}]+/u);
    return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
  });
};
