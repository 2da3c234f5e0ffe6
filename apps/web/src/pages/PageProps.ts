import type { RouteId } from '@nubes/domain';

/** Every routed screen learns which route it is, so one component can serve several routes. */
export interface PageProps {
  routeId: RouteId;
}
