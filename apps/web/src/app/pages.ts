import type { RouteId } from '@nubes/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from '../pages/PageProps';

type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

/** Each screen is its own chunk, so the first load carries only the shell (≤ 150 KB gzip). */
const HomePage = lazy(() => import('../pages/HomePage').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('../pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const LoginOauthPage = lazy(() => import('../pages/LoginOauthPage').then((m) => ({ default: m.LoginOauthPage })));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const PlaceholderPage = lazy(() => import('../pages/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })));
const ServiceApplicationPage = lazy(() =>
  import('../pages/ServiceApplicationPage').then((m) => ({ default: m.ServiceApplicationPage })),
);
const ServicePage = lazy(() => import('../pages/ServicePage').then((m) => ({ default: m.ServicePage })));
const ServicePortfolioPage = lazy(() =>
  import('../pages/ServicePortfolioPage').then((m) => ({ default: m.ServicePortfolioPage })),
);
const MyServicesPage = lazy(() => import('../pages/MyServicesPage').then((m) => ({ default: m.MyServicesPage })));
const ServiceIntegrationListPage = lazy(() =>
  import('../pages/ServiceIntegrationListPage').then((m) => ({ default: m.ServiceIntegrationListPage })),
);
const ServiceFieldListPage = lazy(() =>
  import('../pages/ServiceFieldListPage').then((m) => ({ default: m.ServiceFieldListPage })),
);
const PublicServicePage = lazy(() =>
  import('../pages/PublicServicePage').then((m) => ({ default: m.PublicServicePage })),
);
const ReviewListPage = lazy(() => import('../pages/ReviewListPage').then((m) => ({ default: m.ReviewListPage })));
const PilotsEndingPage = lazy(() => import('../pages/PilotsEndingPage').then((m) => ({ default: m.PilotsEndingPage })));
const AdminPanelPage = lazy(() => import('../pages/AdminPanelPage').then((m) => ({ default: m.AdminPanelPage })));
const MailSettingsPage = lazy(() => import('../pages/MailSettingsPage').then((m) => ({ default: m.MailSettingsPage })));
const SessionsPage = lazy(() => import('../pages/SessionsPage').then((m) => ({ default: m.SessionsPage })));
const ApiTokensPage = lazy(() => import('../pages/ApiTokensPage').then((m) => ({ default: m.ApiTokensPage })));
const ServiceOnlineFormPage = lazy(() =>
  import('../pages/ServiceOnlineFormPage').then((m) => ({ default: m.ServiceOnlineFormPage })),
);
const ChangeRequestListPage = lazy(() =>
  import('../pages/ChangeRequestListPage').then((m) => ({ default: m.ChangeRequestListPage })),
);
const ResourceFormPage = lazy(() => import('../pages/ResourceFormPage').then((m) => ({ default: m.ResourceFormPage })));
const PolicyPage = lazy(() => import('../pages/PolicyPage').then((m) => ({ default: m.PolicyPage })));
const ResourcePackageReviewListPage = lazy(() =>
  import('../pages/ResourcePackageReviewListPage').then((m) => ({ default: m.ResourcePackageReviewListPage })),
);
const HandoverPage = lazy(() => import('../pages/HandoverPage').then((m) => ({ default: m.HandoverPage })));
const UserAccountsPage = lazy(() => import('../pages/UserAccountsPage').then((m) => ({ default: m.UserAccountsPage })));
const ContactDatabasePage = lazy(() =>
  import('../pages/ContactDatabasePage').then((m) => ({ default: m.ContactDatabasePage })),
);
const InstitutionsPage = lazy(() => import('../pages/InstitutionsPage').then((m) => ({ default: m.InstitutionsPage })));
const InstructionPage = lazy(() => import('../pages/InstructionPage').then((m) => ({ default: m.InstructionPage })));
const PublicServicePortfolioPage = lazy(() =>
  import('../pages/PublicServicePortfolioPage').then((m) => ({ default: m.PublicServicePortfolioPage })),
);

const MyVosPage = lazy(() => import('../pages/MyVosPage').then((m) => ({ default: m.MyVosPage })));
const VoApplicationPage = lazy(() =>
  import('../pages/VoApplicationPage').then((m) => ({ default: m.VoApplicationPage })),
);
const VirtualOrganisationPage = lazy(() =>
  import('../pages/VirtualOrganisationPage').then((m) => ({ default: m.VirtualOrganisationPage })),
);

/**
 * Screens with their own component; every other route shows a placeholder with its title. The
 * domain's route table marks exactly these routes `hasScreen` (pages.test.ts holds them equal), so
 * menus and links offer only built screens (ADR 21).
 */
const PAGES: Partial<Record<RouteId, LazyPage>> = {
  home: HomePage,
  login: LoginPage,
  loginOauth: LoginOauthPage,
  notFound: NotFoundPage,
  serviceApplication: ServiceApplicationPage,
  serviceApplicationEdit: ServiceApplicationPage,
  service: ServicePage,
  servicePortfolio: ServicePortfolioPage,
  myServices: MyServicesPage,
  serviceIntegrationList: ServiceIntegrationListPage,
  serviceFieldList: ServiceFieldListPage,
  publicServicePortfolio: PublicServicePortfolioPage,
  publicService: PublicServicePage,
  reviewList: ReviewListPage,
  pilotsEnding: PilotsEndingPage,
  adminPanel: AdminPanelPage,
  mailSettings: MailSettingsPage,
  sessions: SessionsPage,
  apiTokens: ApiTokensPage,
  serviceOnlineForm: ServiceOnlineFormPage,
  changeRequestList: ChangeRequestListPage,
  resourceForm: ResourceFormPage,
  policy: PolicyPage,
  resourcePackageReviewList: ResourcePackageReviewListPage,
  userAccounts: UserAccountsPage,
  handover: HandoverPage,
  institutions: InstitutionsPage,
  instructionsServicePortfolio: InstructionPage,
  instructionsContactDatabase: InstructionPage,
  contactDatabase: ContactDatabasePage,
  voRegistration: MyVosPage,
  myVos: MyVosPage,
  voApplication: VoApplicationPage,
  voApplicationEdit: VoApplicationPage,
  virtualOrganisation: VirtualOrganisationPage,
};

export const pageFor = (id: RouteId): LazyPage => PAGES[id] ?? PlaceholderPage;

/** The routes with a screen of their own. */
export const routesWithScreen = (): RouteId[] => Object.keys(PAGES) as RouteId[];
