import { useSearchParams } from '../../../routing';

/** The tabs of the single service view (ADR 0012). */
export const SERVICE_TABS = [
  'onboarding',
  'information',
  'weighting',
  'ownership',
  'responsibilities',
  'documents',
  'changeRequests',
  'resources',
  'status',
  'downtimes',
  'retirementPlan',
  'history',
] as const;
export type ServiceTab = (typeof SERVICE_TABS)[number];

export const isServiceTab = (value: unknown): value is ServiceTab =>
  typeof value === 'string' && (SERVICE_TABS as readonly string[]).includes(value);

/** Opens a tab (and a service information page) in the URL, so links and reloads land there. */
export const useServiceTabs = () => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ServiceTab = isServiceTab(requested) ? requested : 'onboarding';
  const open = (next: ServiceTab, page?: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        if (page) updated.set('page', page);
        else if (next !== 'information') updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  return { tab, page: params.get('page'), open };
};
