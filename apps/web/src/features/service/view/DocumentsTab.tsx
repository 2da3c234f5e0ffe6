import { Alert, Anchor, Button, Paper, Stack, Title } from '@mantine/core';
import { formatDateTime, MAX_DOCUMENT_BYTES, type ServiceDetail, type ServiceDocument } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../../../api/notify';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FileDropzone, formatBytes } from '../../../components/FileDropzone';
import { UploadProgress, useUploadProgress } from '../../../components/UploadProgress';
import { SERVER_ERROR, useErrorText } from '../../../forms/fields';
import { focusById } from '../../../forms/focusFirstError';
import { useGuardedForm } from '../../../components/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TitledSection } from '../../../components/TitledSection';
import {
  activateDocuments,
  deleteDocument,
  documentUrl,
  fetchDocuments,
  serviceKeys,
  uploadDocument,
} from '../../../api/services';
import { reportWriteError, useServiceCache, writeErrorOutcome } from '../../../api/writes';
import { messageKeyOr } from '../../../i18n/messageKey';

const FILE_INPUT_ID = 'service-document-file';

/**
 * The file names the server accepts, by extension; it checks the content as well
 * (apps/server/src/storage/content-type-sniffer.ts holds the same list).
 */
const ACCEPTED_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'txt',
  'text',
  'log',
  'csv',
  'md',
  'markdown',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
] as const;
const ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The check before an upload, with the server's limits; the server checks again, also the type by content. */
const uploadProblem = (file: {
  size: number;
  name?: string;
}): 'documents.empty' | 'documents.tooLarge' | 'documents.badType' | null => {
  if (file.size === 0) return 'documents.empty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'documents.tooLarge';
  if (file.name !== undefined && !(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return 'documents.badType';
  }
  return null;
};

/** The upload form: one file that passes the checks above (messages are i18n keys). */
const uploadFormSchema = z.object({
  file: z.custom<File | null>().superRefine((file, ctx) => {
    const problem = file ? uploadProblem(file) : 'documents.missingFile';
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

const Upload = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const form = useZodForm(uploadFormSchema, { defaultValues: { file: null } });
  const { control, handleSubmit, reset, setError, setValue } = form;
  const file = useWatch({ control, name: 'file' });
  const error = errorText(form.formState.errors.file as FieldError | undefined);
  useGuardedForm('upload', { dirty: file !== null, discard: () => reset({ file: null }) });

  const refused = (text: string) => {
    notifyError(t('documents.cannotUpload'), text);
    focusById(`${FILE_INPUT_ID}-button`);
  };

  const progress = useUploadProgress();
  const uploading = useMutation({
    mutationFn: (chosen: File) => uploadDocument(service.id, chosen, progress.report),
    onMutate: progress.clear,
    onSettled: progress.clear,
    onSuccess: async (document) => {
      reset({ file: null });
      notifySuccess(t('documents.uploaded'), document.filename);
      await queryClient.invalidateQueries({ queryKey: serviceKeys.documents(service.id) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
    },
    onError: (failure) => {
      reportWriteError(failure, t('documents.cannotUpload'), t);
      // The server's reason (empty, too large, type not accepted) stays at the input as well.
      const outcome = writeErrorOutcome(failure);
      if (outcome.kind === 'message') setError('file', { type: SERVER_ERROR, message: outcome.message });
    },
  });

  const submit = handleSubmit(
    (values) => {
      if (values.file) uploading.mutate(values.file);
    },
    (errors) => refused(t(messageKeyOr(errors.file?.message, 'documents.missingFile'))),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="documents-upload">
      <Paper withBorder p="md">
        <Title order={2} size="h4" id="documents-upload">
          {t('serviceView.uploadHeading')}
        </Title>
        <Stack gap="sm" mt="sm">
          <FileDropzone
            id={FILE_INPUT_ID}
            label={t('serviceView.chooseFile')}
            description={t('serviceView.uploadHelp')}
            file={file}
            accept={ACCEPT}
            error={error}
            disabled={uploading.isPending}
            onChange={(next) => setValue('file', next, { shouldDirty: true, shouldValidate: error !== undefined })}
            onMultiple={() => {
              setError('file', { type: 'domain', message: 'documents.oneFile' });
              refused(t('documents.oneFile'));
            }}
          />
          {uploading.isPending && uploading.variables && (
            <UploadProgress fileName={uploading.variables.name} percent={progress.percent} />
          )}
          <Button type="submit" loading={uploading.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('serviceView.upload')}
          </Button>
        </Stack>
      </Paper>
    </form>
  );
};

/**
 * Documents (docs/adr/0009): the portfolio manager activates the area ("documents activated"); the
 * provider side uploads, everyone who sees the service downloads (a plain link: the auth cookie
 * authenticates the GET), and the provider side deletes after a confirmation.
 */
export const DocumentsTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { store, reload } = useServiceCache(service.id);
  const [toDelete, setToDelete] = useState<ServiceDocument | null>(null);
  const documents = useQuery({
    queryKey: serviceKeys.documents(service.id),
    queryFn: () => fetchDocuments(service.id),
    enabled: service.documentsActive,
  });
  const canManage = service.permissions.manageDocuments;

  const activating = useMutation({
    mutationFn: () => activateDocuments(service.id, service.version),
    onSuccess: (next) => {
      store(next);
      notifySuccess(t('service.documentsActivated'), t('serviceView.documentsActivatedText'));
    },
    onError: (error) => reportWriteError(error, t('serviceView.cannotActivate'), t, { onConflict: reload }),
  });

  const deleting = useMutation({
    mutationFn: (document: ServiceDocument) => deleteDocument(service.id, document.id),
    onSuccess: async (_nothing, document) => {
      notifySuccess(t('serviceView.documentDeleted'), document.filename);
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: serviceKeys.documents(service.id) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
    },
    onError: (error) => {
      setToDelete(null);
      reportWriteError(error, t('serviceView.cannotDelete'), t);
    },
  });

  if (!service.documentsActive) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="gray" role="status">
          {t('service.documentsNotActive')}
        </Alert>
        {service.permissions.activateDocuments && (
          <Button onClick={() => activating.mutate()} loading={activating.isPending}>
            {t('serviceView.activateDocuments')}
          </Button>
        )}
      </Stack>
    );
  }

  const items = documents.data?.items ?? [];
  const documentColumns: DataTableColumn<ServiceDocument>[] = [
    {
      id: 'file',
      header: t('serviceView.file'),
      cell: (document) => (
        <Anchor href={documentUrl(service.id, document.id)} download={document.filename}>
          {document.filename}
        </Anchor>
      ),
      sortValue: (document) => document.filename,
      hideable: false,
    },
    {
      id: 'size',
      header: t('serviceView.size'),
      cell: (document) => formatBytes(document.size),
      sortValue: (document) => document.size,
      numeric: true,
      nowrap: true,
    },
    {
      id: 'uploadedBy',
      header: t('serviceView.uploadedBy'),
      cell: (document) => document.uploadedBy,
      sortValue: (document) => document.uploadedBy,
    },
    {
      id: 'when',
      header: t('serviceView.when'),
      cell: (document) => formatDateTime(document.createdAt),
      sortValue: (document) => document.createdAt,
      sortDescFirst: true,
      nowrap: true,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('serviceView.actions'),
            hideable: false,
            cell: (document: ServiceDocument) => (
              <Button size="compact-sm" variant="default" onClick={() => setToDelete(document)}>
                {t('serviceView.deleteFile', { name: document.filename })}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="lg">
      {canManage && <Upload service={service} />}
      <TitledSection id="documents-list" title={t('serviceView.documents')}>
        <DataTable
          id="service-documents"
          caption={t('serviceView.documents')}
          columns={documentColumns}
          rows={documents.isPending ? undefined : items}
          getRowId={(document) => document.id}
          empty={{ title: t('serviceView.noDocuments'), hint: canManage ? t('dataTable.uploadHint') : undefined }}
          initialSort={{ id: 'when', desc: true }}
        />
      </TitledSection>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('serviceView.deleteTitle')}
        text={t('serviceView.deleteConfirm', { name: toDelete?.filename ?? '' })}
        confirmLabel={t('serviceView.delete')}
        danger
        busy={deleting.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && deleting.mutate(toDelete)}
      />
    </Stack>
  );
};
