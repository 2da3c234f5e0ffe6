import { FilterSelect, type FilterSelectProps } from '../FilterSelect';
import type { PagedView } from './listView';
import type { UrlView } from './useListScreen';

/** One filter of a list as data: the view's parameter it sets and how its select reads. */
export interface ViewFilterSpec<V, K extends keyof V & string = keyof V & string> extends Omit<
  FilterSelectProps,
  'value' | 'onChange'
> {
  /** The view's parameter the select sets; the empty option clears it. */
  name: K;
}

/** A filter over any one parameter of the view V; the compiler checks `name` against V. */
export type ViewFilter<V> = { [K in keyof V & string]: ViewFilterSpec<V, K> }[keyof V & string];

export interface ViewSelectProps<V extends PagedView, K extends keyof V & string> extends ViewFilterSpec<V, K> {
  url: UrlView<V>;
}

/** One filter of a list over one parameter of the view; a change starts on page 1. */
export const ViewSelect = <V extends PagedView, K extends keyof V & string>({
  url: { view, setView, codec },
  name,
  ...select
}: ViewSelectProps<V, K>) => (
  <FilterSelect
    {...select}
    value={(view[name] as string | null) ?? null}
    onChange={(value) => setView(codec.change(view, { [name]: value } as Partial<V>))}
  />
);
