import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The editor on the dark colour scheme: the page's dark surface, and syntax colours chosen for at
 * least 7:1 against it (CodeMirror's own dark theme, one-dark, keeps keys and the gutter below
 * 4.5:1). The light scheme keeps CodeMirror's light theme, whose colours were checked on white.
 */
export const darkTheme = [
  EditorView.theme(
    {
      '&': { backgroundColor: 'var(--mantine-color-dark-7)', color: 'var(--mantine-color-dark-0)' },
      '.cm-content': { caretColor: '#ffffff' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#ffffff' },
      '.cm-gutters': { backgroundColor: 'var(--mantine-color-dark-6)', color: '#bdbdbd', border: 'none' },
      '.cm-activeLine': { backgroundColor: '#2b2f36' },
      '.cm-activeLineGutter': { backgroundColor: '#2b2f36', color: '#e6e6e6' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
        backgroundColor: '#36507a',
      },
      '.cm-matchingBracket': { backgroundColor: '#3d4a5c', outline: '1px solid #8c9bb0' },
    },
    { dark: true },
  ),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.propertyName, color: '#9ccfff' },
      { tag: tags.string, color: '#b5e8a8' },
      { tag: tags.number, color: '#ffd199' },
      { tag: [tags.bool, tags.null], color: '#f2b8ff' },
      { tag: [tags.punctuation, tags.bracket, tags.separator], color: '#d6d6d6' },
      { tag: tags.invalid, color: '#ffb3b3' },
    ]),
  ),
];
