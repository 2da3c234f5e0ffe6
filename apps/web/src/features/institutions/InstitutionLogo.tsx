import { Group, Image, Stack, Text } from '@mantine/core';
import type { InstitutionDetail } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../../components/FileDropzone';
import { notifySuccess } from '../../api/notify';
import { UploadProgress, useUploadProgress } from '../../components/UploadProgress';
import { writeErrorOutcome, reportWriteError } from '../../api/writes';
import { institutionKeys, logoUrl, uploadLogo } from './api';

export interface InstitutionLogoProps {
  institution: InstitutionDetail;
  /** The institution as the upload left it (a new version); the list's cache has it already. */
  onUploaded: (saved: InstitutionDetail) => void;
}

/**
 * The logo of an institution being edited: the current one and a new upload, sent as soon as a
 * file is chosen (PNG or JPEG up to 512 KB; the server says why it refuses another,
 * docs/adr/0033-institution-logos.md).
 */
export const InstitutionLogo = ({ institution, onUploaded }: InstitutionLogoProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const progress = useUploadProgress();
  const uploading = useMutation({
    mutationFn: (file: File) => uploadLogo(institution.id, file, progress.report),
    onMutate: progress.clear,
    onSettled: progress.clear,
    onSuccess: (saved) => {
      setError(null);
      // The answer is the institution as it is now: the modal shows the new logo before the list is read again.
      queryClient.setQueryData<{ items: InstitutionDetail[] }>(
        institutionKeys.all,
        (list) => list && { items: list.items.map((item) => (item.id === saved.id ? saved : item)) },
      );
      void queryClient.invalidateQueries({ queryKey: institutionKeys.all });
      notifySuccess(t('institutionAdmin.logoUploaded'), saved.abbreviation);
      onUploaded(saved);
    },
    onError: (failure) => {
      const outcome = writeErrorOutcome(failure);
      setError(outcome.kind === 'message' ? outcome.message : null);
      reportWriteError(failure, t('institutionAdmin.cannotUploadLogo'), t);
    },
  });
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="md" wrap="wrap">
        {institution.hasLogo ? (
          <Image
            src={logoUrl(institution)}
            alt={t('institutionAdmin.logoOf', { name: institution.abbreviation })}
            h={64}
            w="auto"
            maw={200}
            fit="contain"
          />
        ) : (
          <Text c="dimmed" size="sm">
            {t('institutionAdmin.noLogo')}
          </Text>
        )}
      </Group>
      <FileDropzone
        id="institution-logo"
        label={t('institutionAdmin.logo')}
        description={t('institutionAdmin.logoHelp')}
        file={null}
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        error={error}
        disabled={uploading.isPending}
        onChange={(file) => {
          if (file) uploading.mutate(file);
        }}
        onMultiple={() => setError(t('documents.oneFile'))}
      />
      {uploading.isPending && uploading.variables && (
        <UploadProgress fileName={uploading.variables.name} percent={progress.percent} />
      )}
    </Stack>
  );
};
