import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, MAX_DOCUMENT_BYTES, type ServiceDetail, type ServiceDocument } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../app/notify';
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
 * Documents (issue 3 §6): the portfolio manager activates the area ("documents activated"); the
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
  return (
    <Stack gap="lg">
      {canManage && <Upload service={service} />}
      <section aria-labelledby="documents-list">
        <Title order={2} size="h3" id="documents-list" mb="sm">
          {t('serviceView.documents')}
        </Title>
        {documents.isPending ? (
          <Text>{t('page.loading')}</Text>
        ) : items.length === 0 ? (
          <Text c="dimmed">{t('serviceView.noDocuments')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('serviceView.file')}</Table.Th>
                  <Table.Th scope="col">{t('serviceView.size')}</Table.Th>
                  <Table.Th scope="col">{t('serviceView.uploadedBy')}</Table.Th>
                  <Table.Th scope="col">{t('serviceView.when')}</Table.Th>
                  {canManage && <Table.Th scope="col">{t('serviceView.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((document) => (
                  <Table.Tr key={document.id}>
                    <Table.Td>
                      <Anchor href={documentUrl(service.id, document.id)} download={document.filename}>
                        {document.filename}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatBytes(document.size)}</Table.Td>
                    <Table.Td>{document.uploadedBy}</Table.Td>
                    <Table.Td>{formatDateTime(document.createdAt)}</Table.Td>
                    {canManage && (
                      <Table.Td>
                        <Group gap="xs">
                          <Button size="compact-sm" variant="default" onClick={() => setToDelete(document)}>
                            {t('serviceView.deleteFile', { name: document.filename })}
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
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
