import { Button, FileButton, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './FileDropzone.css';

/** 1536 → "1.5 KB": sizes as people read them. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

export interface FileDropzoneProps {
  /** The hidden file input's id; the button is `${id}-button`, the message `${id}-error`. */
  id: string;
  label: ReactNode;
  description?: ReactNode;
  /** The chosen file (controlled); null when none. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** More than one file was dropped; the caller says why that is refused. */
  onMultiple?: () => void;
  /** The translated message, tied to the button and the input. */
  error?: string | null;
  /** The file picker's filter, e.g. ".pdf,.png". */
  accept?: string;
  disabled?: boolean;
}

/**
 * One file, chosen with Mantine's FileButton or dropped onto the zone around it (ADR 19:
 * @mantine/dropzone and react-dropzone need a newer Node than the project's). The button is the
 * keyboard's way in; the zone only adds the mouse's.
 */
export const FileDropzone = ({
  id,
  label,
  description,
  file,
  onChange,
  onMultiple,
  error,
  accept,
  disabled,
}: FileDropzoneProps) => {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const resetInput = useRef<() => void>(null);
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [description ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  // A file that was taken (uploaded) or dropped leaves the input empty, so the same file can be chosen again.
  useEffect(() => {
    if (file === null) resetInput.current?.();
  }, [file]);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 1) onMultiple?.();
    else if (files[0]) onChange(files[0]);
  };

  return (
    <div
      className="file-dropzone"
      data-dragging={dragging || undefined}
      data-invalid={error ? true : undefined}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Text fw={500} id={labelId}>
        {label}
      </Text>
      {description && (
        <Text size="sm" c="dimmed" id={helpId}>
          {description}
        </Text>
      )}
      <Group gap="sm" mt="xs" align="center">
        <Text size="sm">{dragging ? t('form.dropzone.dropNow') : t('form.dropzone.prompt')}</Text>
        <FileButton
          onChange={onChange}
          accept={accept}
          disabled={disabled}
          resetRef={resetInput}
          inputProps={{
            id,
            'aria-labelledby': labelId,
            'aria-describedby': describedBy,
            'aria-invalid': error ? true : undefined,
          }}
        >
          {(props) => (
            <Button
              {...props}
              id={`${id}-button`}
              variant="default"
              disabled={disabled}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
            >
              {t('form.dropzone.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" mt="xs" aria-live="polite">
        {file ? t('form.dropzone.chosen', { name: file.name, size: formatBytes(file.size) }) : t('form.dropzone.none')}
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" id={errorId} mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
};
