import {
  resourcePackageReviewQuerySchema,
  type ResourcePackageReviewQuery,
  type ResourcePackageState,
} from '@nubes/domain';
import { defineListView, firstPage, type PagedView } from '../../../components/list-screen/listView';

/**
 * The resource package review list keeps search, filters, sort and page in the query string
 * (?q=&state=&type=&sort=&order=&page=&pageSize=), each checked with the server's own schema;
 * what it would refuse falls back to the default, so old links still open.
 */
export interface PackageReviewView extends PagedView {
  q: string;
  state: ResourcePackageState | null;
  /** A resource type's key. */
  type: string | null;
  sort: ResourcePackageReviewQuery['sort'];
}

const shape = resourcePackageReviewQuerySchema.shape;

export const packageReviewView = defineListView<PackageReviewView>({
  path: '/api/resource-packages/review-list',
  params: { q: shape.q, state: shape.state, type: shape.type },
  sort: shape.sort,
  defaults: { q: '', state: null, type: null, ...firstPage('waiting') },
});
