import { Button, Stack, Tabs } from '@mantine/core';
import {
  REVIEW_TABS,
  BULK_REVIEW_ACTIONS,
  type BulkReviewAction,
  type MessageKey,
  type ReviewListItem,
  type ReviewListResponse,
  type ReviewSort,
  type ReviewTab,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { ListScreen } from '../../components/list-screen/ListScreen';
import { useListScreen } from '../../components/list-screen/useListScreen';
import { NoAccess } from '../../components/NoAccess';
import { notifyError, notifySuccess } from '../../api/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { reportWriteError } from '../../api/writes';
import { reviewKeys, runBulkReview } from './api';
import { reviewColumns } from './reviewColumns';
import { ReviewFilterBar } from './ReviewFilterBar';
import { filtersOf, reviewView, type ReviewListView } from './reviewQuery';
import { useReviewAction } from './useReviewAction';
import { useSelectedTabInView } from '../../hooks/useSelectedTabInView';

const ALL = 'all';

const ClearReviewFilters = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={onClick}>
      {t('dataTable.clearFilters')}
    </Button>
  );
};
type TabValue = ReviewTab | typeof ALL;

/** A question before a bulk action: it names how many services it touches, the number the server checks. */
interface BulkQuestion {
  action: BulkReviewAction;
  count: number;
}

type Single = { item: ReviewListItem; action: 'stop' | 'end' };

/** Each bulk action's texts: the button, the question's title and text, the notification after it. */
const BULK_TEXTS = {
  start: {
    button: 'reviews.bulk.start',
    title: 'reviews.bulk.confirmStartTitle',
    text: 'reviews.bulk.confirmStart',
    done: 'reviews.notifications.started',
  },
  stop: {
    button: 'reviews.bulk.stop',
    title: 'reviews.bulk.confirmStopTitle',
    text: 'reviews.bulk.confirmStop',
    done: 'reviews.notifications.stopped',
  },
  end: {
    button: 'reviews.bulk.end',
    title: 'reviews.bulk.confirmEndTitle',
    text: 'reviews.bulk.confirmEnd',
    done: 'reviews.notifications.ended',
  },
} as const satisfies Record<BulkReviewAction, Record<string, MessageKey>>;

/**
 * The Service Review List: tabs All / Pipeline / Catalogue, filters, one page of services from the
 * server with their review, row actions, and start, stop or end for every service the view selects,
 * each after a question that names how many services it takes.
 */
export const ReviewList = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const screen = useListScreen<ReviewListView, ReviewListResponse>(reviewView, reviewKeys.list);
  const { view, setView, list } = screen;
  const [question, setQuestion] = useState<BulkQuestion | null>(null);
  const [single, setSingle] = useState<Single | null>(null);
  const action = useReviewAction();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all });

  const bulk = useMutation({
    mutationFn: (request: BulkQuestion) =>
      runBulkReview({ action: request.action, filters: filtersOf(view), count: request.count }),
    onSuccess: (_answer, request) => {
      setQuestion(null);
      refresh();
      notifySuccess(t(BULK_TEXTS[request.action].done), t('reviews.total', { count: request.count }));
    },
    onError: (error) => {
      setQuestion(null);
      refresh();
      if (isApiError(error) && error.code === 'conflict')
        notifyError(t('notifications.somethingWentWrong'), t('reviews.notifications.countChanged'));
      else reportWriteError(error, t('notifications.somethingWentWrong'), t);
    },
  });

  const busyId = action.isPending ? (action.variables?.id ?? null) : null;
  const columns = useMemo(
    () =>
      reviewColumns(
        t,
        (item, next) => {
          if (next === 'stop' || next === 'end') setSingle({ item, action: next });
          else action.mutate({ id: item.id, action: next, version: item.review.version });
        },
        busyId,
      ),
    [t, action, busyId],
  );

  const tab: TabValue = view.tab ?? ALL;
  const tabList = useSelectedTabInView(tab);
  if (isApiError(list.error) && list.error.status === 403) return <NoAccess />;

  const eligible = list.data?.eligible ?? { start: 0, stop: 0, end: 0 };
  // While another view's answer loads, the numbers shown are the previous view's: confirming one
  // of them would only meet the server's 409, so the bulk actions wait for the view's own count.
  const counting = list.isPlaceholderData;
  // The review list offers "Clear filters" even without one: its tab may hold no service at all.
  const empty = { title: t('reviews.empty'), hint: t('reviews.emptyHint') };

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value && value !== tab)
            setView(reviewView.change(view, { tab: value === ALL ? null : (value as ReviewTab) }));
        }}
      >
        <Tabs.List ref={tabList} aria-label={t('reviews.filters.tab')}>
          {[ALL, ...REVIEW_TABS].map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`reviews.tabs.${value as TabValue}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {[ALL, ...REVIEW_TABS].map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {value === tab && (
              <ListScreen
                screen={screen}
                id="reviews"
                label={t('routes.reviewList')}
                caption={(page, pages) => t('reviews.caption', { page, pages })}
                filters={<ReviewFilterBar url={screen} />}
                exports
                columns={columns}
                getRowId={(row) => row.id}
                rowLabel={(row) => row.name}
                empty={{ ...empty, action: <ClearReviewFilters onClick={() => setView(reviewView.cleared(view))} /> }}
                emptyFiltered={empty}
                countLabel={(count) => t('reviews.total', { count })}
                sortTo={(current, sort) => ({
                  ...current,
                  sort: sort.id as ReviewSort,
                  order: current.sort === sort.id ? (current.order === 'asc' ? 'desc' : 'asc') : 'asc',
                  page: 1,
                })}
                actions={BULK_REVIEW_ACTIONS.map((bulkAction) => ({
                  key: bulkAction,
                  label: t(BULK_TEXTS[bulkAction].button, { count: eligible[bulkAction] }),
                  // Starting is the list's main step; stopping and ending are the quieter ones beside it.
                  emphasis: bulkAction === 'start' ? ('primary' as const) : undefined,
                  disabled: counting || eligible[bulkAction] === 0,
                  onClick: () => setQuestion({ action: bulkAction, count: eligible[bulkAction] }),
                }))}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>

      <ConfirmDialog
        opened={question !== null}
        title={t(BULK_TEXTS[question?.action ?? 'start'].title)}
        text={t(BULK_TEXTS[question?.action ?? 'start'].text, { count: question?.count ?? 0 })}
        confirmLabel={t('reviews.bulk.confirm')}
        onConfirm={() => question && bulk.mutate(question)}
        onCancel={() => setQuestion(null)}
        busy={bulk.isPending}
      />
      <ConfirmDialog
        opened={single !== null}
        title={t(single?.action === 'stop' ? 'reviews.confirmSingle.stopTitle' : 'reviews.confirmSingle.endTitle', {
          name: single?.item.name ?? '',
        })}
        text={t(single?.action === 'stop' ? 'reviews.confirmSingle.stopText' : 'reviews.confirmSingle.endText')}
        confirmLabel={t(single?.action === 'stop' ? 'reviews.actions.stop' : 'reviews.actions.end')}
        onConfirm={() => {
          if (!single) return;
          action.mutate({ id: single.item.id, action: single.action, version: single.item.review.version });
          setSingle(null);
        }}
        onCancel={() => setSingle(null)}
      />
    </Stack>
  );
};
