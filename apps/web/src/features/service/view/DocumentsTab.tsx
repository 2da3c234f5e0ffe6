import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, MAX_DOCUMENT_BYTES, type ServiceDetail, type ServiceDocument } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../app/notify';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { activateDocuments, deleteDocument, documentUrl, fetchDocuments, serviceKeys, uploadDocument } from '../api';
import { reportWriteError, useServiceCache } from '../writes';

const FILE_INPUT_ID = 'service-document-file';

/** The check before an upload (issue 3 §6); the server checks again, also the type by content. */
export const uploadProblem = (file: { size: number }): 'documents.empty' | 'documents.tooLarge' | null => {
  if (file.size === 0) return 'documents.empty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'documents.tooLarge';
  return null;
};

/** 1536 → "1.5 KB": sizes as people read them. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

const Upload = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const refuse = (text: string) => {
    setError(text);
    notifyError(t('documents.cannotUpload'), text);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return refuse(t('documents.missingFile'));
    const problem = uploadProblem(file);
    if (problem) return refuse(t(problem));
    setUploading(true);
    try {
      const document = await uploadDocument(service.id, file);
      setError(null);
      if (input.current) input.current.value = '';
      notifySuccess(t('documents.uploaded'), document.filename);
      await queryClient.invalidateQueries({ queryKey: serviceKeys.documents(service.id) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
    } catch (failure) {
      // The server's reason (empty, too large, type not accepted) stays at the input as well.
      reportWriteError(failure, t('documents.cannotUpload'), t);
      if (isApiError(failure) && failure.status !== 401) setError(failure.message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="documents-upload">
      <Paper withBorder p="md">
        <Title order={2} size="h4" id="documents-upload">
          {t('serviceView.uploadHeading')}
        </Title>
        <Stack gap="xs" mt="sm">
          <label htmlFor={FILE_INPUT_ID}>{t('serviceView.chooseFile')}</label>
          <Text size="sm" c="dimmed" id={`${FILE_INPUT_ID}-help`}>
            {t('serviceView.uploadHelp')}
          </Text>
          <input
            ref={input}
            id={FILE_INPUT_ID}
            type="file"
            className="service-file-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${FILE_INPUT_ID}-help${error ? ` ${FILE_INPUT_ID}-error` : ''}`}
            onChange={() => setError(null)}
          />
          {error && (
            <Text size="sm" c="var(--mantine-color-error)" id={`${FILE_INPUT_ID}-error`}>
              {error}
            </Text>
          )}
          <Button type="submit" loading={uploading} style={{ alignSelf: 'flex-start' }}>
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
  const [activating, setActivating] = useState(false);
  const [toDelete, setToDelete] = useState<ServiceDocument | null>(null);
  const [deleting, setDeleting] = useState(false);
  const documents = useQuery({
    queryKey: serviceKeys.documents(service.id),
    queryFn: () => fetchDocuments(service.id),
    enabled: service.documentsActive,
  });
  const canManage = service.permissions.manageDocuments;

  const activate = async () => {
    setActivating(true);
    try {
      store(await activateDocuments(service.id, service.version));
      notifySuccess(t('service.documentsActivated'), t('serviceView.documentsActivatedText'));
    } catch (error) {
      reportWriteError(error, t('serviceView.cannotActivate'), t, { onConflict: reload });
    } finally {
      setActivating(false);
    }
  };

  const remove = async (document: ServiceDocument) => {
    setDeleting(true);
    try {
      await deleteDocument(service.id, document.id);
      notifySuccess(t('serviceView.documentDeleted'), document.filename);
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: serviceKeys.documents(service.id) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
    } catch (error) {
      setToDelete(null);
      reportWriteError(error, t('serviceView.cannotDelete'), t);
    } finally {
      setDeleting(false);
    }
  };

  if (!service.documentsActive) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="gray" role="status">
          {t('service.documentsNotActive')}
        </Alert>
        {service.permissions.activateDocuments && (
          <Button onClick={() => void activate()} loading={activating}>
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
      <section aria-labelledby="documents-list">
        <Title order={2} size="h3" id="documents-list" mb="sm">
          {t('serviceView.documents')}
        </Title>
        <DataTable
          id="service-documents"
          caption={t('serviceView.documents')}
          columns={documentColumns}
          rows={documents.isPending ? undefined : items}
          getRowId={(document) => document.id}
          empty={{ title: t('serviceView.noDocuments'), hint: canManage ? t('dataTable.uploadHint') : undefined }}
          initialSort={{ id: 'when', desc: true }}
        />
      </section>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('serviceView.deleteTitle')}
        text={t('serviceView.deleteConfirm', { name: toDelete?.filename ?? '' })}
        confirmLabel={t('serviceView.delete')}
        danger
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && void remove(toDelete)}
      />
    </Stack>
  );
};
