import { userAccountQuerySchema, type Role, type UserAccountQuery } from '@nubes/domain';
import { defineListView, firstPage, type PagedView } from '../../components/list-screen/listView';

/**
 * The User Accounts screen keeps search, filters, sort, page and the open account in the query
 * string (?q=&role=&institution=&sort=&order=&page=&pageSize=&user=), each checked with the
 * server's own schema; what it would refuse falls back to the default, so old links still open.
 */
export interface UserAccountsView extends PagedView {
  q: string;
  role: Role | null;
  /** An institution's id. */
  institution: string | null;
  sort: UserAccountQuery['sort'];
  /** The account whose details are open. */
  user: string | null;
}

const shape = userAccountQuerySchema.shape;

export const userAccountsView = defineListView<UserAccountsView>({
  path: '/api/user-accounts',
  // An account id has the institution filter's shape: a uuid.
  params: { q: shape.q, role: shape.role, institution: shape.institution, user: shape.institution },
  sort: shape.sort,
  local: ['user'],
  defaults: { q: '', role: null, institution: null, user: null, ...firstPage('fullname') },
});
