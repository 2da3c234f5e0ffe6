import { ANONYMOUS_ACTOR_NAME, SYSTEM_ACTOR_NAME, tokenActorName } from '@nubes/domain';

/** Who an audit event names as the one who acted: kept by name too, so it stays readable after a user is gone. */
export interface Actor {
  id: string | null;
  name: string;
}

/** Changes nobody asked for in a request: start-up, the configured admin, seeding. */
export const SYSTEM_ACTOR: Actor = { id: null, name: SYSTEM_ACTOR_NAME };

/**
 * The actor of a change made by a logged-in user (or on a user's behalf, such as their own login);
 * one made with a personal API token names the token too (docs/adr/0113-personal-api-tokens.md).
 */
export const actorOf = (user: { id: string; username: string; token?: { name: string } | undefined }): Actor => ({
  id: user.id,
  name: user.token ? tokenActorName(user.token.name, user.username) : user.username,
});

/** A caller who has not proven who they are: a failed login. */
export const ANONYMOUS_ACTOR: Actor = { id: null, name: ANONYMOUS_ACTOR_NAME };
