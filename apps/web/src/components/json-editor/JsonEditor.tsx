import { Input, Skeleton } from '@mantine/core';
import { useId, lazy, Suspense } from 'react';
import type { JsonEditorProps } from './jsonEditorProps';

// CodeMirror is about 150 KB: only the screens that edit or show JSON load it, never the public pages.
const CodeMirrorJson = lazy(() => import('./CodeMirrorJson').then((module) => ({ default: module.CodeMirrorJson })));

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
