import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSignIn } from '@/features/auth';
import { AppLayout } from './layout/app-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';

export const HOME_PATH = '/ctpo/study-plans/';

/** React.lazy for a named export: each screen becomes its own chunk, loaded on first visit. */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HomeRoute = lazyNamed(() => import('./routes/home'), 'HomeRoute');
const StudyPlanRoute = lazyNamed(() => import('./routes/study-plan'), 'StudyPlanRoute');
const StudyActualsRoute = lazyNamed(() => import('./routes/study-actuals'), 'StudyActualsRoute');
const RemodelRoute = lazyNamed(() => import('./routes/study-actuals-remodel'), 'StudyActualsRemodelRoute');
const AdminDataRoute = lazyNamed(() => import('./routes/admin-data'), 'AdminDataRoute');
const ForecastCalibrationRoute = lazyNamed(
  () => import('./routes/forecast-calibration'),
  'ForecastCalibrationRoute',
);
const AuditTrailRoute = lazyNamed(() => import('./routes/audit-trail'), 'AuditTrailRoute');
const UserProfileRoute = lazyNamed(() => import('./routes/user-profile'), 'UserProfileRoute');
const GoodbyeRoute = lazyNamed(() => import('./routes/goodbye'), 'GoodbyeRoute');
const HealthRoute = lazyNamed(() => import('./routes/health'), 'HealthRoute');
// The plan editor: one chunk for its three steps.
const PlanStep1Route = lazyNamed(() => import('./routes/plan-steps'), 'PlanStep1Route');
const PlanStep2Route = lazyNamed(() => import('./routes/plan-steps'), 'PlanStep2Route');
const PlanReviewRoute = lazyNamed(() => import('./routes/plan-steps'), 'PlanReviewRoute');
const SimulationRoute = lazyNamed(() => import('./routes/study-plan-simulation'), 'StudyPlanSimulationRoute');
const ForecastHistoryRoute = lazyNamed(() => import('./routes/forecast-history'), 'ForecastHistoryRoute');
const CompareRoute = lazyNamed(() => import('./routes/compare'), 'CompareRoute');
const SoeEditorRoute = lazyNamed(() => import('./routes/soe-editor'), 'SoeEditorRoute');
const SoeForecastRoute = lazyNamed(() => import('./routes/soe-forecast'), 'SoeForecastRoute');

/** The signed-in part: health check and sign-in first, then the layout with tabs. */
function SignedInLayout() {
  return (
    <RequireSignIn frame={(content) => <AppLayout>{content}</AppLayout>}>
      <AppLayout />
    </RequireSignIn>
  );
}

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={HOME_PATH} replace /> },
  {
    path: '/ctpo',
    element: <SignedInLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      {
        path: 'study-plans',
        children: [
          { index: true, element: <HomeRoute /> },
          { path: ':studyId', element: <StudyPlanRoute /> },
          { path: ':studyId/soe/:scheduleId', element: <SoeEditorRoute /> },
          { path: ':studyId/soe/:scheduleId/forecast', element: <SoeForecastRoute /> },
          // Before :studyId/:planId (a static segment ranks first anyway; kept in order for the reader).
          { path: ':studyId/compare', element: <CompareRoute /> },
          { path: ':studyId/:planId', element: <PlanStep1Route /> },
          { path: ':studyId/:planId/countries-and-site-groups', element: <PlanStep2Route /> },
          { path: ':studyId/:planId/review', element: <PlanReviewRoute /> },
          { path: ':studyId/:planId/simulation', element: <SimulationRoute /> },
          { path: ':studyId/:planId/forecast-history', element: <ForecastHistoryRoute /> },
        ],
      },
      {
        path: 'study-actuals',
        children: [
          { index: true, element: <StudyActualsRoute /> },
          { path: ':studyId', element: <StudyActualsRoute /> },
          { path: ':studyId/remodel', element: <RemodelRoute /> },
        ],
      },
      {
        path: 'admin-data',
        children: [
          { index: true, element: <AdminDataRoute /> },
          // A static segment: it ranks above :siteGroupId.
          { path: 'forecast-calibration', element: <ForecastCalibrationRoute /> },
          { path: ':siteGroupId', element: <AdminDataRoute /> },
        ],
      },
      // Not /ctpo/admin/audit: that address is the API's.
      { path: 'audit-trail', element: <AuditTrailRoute /> },
      { path: 'user-profile', element: <UserProfileRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    // Pages that need no sign-in: no /ctpo/login call, no tabs.
    element: <AppLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { path: '/goodbye', element: <GoodbyeRoute /> },
      { path: '/health', element: <HealthRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
