import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { GuestOnlyRoute } from '../features/auth/components/GuestOnlyRoute';
import { ProtectedRoute } from '../features/auth/components/ProtectedRoute';
import HomePage from '../pages/Home';
import { Layout } from './Layout';

// Home is in the first bundle (the usual landing page); every other page loads on demand, the admin console
// (its shell and each screen) included, so visitors never download it.
const AboutPage = lazy(() => import('../pages/About'));
const CampaignsPage = lazy(() => import('../pages/Campaigns'));
const CampaignPage = lazy(() => import('../pages/CampaignPage'));
const ContactPage = lazy(() => import('../pages/Contact'));
const DonatePage = lazy(() => import('../pages/Donate'));
const EventsPage = lazy(() => import('../pages/Events'));
const LoginPage = lazy(() => import('../pages/Login'));
const MonthlyGiftPage = lazy(() => import('../pages/MonthlyGift'));
const AnnualStatementPage = lazy(() => import('../pages/AnnualStatement'));
const AdminShell = lazy(() => import('./AdminShell'));
const AdminDashboardPage = lazy(() => import('../pages/AdminDashboard'));
const AdminCampaignsPage = lazy(() => import('../pages/AdminCampaigns'));
const AdminEventsPage = lazy(() => import('../pages/AdminEvents'));
const AdminDonationsPage = lazy(() => import('../pages/AdminDonations'));
const AdminRecurringPage = lazy(() => import('../pages/AdminRecurring'));
const AdminTaxYearPage = lazy(() => import('../pages/AdminTaxYear'));
const AdminMessagesPage = lazy(() => import('../pages/AdminMessages'));
const AdminSettingsPage = lazy(() => import('../pages/AdminSettings'));
const NotFoundPage = lazy(() => import('../pages/NotFound'));

/** The route table of spec section 2, with the admin console (docs/decisions/005-admin-console.md) under /admin. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="campaigns" element={<CampaignsPage />} />
        <Route path="campaigns/:slug" element={<CampaignPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="donate" element={<DonatePage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="monthly-gift" element={<MonthlyGiftPage />} />
        <Route path="annual-statement" element={<AnnualStatementPage />} />
        <Route element={<GuestOnlyRoute />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route path="admin" element={<AdminShell />}>
            <Route index element={<AdminDashboardPage />} />
            <Route path="campaigns" element={<AdminCampaignsPage />} />
            <Route path="events" element={<AdminEventsPage />} />
            <Route path="donations" element={<AdminDonationsPage />} />
            <Route path="recurring" element={<AdminRecurringPage />} />
            <Route path="tax-year" element={<AdminTaxYearPage />} />
            <Route path="messages" element={<AdminMessagesPage />} />
            <Route path="settings" element={<AdminSettingsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
