import './portfolio.css';
import { Button } from '@mantine/core';
import { routePath, type ServiceListResponse, type ServiceSort, type ServiceSummary } from '@nubes/domain';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { ListScreen } from '../../components/list-screen/ListScreen';
import type { ListEmpty } from '../../components/list-screen/listEmpty';
import { useListQuery, type UrlView } from '../../components/list-screen/useListScreen';
import { listKeys } from '../../api/services';
import { ListFilterBar } from './ListFilterBar';
import { exportPaths, isSortable, sortBy, type ListFilters, type ListSource } from './listQuery';
import { serviceColumns } from '../../components/serviceColumns';
import { usePermission } from '../../hooks/usePermission';

export interface ServiceListProps {
  source: ListSource;
  url: UrlView<ListFilters>;
  /** What the list is called in its table caption (the tab or the screen). */
  label: string;
  /** Offer the exports of the current view and of the selected rows (need service.list on the server). */
  exportable: boolean;
  /**
   * "Start review" for the selected rows, offered to review managers. It is the reviews feature's,
   * so the page puts it in (docs/adr/0104-features-import-no-other-feature.md).
   */
  startReviews: ComponentType<{ selected: readonly ServiceSummary[]; clearSelection: () => void }>;
}

/**
 * One service list: search and filters, then the data table of one page. The server pages,
 * filters and sorts; the browser never holds more than one page.
 */
export const ServiceList = ({ source, url, label, exportable, startReviews: StartReviews }: ServiceListProps) => {
  const { t, i18n } = useTranslation();
  const mayCreate = usePermission('service.create');
  const mayReview = usePermission('review.manage');
  const screen = useListQuery<ListFilters, ServiceListResponse>(url, (path) => listKeys.page(source, path));
  const filters = url.view;
  const sortable = isSortable(source);
  const columns = useMemo(() => serviceColumns(t, i18n.language, sortable), [t, i18n.language, sortable]);

  const empty = ((): ListEmpty => {
    if (source === 'portfolio' && filters.tab === 'myCentre')
      return { title: t('dataTable.services.noneMyCentre'), hint: t('dataTable.services.noneMyCentreHint') };
    const mine = source === 'mine';
    return {
      title: t(mine ? 'dataTable.services.noneMine' : 'dataTable.services.noneYet'),
      hint: t(mine ? 'dataTable.services.noneMineHint' : 'dataTable.services.noneYetHint'),
      action: mayCreate ? (
        <Button component={Link} to={routePath('serviceApplication')} variant="default">
          {t('dataTable.services.startApplication')}
        </Button>
      ) : undefined,
    };
  })();

  return (
    <ListScreen
      screen={screen}
      id={`services-${source}`}
      label={label}
      caption={(page, pages) => t('portfolio.caption', { list: label, page, pages })}
      filters={<ListFilterBar source={source} url={url} />}
      savedViews={source}
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={(row) => row.name}
      empty={empty}
      emptyFiltered={{ title: t('dataTable.services.filtered'), hint: t('dataTable.services.filteredHint') }}
      pastEnd
      countLabel={(count) => t('portfolio.total', { count })}
      sortable={sortable}
      sortTo={(view, sort) => sortBy(view, source, sort.id as ServiceSort)}
      exports={exportable ? exportPaths(source, filters) : undefined}
      bulkActions={
        exportable || mayReview
          ? (selected, clearSelection) => {
              const selection = exportPaths(
                source,
                filters,
                selected.map((service) => service.id),
              );
              return (
                <>
                  {exportable && (
                    <>
                      <Button size="compact-md" component="a" href={selection.csv} download>
                        {t('dataTable.exportSelectedCsv')}
                      </Button>
                      <Button size="compact-md" component="a" href={selection.json} download>
                        {t('savedViews.exportSelectedJson')}
                      </Button>
                    </>
                  )}
                  {mayReview && <StartReviews selected={selected} clearSelection={clearSelection} />}
                </>
              );
            }
          : undefined
      }
    />
  );
};
