import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { PagedView } from './listView';
import type { UrlView } from './useListScreen';

/** One filter of a list as data: the view's parameter it sets and how its select reads. */
export interface ViewFilterSpec<V, K extends keyof V & string = keyof V & string> {
  /** The view's parameter the select sets; the empty option clears it. */
  name: K;
  label: string;
  /** The first option, which clears the parameter ("All states"). */
  all?: string;
  data: NonNullable<NativeSelectProps['data']>;
  /** Its width from the sm breakpoint on; a phone gives every filter the whole line. */
  width?: number;
}

/** A filter over any one parameter of the view V; the compiler checks `name` against V. */
export type ViewFilter<V> = { [K in keyof V & string]: ViewFilterSpec<V, K> }[keyof V & string];

export interface ViewSelectProps<V extends PagedView, K extends keyof V & string> extends ViewFilterSpec<V, K> {
  url: UrlView<V>;
}

/** One filter of a list: a native select over one parameter of the view; a change starts on page 1. */
export const ViewSelect = <V extends PagedView, K extends keyof V & string>({
  url: { view, setView, codec },
  name,
  label,
  all,
  data,
  width,
}: ViewSelectProps<V, K>) => (
  <NativeSelect
    label={label}
    data={all === undefined ? data : [{ value: '', label: all }, ...data]}
    value={(view[name] as string | null) ?? ''}
    onChange={(event) => setView(codec.change(view, { [name]: event.currentTarget.value || null } as Partial<V>))}
    w={width ? { base: '100%', sm: width } : undefined}
  />
);
