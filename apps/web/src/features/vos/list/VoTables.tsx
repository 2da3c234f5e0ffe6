import { Anchor, Code, Stack, Title } from '@mantine/core';
import { formatDateTime, MAX_PAGE_SIZE, routePath, type VoListItem } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, listExports, type DataTableColumn, type DataTableExports } from '../../../components/data-table';
import { Link } from '../../../routing';
import { fetchVos, voKeys, voListPath } from '../api';
import { VoStateBadge } from '../VoStateBadge';

type Column = 'name' | 'state' | 'applicant' | 'entitlement' | 'updatedAt';

const useColumns = (shown: readonly Column[]): DataTableColumn<VoListItem>[] => {
  const { t } = useTranslation();
  return useMemo(() => {
    const all: Record<Column, DataTableColumn<VoListItem>> = {
      name: {
        id: 'name',
        header: t('vos.fields.name'),
        cell: (vo) => (
          <Anchor component={Link} to={routePath('virtualOrganisation', { id: vo.id })} fw={600}>
            {vo.name}
          </Anchor>
        ),
        sortValue: (vo) => vo.name,
        rowHeader: true,
        hideable: false,
      },
      state: {
        id: 'state',
        header: t('voScreens.state'),
        cell: (vo) => <VoStateBadge state={vo.state} />,
        sortValue: (vo) => t(`vos.states.${vo.state}`),
      },
      applicant: {
        id: 'applicant',
        header: t('vos.fields.applicant'),
        cell: (vo) => vo.applicant,
        sortValue: (vo) => vo.applicant,
      },
      entitlement: {
        id: 'entitlement',
        header: t('vos.fields.entitlement'),
        cell: (vo) => (vo.entitlement ? <Code>{vo.entitlement}</Code> : null),
        sortValue: (vo) => vo.entitlement ?? '',
      },
      updatedAt: {
        id: 'updatedAt',
        header: t('voScreens.lastEdit'),
        cell: (vo) => formatDateTime(vo.updatedAt),
        sortValue: (vo) => Date.parse(vo.updatedAt),
        sortDescFirst: true,
        nowrap: true,
      },
    };
    return shown.map((column) => all[column]);
  }, [t, shown]);
};

const REVIEW_COLUMNS: readonly Column[] = ['name', 'state', 'applicant', 'updatedAt'];
const MINE_COLUMNS: readonly Column[] = ['name', 'state', 'updatedAt', 'entitlement'];

interface VoSectionProps {
  id: string;
  title: string;
  /** A heading of its own, when the screen holds more than this list. */
  headed: boolean;
  rows: readonly VoListItem[] | undefined;
  columns: readonly Column[];
  empty: { title: string; hint?: string };
  /** The screen's list as files: on its first table, for both tables come from the one list. */
  exports?: DataTableExports;
}

const VoSection = ({ id, title, headed, rows, columns, empty, exports }: VoSectionProps) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headed ? `${id}-title` : undefined} aria-label={headed ? undefined : title}>
      {headed && (
        <Title order={2} size="h3" id={`${id}-title`} mb="sm">
          {title}
        </Title>
      )}
      <DataTable
        id={id}
        caption={title}
        columns={useColumns(columns)}
        rows={rows}
        getRowId={(vo) => vo.id}
        empty={empty}
        initialSort={{ id: 'updatedAt', desc: true }}
        countLabel={(count) => t('voScreens.voCount', { count })}
        exports={exports}
      />
    </section>
  );
};

export interface MyVoTablesProps {
  /** The caller reviews applications: the ones waiting for them come first. */
  reviewer: boolean;
  /** The caller may start an application (the empty list says how). */
  mayCreate: boolean;
}

/**
 * My VOs: the applications waiting for the caller's review (reviewers only) above the caller's
 * own VOs as applicant or deputy. One call brings both (GET /api/vos, the waiting ones first).
 */
export const MyVoTables = ({ reviewer, mayCreate }: MyVoTablesProps) => {
  const { t } = useTranslation();
  const query = { pageSize: MAX_PAGE_SIZE };
  const exports = listExports(voListPath(query));
  const list = useQuery({
    queryKey: voKeys.list(JSON.stringify(query)),
    queryFn: ({ signal }) => fetchVos(query, signal),
  });
  const items = list.data?.items;
  const waiting = useMemo(() => items?.filter((vo) => vo.waitingForReview), [items]);
  const mine = useMemo(() => items?.filter((vo) => vo.mine), [items]);

  if (list.isError)
    return (
      <Title order={2} size="h4" role="alert">
        {t('notifications.somethingWentWrong')}
      </Title>
    );
  return (
    <Stack gap="xl">
      {reviewer && (
        <VoSection
          id="vos-waiting"
          headed
          title={t('voScreens.waitingForReview')}
          rows={waiting}
          columns={REVIEW_COLUMNS}
          empty={{ title: t('voScreens.noneWaiting') }}
          exports={exports}
        />
      )}
      <VoSection
        id="vos-mine"
        headed={reviewer}
        title={t('voScreens.myVos')}
        rows={mine}
        columns={MINE_COLUMNS}
        exports={reviewer ? undefined : exports}
        empty={{
          title: t('voScreens.noVos'),
          hint: mayCreate ? t('voScreens.noVosHint') : undefined,
        }}
      />
    </Stack>
  );
};
