import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { PagedView } from './listView';
import type { UrlView } from './useListScreen';

export interface ViewSelectProps<V extends PagedView, K extends keyof V & string> {
  url: UrlView<V>;
  /** The view's parameter the select sets; the empty option clears it. */
  name: K;
  label: string;
  data: NativeSelectProps['data'];
  /** Its width from the sm breakpoint on; a phone gives every filter the whole line. */
  width?: number;
}

/** One filter of a list: a native select over one parameter of the view; a change starts on page 1. */
export const ViewSelect = <V extends PagedView, K extends keyof V & string>({
  url: { view, setView, codec },
  name,
  label,
  data,
  width,
}: ViewSelectProps<V, K>) => (
  <NativeSelect
    label={label}
    data={data}
    value={(view[name] as string | null) ?? ''}
    onChange={(event) => setView(codec.change(view, { [name]: event.currentTarget.value || null } as Partial<V>))}
    w={width ? { base: '100%', sm: width } : undefined}
  />
);
