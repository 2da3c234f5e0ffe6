import { can, type Principal } from '@nubes/domain';

/** A user may read the own account; user.readAny holders may read everyone's. */
export const canReadUser = (principal: Principal, target: { id: string }): boolean =>
  principal.id === target.id || can(principal, 'user.readAny');
