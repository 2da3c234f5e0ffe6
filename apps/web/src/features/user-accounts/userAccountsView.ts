import { DEFAULT_PAGE_SIZE, userAccountQuerySchema, type Role, type UserAccountQuery } from '@nubes/domain';
import { defineListView, schemaParam, type PagedView } from '../../components/list-screen/listView';

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
  params: {
    q: schemaParam(shape.q),
    role: schemaParam(shape.role),
    institution: schemaParam(shape.institution),
    // An account id has the institution filter's shape: a uuid.
    user: schemaParam(shape.institution),
  },
  sort: schemaParam(shape.sort),
  local: ['user'],
  defaults: {
    q: '',
    role: null,
    institution: null,
    sort: 'fullname',
    order: 'asc',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    user: null,
  },
});
