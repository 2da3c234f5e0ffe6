import { Progress, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress as Progressed } from '../api/client';

/**
 * How far an upload is: the client's `onUploadProgress` feeds `report`, `clear` starts over. The
 * state is a whole percent, so a large file re-renders at most a hundred times.
 */
export const useUploadProgress = () => {
  const [percent, setPercent] = useState<number | null>(null);
  const report = useCallback(
    ({ loaded, total }: Progressed) => setPercent(total > 0 ? Math.floor((loaded / total) * 100) : 0),
    [],
  );
  const clear = useCallback(() => setPercent(null), []);
  return { percent, report, clear };
};

/** A file on its way to the server: a bar named for the file, and the percent in words. */
export const UploadProgress = ({ fileName, percent }: { fileName: string; percent: number | null }) => {
  const { t } = useTranslation();
  if (percent === null) return null;
  const label = t('serviceHeader.uploadProgress', { name: fileName, percent });
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={label} size="md" animated={percent < 100} />
      <Text size="sm" aria-live="polite">
        {percent < 100 ? label : t('serviceHeader.uploadProcessing', { name: fileName })}
      </Text>
    </Stack>
  );
};
