import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { SavedView, SavedViewList } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notifySuccess } from '../../api/notify';
import { ConfirmDialog } from '../ConfirmDialog';
import { reportWriteError } from '../../api/writes';
import { createSavedView, deleteSavedView, fetchSavedViews, savedViewKeys, updateSavedView } from './api';
import { SavedViewNameModal } from './SavedViewNameModal';
import { AppModal } from '../AppModal';
import { RowAction } from '../RowAction';

export interface SavedViewsMenuProps {
  list: SavedViewList;
  /** The list's current query string, without the page (a saved view starts on page 1). */
  query: string;
  /** The columns the table shows now, by id. */
  columns: readonly string[];
  /** Shows the view: its query string into the URL, its columns into the table. */
  onApply: (view: SavedView) => void;
}

type Dialog =
  { kind: 'save' } | { kind: 'manage' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView };

/**
 * The "Views" menu beside a list's filters (docs/adr/0044-saved-views.md): apply one of the
 * person's saved views, save the current one under a name, and in "Manage views…" save the
 * current view into one, rename or delete it. The server keeps the views per person.
 */
export const SavedViewsMenu = ({ list, query, columns, onApply }: SavedViewsMenuProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const views = useQuery({
    queryKey: savedViewKeys.list(list),
    queryFn: ({ signal }) => fetchSavedViews(list, signal),
    staleTime: 60_000,
  });
  const items = views.data?.items ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.list(list) });
  const menuButton = useRef<HTMLButtonElement>(null);
  // The dialogs open from the menu's items, which are gone when a dialog closes: the focus goes
  // back to the menu's button, where the person started (a dialog's own return would find nothing).
  const close = () => {
    setDialog(null);
    window.setTimeout(() => menuButton.current?.focus());
  };

  /** The server's message for the name when it refused it; anything else is reported as a write error. */
  const nameRefusal = (error: unknown): string | undefined => {
    if (isApiError(error) && error.code === 'invalid_input' && error.fields?.name) return error.fields.name;
    reportWriteError(error, t('savedViews.failed'), t, { onConflict: () => void refresh() });
    return undefined;
  };

  const create = useMutation({
    mutationFn: (name: string) => createSavedView({ list, name, query, columns: [...columns] }),
  });
  const update = useMutation({
    mutationFn: ({
      view,
      change,
    }: {
      view: SavedView;
      change: { name?: string; query?: string; columns?: string[] };
    }) => updateSavedView(view.id, { ...change, version: view.version }),
  });
  const remove = useMutation({ mutationFn: (view: SavedView) => deleteSavedView(view) });

  const saveAs = async (name: string) => {
    try {
      const saved = await create.mutateAsync(name);
      await refresh();
      notifySuccess(t('savedViews.saved', { name: saved.name }), '');
      close();
      return undefined;
    } catch (error) {
      return nameRefusal(error);
    }
  };

  const rename = (view: SavedView) => async (name: string) => {
    try {
      const saved = await update.mutateAsync({ view, change: { name } });
      await refresh();
      notifySuccess(t('savedViews.renamed', { name: saved.name }), '');
      setDialog({ kind: 'manage' });
      return undefined;
    } catch (error) {
      return nameRefusal(error);
    }
  };

  const saveInto = (view: SavedView) =>
    update.mutate(
      { view, change: { query, columns: [...columns] } },
      {
        onSuccess: (saved) => {
          void refresh();
          notifySuccess(t('savedViews.updated', { name: saved.name }), '');
        },
        onError: (error) => reportWriteError(error, t('savedViews.failed'), t, { onConflict: () => void refresh() }),
      },
    );

  const confirmDelete = (view: SavedView) =>
    remove.mutate(view, {
      onSuccess: () => {
        void refresh();
        notifySuccess(t('savedViews.deleted', { name: view.name }), '');
        setDialog({ kind: 'manage' });
      },
      onError: (error) => {
        reportWriteError(error, t('savedViews.deleteFailed'), t, { onConflict: () => void refresh() });
        setDialog({ kind: 'manage' });
      },
    });

  return (
    <>
      {/* No fade: axe measures the contrast of a half-transparent menu (docs/adr/0006). */}
      <Menu position="bottom-end" transitionProps={{ duration: 0 }} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button ref={menuButton} variant="default">
            {t('savedViews.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('savedViews.menuLabel')}>
          <Menu.Label>{t('savedViews.menuLabel')}</Menu.Label>
          {views.isError && <Menu.Label>{t('savedViews.loadFailed')}</Menu.Label>}
          {views.isSuccess && items.length === 0 && <Menu.Label>{t('savedViews.none')}</Menu.Label>}
          {items.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => {
                onApply(view);
                notifySuccess(t('savedViews.applied', { name: view.name }), '');
              }}
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog({ kind: 'save' })}>{t('savedViews.saveAs')}</Menu.Item>
          {items.length > 0 && (
            <Menu.Item onClick={() => setDialog({ kind: 'manage' })}>{t('savedViews.manage')}</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <SavedViewNameModal
        opened={dialog?.kind === 'save'}
        title={t('savedViews.saveTitle')}
        intro={t('savedViews.saveText')}
        initialName=""
        busy={create.isPending}
        onSubmit={saveAs}
        onClose={close}
      />
      <SavedViewNameModal
        opened={dialog?.kind === 'rename'}
        title={t('savedViews.renameTitle')}
        initialName={dialog?.kind === 'rename' ? dialog.view.name : ''}
        busy={update.isPending}
        onSubmit={dialog?.kind === 'rename' ? rename(dialog.view) : async () => undefined}
        onClose={() => setDialog({ kind: 'manage' })}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('savedViews.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('savedViews.deleteText', { name: dialog.view.name }) : ''}
        confirmLabel={t('savedViews.deleteShort')}
        danger
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.view)}
        onCancel={() => setDialog({ kind: 'manage' })}
      />
      <AppModal
        opened={dialog?.kind === 'manage'}
        onClose={close}
        title={t('savedViews.manageTitle')}
        centered
        transitionProps={{ duration: 0 }}
        closeButtonProps={{ 'aria-label': t('notifications.close') }}
      >
        <Stack gap="sm">
          {items.length === 0 && <Text>{t('savedViews.none')}</Text>}
          {items.map((view) => (
            <Group key={view.id} justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{view.name}</Text>
              <Group gap="xs">
                <RowAction
                  label={t('savedViews.updateShort')}
                  aria-label={t('savedViews.update', { name: view.name })}
                  loading={update.isPending && update.variables?.view.id === view.id}
                  onClick={() => saveInto(view)}
                />
                <RowAction
                  label={t('savedViews.renameShort')}
                  aria-label={t('savedViews.rename', { name: view.name })}
                  onClick={() => setDialog({ kind: 'rename', view })}
                />
                <RowAction
                  label={t('savedViews.deleteShort')}
                  color="red"
                  aria-label={t('savedViews.delete', { name: view.name })}
                  onClick={() => setDialog({ kind: 'delete', view })}
                />
              </Group>
            </Group>
          ))}
        </Stack>
      </AppModal>
    </>
  );
};
