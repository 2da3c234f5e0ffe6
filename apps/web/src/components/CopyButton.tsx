import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../api/notify';

/** The Clipboard API where the page may use it; the older selection copy otherwise. */
const writeClipboard = async (text: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // No permission or no secure context: fall back below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
};

export interface CopyButtonProps {
  value: string;
  /** The button's accessible name, e.g. "Copy service ID". */
  label: string;
}

/** Copies a value and says "copied to clipboard" with what was copied. */
export const CopyButton = ({ value, label }: CopyButtonProps) => {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await writeClipboard(value);
      notifySuccess(t('service.copied'), value);
    } catch {
      notifyError(t('notifications.somethingWentWrong'), t('notifications.tryAgain'));
    }
  };
  return (
    <Button variant="light" size="compact-sm" onClick={() => void copy()}>
      {label}
    </Button>
  );
};
