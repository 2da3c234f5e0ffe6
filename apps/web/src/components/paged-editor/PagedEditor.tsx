import { Button, Grid, Group, NativeSelect, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import './paged-editor.css';

export interface PagedEditorProps<P extends string> {
  pages: readonly P[];
  page: P;
  /** A page's name in the list ("Terms of use"); the list numbers them. */
  pageLabel: (page: P) => string;
  /** What a page still needs, shown after its name ("2 to fill"); null for nothing. */
  pageHint?: (page: P) => string | null;
  /** A page was asked for; the editor decides whether it may be left (a page with errors may not). */
  onGoTo: (page: P) => void;
  /** Names the list of pages for screen readers. */
  navLabel: string;
  /** The DOM id of the page's heading, which takes the focus after a page change. */
  headingId: string;
  /** The page's heading, e.g. "Page 2 of 4: AAI policies". */
  title: string;
  children: ReactNode;
}

/**
 * The layout of every paged editor (the service information, the VO application): the numbered
 * list of pages beside the open page under its heading. The pages' content, their checks and
 * where the open page is kept (the URL, the state) are the editor's. Below 768 px the list gives
 * way to a select above the page (ADR 0046): the form keeps the whole width of a phone.
 */
export const PagedEditor = <P extends string>({
  pages,
  page,
  pageLabel,
  pageHint,
  onGoTo,
  navLabel,
  headingId,
  title,
  children,
}: PagedEditorProps<P>) => {
  const names = pages.map((target, i) => {
    const hint = pageHint?.(target);
    return `${i + 1}. ${pageLabel(target)}${hint ? ` (${hint})` : ''}`;
  });
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <nav aria-label={navLabel}>
          <NativeSelect
            hiddenFrom="sm"
            label={navLabel}
            value={page}
            data={pages.map((target, i) => ({ value: target, label: names[i] ?? target }))}
            onChange={(event) => onGoTo(event.currentTarget.value as P)}
          />
          <ol className="paged-editor-pages">
            {pages.map((target, i) => (
              <li key={target}>
                <Button
                  variant={target === page ? 'light' : 'subtle'}
                  aria-current={target === page ? 'step' : undefined}
                  onClick={() => onGoTo(target)}
                >
                  {names[i]}
                </Button>
              </li>
            ))}
          </ol>
        </nav>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <section aria-labelledby={headingId}>
          <Title order={2} size="h3" id={headingId} tabIndex={-1} mb="md">
            {title}
          </Title>
          {children}
        </section>
      </Grid.Col>
    </Grid>
  );
};

export interface PageStepButtonsProps<P extends string> {
  pages: readonly P[];
  page: P;
  onGoTo: (page: P) => void;
  previousLabel: string;
  nextLabel: string;
}

/** Previous and next page: the way through the pages in order, under the open page. */
export const PageStepButtons = <P extends string>({
  pages,
  page,
  onGoTo,
  previousLabel,
  nextLabel,
}: PageStepButtonsProps<P>) => {
  const index = pages.indexOf(page);
  const previous = pages[index - 1];
  const next = pages[index + 1];
  return (
    <Group>
      <Button variant="default" disabled={!previous} onClick={() => previous && onGoTo(previous)}>
        {previousLabel}
      </Button>
      <Button variant="default" disabled={!next} onClick={() => next && onGoTo(next)}>
        {nextLabel}
      </Button>
    </Group>
  );
};

/**
 * Where the focus goes after a page change, once the new page has rendered: to a field named
 * before the change (the first failing field of a refused step), else to the page's heading, so a
 * keyboard or screen-reader user starts reading the new page at its top.
 */
export const usePageFocus = (page: string, headingId: string, focusField: (key: string) => void) => {
  const pendingField = useRef<string | null>(null);
  const changed = useRef(false);
  useEffect(() => {
    const key = pendingField.current;
    pendingField.current = null;
    if (key) focusField(key);
    else if (changed.current) document.getElementById(headingId)?.focus();
    changed.current = false;
  }, [page, headingId, focusField]);
  /** Call before opening another page: `field` is focused on it, else its heading. */
  return useCallback((field?: string) => {
    if (field) pendingField.current = field;
    else changed.current = true;
  }, []);
};
