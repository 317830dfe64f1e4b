/**
 * Route table of spec §2. Every screen is its own lazily loaded chunk, so /login downloads only
 * what it needs. React Router matches paths case-insensitively, so /Settings, /Queues and /Tags
 * reach the same screens as /settings, /queues and /tags.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminRoute, PrivateRoute, PublicOnlyRoute } from './auth/guards';
import { PageSpinner } from './components/PageSpinner';

const LoginPage = lazy(() => import('./pages/Login/LoginPage'));
const MainLayout = lazy(() => import('./layout/MainLayout').then((m) => ({ default: m.MainLayout })));
const UsersPage = lazy(() => import('./pages/Users/UsersPage'));
const SettingsPage = lazy(() => import('./pages/Settings/SettingsPage'));
const ConnectionsPage = lazy(() => import('./pages/Connections/ConnectionsPage'));
const SimulatorPage = lazy(() => import('./pages/Simulator/SimulatorPage'));
const ContactsPage = lazy(() => import('./pages/Contacts/ContactsPage'));
const QuickAnswersPage = lazy(() => import('./pages/QuickAnswers/QuickAnswersPage'));
const TagsPage = lazy(() => import('./pages/Tags/TagsPage'));
const SectorsPage = lazy(() => import('./pages/Queues/SectorsPage'));
const DashboardPage = lazy(() => import('./pages/Dashboard/DashboardPage'));
const ApiInstructionsPage = lazy(() => import('./pages/ApiInstructions/ApiInstructionsPage'));
const ApiDocsPage = lazy(() => import('./pages/ApiDocs/ApiDocsPage'));
const ApiKeyPage = lazy(() => import('./pages/ApiKey/ApiKeyPage'));
const WhaticketImportPage = lazy(() => import('./pages/WhaticketImport/WhaticketImportPage'));
const TicketsPage = lazy(() => import('./pages/Tickets/TicketsPage'));
const TicketsBoard = lazy(() => import('./pages/Tickets/board/TicketsBoard'));
const WebhooksPage = lazy(() => import('./pages/Webhooks/WebhooksPage'));
const WebhookDeliveriesPage = lazy(() => import('./pages/Webhooks/WebhookDeliveriesPage'));
const ScheduledCalendarPage = lazy(() => import('./pages/Scheduled/ScheduledCalendarPage'));
const AuditLogPage = lazy(() => import('./pages/Audit/AuditLogPage'));
const CampaignsPage = lazy(() => import('./pages/Campaigns/CampaignsPage'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnlyRoute />}>
          <Route path="/login" element={<LoginPage />} />
        </Route>
        <Route element={<PrivateRoute />}>
          <Route element={<MainLayout />}>
            <Route path="/tickets/board" element={<TicketsBoard />} />
            <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
            <Route path="/" element={<DashboardPage />} />
            <Route path="/api" element={<ApiInstructionsPage />} />
            <Route path="/apidocs" element={<ApiDocsPage />} />
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/quickAnswers" element={<QuickAnswersPage />} />
            <Route path="/tags" element={<TagsPage />} />
            <Route path="/scheduled" element={<ScheduledCalendarPage />} />
            {/* Admins and users granted the campaigns permission (the page refuses everyone else). */}
            <Route path="/campaigns" element={<CampaignsPage />} />
            <Route element={<AdminRoute />}>
              <Route path="/users" element={<UsersPage />} />
              <Route path="/queues" element={<SectorsPage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/connections" element={<ConnectionsPage />} />
              <Route path="/simulator" element={<SimulatorPage />} />
              <Route path="/apikey" element={<ApiKeyPage />} />
              <Route path="/import" element={<WhaticketImportPage />} />
              <Route path="/webhooks" element={<WebhooksPage />} />
              <Route path="/webhooks/:id" element={<WebhookDeliveriesPage />} />
              <Route path="/audit" element={<AuditLogPage />} />
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
