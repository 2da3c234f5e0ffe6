import type { UserRef } from '@nubes/domain';
import { searchUsers, searchUsersWithGone, serviceKeys } from '../api/services';
import { SearchSelect, type SearchSelectFieldProps, type SearchSource } from './SearchSelect';

/** How a person is shown wherever one is picked or named: name and e-mail tell namesakes apart. */
export const userLabel = (user: UserRef): string => (user.email ? `${user.fullname} (${user.email})` : user.fullname);

export interface UserPickerProps extends SearchSelectFieldProps {
  /** Who `value` is, when known (the service answer's refs), so the name shows before any search. */
  known?: UserRef | null;
  onChange: (user: UserRef | null) => void;
  /**
   * Where the people come from, when not the portal's user search (GET /api/users): a screen whose
   * users may not search every user asks its own API (the VO application's deputy).
   */
  source?: UserSource;
}

/** A user search: the query's cache key and the call. */
export type UserSource = SearchSource<UserRef>;

const PORTAL_USERS: UserSource = { key: serviceKeys.users, search: searchUsers };

/** The portal's users with those marked as gone, who are picked in a filter but given nothing. */
export const PORTAL_USERS_WITH_GONE: UserSource = { key: serviceKeys.usersWithGone, search: searchUsersWithGone };

/**
 * Picks a portal user by name, username or e-mail (GET /api/users?q=, from two characters on);
 * people marked as gone are not offered, except by `PORTAL_USERS_WITH_GONE`.
 */
export const UserPicker = ({ source = PORTAL_USERS, ...props }: UserPickerProps) => (
  <SearchSelect {...props} source={source} labelOf={userLabel} />
);
