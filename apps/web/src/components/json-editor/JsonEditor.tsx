import { Input, Skeleton } from '@mantine/core';
import { useId, lazy, Suspense } from 'react';

// CodeMirror is about 150 KB: only the screens that edit or show JSON load it, never the public pages.
const CodeMirrorJson = lazy(() => import('./CodeMirrorJson').then((module) => ({ default: module.CodeMirrorJson })));

export interface JsonEditorProps {
  /** The accessible name of the editor, shown above it. */
  label: string;
  description?: string;
  /** A translated message shown under the editor; marks it invalid for assistive technology. */
  error?: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  required?: boolean;
  /** Editor height in CSS (the editor scrolls inside it); grows with its content by default. */
  minHeight?: string;
  maxHeight?: string;
}

/**
 * The one JSON editor of the web app: syntax highlighting, line numbers, bracket matching, and
 * Mantine's label, description and error around it, so it reads like every other field.
 */
export const JsonEditor = ({ label, description, error, required, ...editor }: JsonEditorProps) => {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'div' }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={required}
    >
      <Suspense fallback={<Skeleton height={editor.minHeight ?? '12rem'} radius="sm" />}>
        <CodeMirrorJson
          {...editor}
          labelId={labelId}
          describedBy={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
          invalid={Boolean(error)}
        />
      </Suspense>
    </Input.Wrapper>
  );
};
