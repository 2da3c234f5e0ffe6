import {
  can,
  DASHBOARD_LIMITS,
  isVoReviewer,
  dashboardSchema,
  voDueFor,
  type Principal,
  type WaitingItem,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { voActorContext } from '../policies/vo-policy.js';
import { presentActivity, presentWaitingEntry, presentWaitingVo } from '../presenters/dashboard.js';
import { presentServiceSummary } from '../presenters/service-summary.js';
import {
  loadManagedVoIds,
  loadObjectNames,
  loadScopedActivity,
  type ActivityRow,
  type ActivityScope,
} from '../queries/dashboard.js';
import { cachedDashboardOverview, type DashboardOverview } from '../read-models/dashboard-overview.js';

/** Beyond this many own services the activity's own look-up reads only the most recently changed. */
const OWN_SERVICES_FOR_ACTIVITY = 500;

/** The home dashboard (docs/adr/0041-dashboard.md): from memory; only, rarely, the own services' events are a query. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context.database;

  /** The VOs whose next step is the caller's, by the VO workflow table. */
  const waitingVos = async (principal: Principal): Promise<WaitingItem[]> =>
    (await context.openVos.rows()).flatMap((vo) => {
      const due = voDueFor(vo.state, voActorContext(principal, vo));
      return due ? [presentWaitingVo({ ...vo, due })] : [];
    });

  /**
   * The latest events the caller may read: everything with the audit log's permission, otherwise
   * the events of what their screens show them: services they may see (a service's history is
   * theirs to read), contacts and institutions with the contact database, the VOs the VO's rule
   * lets them read (reviewers all, others those they manage). When the portal's latest events
   * hold too few of those, one query over exactly these objects fills up.
   */
  const activityOf = async (principal: Principal, overview: DashboardOverview, recent: readonly ActivityRow[]) => {
    const readsAll = can(principal, 'audit.read');
    const contacts = can(principal, 'contact.read');
    const institutions = can(principal, 'institution.manage');
    const allVos = isVoReviewer(principal.roles);
    // The VOs someone manages are asked for only when a VO's event is to be decided.
    let managed: Promise<string[]> | undefined;
    const managedVoIds = () => (managed ??= allVos ? Promise.resolve([]) : loadManagedVoIds(db, principal.id));
    const needsManaged = !readsAll && !allVos && recent.some((row) => row.objectType === 'vo');
    const managedSet = new Set(needsManaged ? await managedVoIds() : []);
    const mayRead = (row: ActivityRow): boolean => {
      if (readsAll) return true;
      switch (row.objectType) {
        case 'service':
          return overview.canSee(row.objectId) !== null;
        case 'contact':
          return contacts;
        case 'institution':
          return institutions;
        case 'vo':
          return allVos || managedSet.has(row.objectId);
        default:
          return false;
      }
    };
    const picked: ActivityRow[] = [];
    for (const row of recent) {
      if (picked.length >= DASHBOARD_LIMITS.activity) break;
      if (mayRead(row)) picked.push(row);
    }
    if (picked.length < DASHBOARD_LIMITS.activity && !readsAll) {
      const scope: ActivityScope = {
        serviceIds: overview.relatedIds.slice(0, OWN_SERVICES_FOR_ACTIVITY),
        contacts,
        institutions,
        allVos,
        voIds: await managedVoIds(),
      };
      const own = await loadScopedActivity(db, scope, DASHBOARD_LIMITS.activity);
      const seen = new Set(picked.map((row) => row.id));
      picked.push(...own.filter((row) => !seen.has(row.id)));
      picked.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));
    }
    const shown = picked.slice(0, DASHBOARD_LIMITS.activity);
    const names = await loadObjectNames(db, shown);
    return shown.map((row) =>
      presentActivity(
        row,
        row.objectType === 'service' ? overview.canSee(row.objectId) : null,
        readsAll,
        names.get(row.objectId) ?? null,
      ),
    );
  };

  /**
   * One person's activity, kept while the latest events it was picked from are current (at most a
   * second, or until a change in this process) and their overview stands: the fill-up query and the
   * names would otherwise run on every reload of a home whose latest events are not theirs.
   */
  const activityCache = new WeakMap<
    readonly ActivityRow[],
    WeakMap<DashboardOverview, ReturnType<typeof activityOf>>
  >();
  const activity = async (principal: Principal, overview: DashboardOverview) => {
    const recent = await context.recentActivity.rows();
    let byOverview = activityCache.get(recent);
    if (!byOverview) activityCache.set(recent, (byOverview = new WeakMap()));
    let events = byOverview.get(overview);
    if (!events) {
      const made = activityOf(principal, overview, recent);
      made.catch(() => byOverview.delete(overview));
      byOverview.set(overview, (events = made));
    }
    return events;
  };

  app.get(
    '/dashboard',
    {
      config: { access: 'dashboard.read' },
      schema: {
        tags: ['dashboard'],
        summary: "The caller's home: what waits for them, their services, counts per state and centre, recent activity",
        description:
          'Waiting: services whose next step is the caller’s (by the workflow table and their relation to the service), change requests and reviews they must act on, VO applications they must send or review; longest waiting first, at most 25 (total counts all). Counts and activity cover only what the caller may read.',
        security: [{ bearer: [] }],
        response: { 200: dashboardSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const [snapshot, reviews, changeRequests] = await Promise.all([
        context.serviceIndex.snapshot(),
        context.reviewIndex.snapshot(),
        context.changeRequestList.rows(),
      ]);
      const overview = cachedDashboardOverview(snapshot, reviews, changeRequests, principal);
      const [vos, events] = await Promise.all([waitingVos(principal), activity(principal, overview)]);
      // Both parts come longest waiting first: the first of each are enough for the merged page.
      const waiting = [...overview.waiting.slice(0, DASHBOARD_LIMITS.waiting).map(presentWaitingEntry), ...vos].sort(
        (a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0),
      );
      return {
        waiting: {
          items: waiting.slice(0, DASHBOARD_LIMITS.waiting),
          total: overview.waiting.length + vos.length,
        },
        myServices: {
          items: overview.myServices.slice(0, DASHBOARD_LIMITS.myServices).map(presentServiceSummary),
          total: overview.myServices.length,
        },
        stateCounts: overview.stateCounts,
        centreCounts: overview.centreCounts,
        activity: events,
      };
    },
  );
};
