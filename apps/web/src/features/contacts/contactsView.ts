import { contactQuerySchema, type ContactPropertyKind, type ContactQuery } from '@nubes/domain';
import { defineListView, firstPage, type PagedView } from '../../components/list-screen/listView';

/**
 * The Contact Database keeps search, filters, sort, page and the open contact in the query string
 * (?q=&institution=&propertyKind=&sort=&order=&page=&pageSize=&contact=), each checked with the
 * server's own schema; what it would refuse falls back to the default, so old links still open.
 */
export interface ContactsView extends PagedView {
  q: string;
  institution: string | null;
  propertyKind: ContactPropertyKind | null;
  sort: ContactQuery['sort'];
  /** The contact whose details are open. */
  contact: string | null;
}

const shape = contactQuerySchema.shape;

export const contactsView = defineListView<ContactsView>({
  path: '/api/contacts',
  // A contact id has the institution filter's shape: a uuid.
  params: { q: shape.q, institution: shape.institution, propertyKind: shape.propertyKind, contact: shape.institution },
  sort: shape.sort,
  local: ['contact'],
  defaults: { q: '', institution: null, propertyKind: null, contact: null, ...firstPage('lastname') },
});
