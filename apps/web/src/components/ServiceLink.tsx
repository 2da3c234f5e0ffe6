import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from '../routing';
import { serviceHrefFrom } from '../routing/backLink';

/**
 * A link from a list to a service's view that carries the list's address (its filters live in the
 * URL), so the service header's breadcrumb leads back to the same rows.
 */
export const ServiceLink = ({ id, children }: { id: string; children: ReactNode }) => {
  const { pathname, search } = useLocation();
  return (
    <Anchor component={Link} to={serviceHrefFrom(id, `${pathname}${search}`)} fw={600}>
      {children}
    </Anchor>
  );
};
