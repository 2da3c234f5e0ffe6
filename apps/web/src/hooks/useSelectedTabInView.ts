import { useEffect, useRef } from 'react';

/**
 * For a tab list that scrolls sideways (app.css: one row, on a phone or with German labels): brings
 * the selected tab into the middle of the list when `selected` changes, and again when the tabs or
 * the list change size (counts that arrive later widen the tabs; a phone turns), so a link to a
 * later tab shows which one is open, and that there are more on both sides. Only the list
 * scrolls, never the page. Returns the ref for `Tabs.List`.
 */
export const useSelectedTabInView = (selected: string | null | undefined) => {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = list.current;
    if (!box) return;
    const center = () => {
      const tab = box.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!tab || box.scrollWidth <= box.clientWidth) return;
      const outer = box.getBoundingClientRect();
      const inner = tab.getBoundingClientRect();
      box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
    };
    center();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(center);
    resized.observe(box);
    box.querySelectorAll('[role="tab"]').forEach((tab) => resized.observe(tab));
    return () => resized.disconnect();
  }, [selected]);
  return list;
};
