import type { Language } from '@nubes/domain';
import { escapeHtml } from './escape-html.js';

/** What the HTML head of a page says before any script runs: crawlers and link previews read it. */
export interface PageHead {
  language: Language;
  title: string;
  /** null: no meta description (the pages behind a login). */
  description: string | null;
}

const TITLE = /<title>[^<]*<\/title>/;
const HTML_LANG = /<html lang="[^"]*"/;

/**
 * The web app's index.html with a page's own language, title and description written in
 * (docs/adr/0086-public-pages-audit.md). The built file is split once around its title; each page
 * costs two string joins. A shell without a title (a test's bare file) gets the head before its
 * first element, or is sent as it is.
 */
export const createAppShell = (indexHtml: Buffer): ((head: PageHead) => string) => {
  const html = indexHtml.toString('utf8');
  const title = TITLE.exec(html);
  const headEnd = html.indexOf('</head>');
  const [before, after] = title
    ? [html.slice(0, title.index), html.slice(title.index + title[0].length)]
    : headEnd >= 0
      ? [html.slice(0, headEnd), html.slice(headEnd)]
      : [null, html];
  return ({ language, title: pageTitle, description }) => {
    if (before === null) return after;
    const meta = description === null ? '' : `<meta name="description" content="${escapeHtml(description)}" />`;
    return `${before.replace(HTML_LANG, `<html lang="${language}"`)}<title>${escapeHtml(pageTitle)}</title>${meta}${after}`;
  };
};
