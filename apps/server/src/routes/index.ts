import type { FastifyInstance } from 'fastify';
import { actualsRoutes } from './actuals';
import { remodelRoutes } from './remodel';
import { adminRoutes } from './admin';
import { auditRoutes } from './audit';
import { calibrationFitRoutes } from './calibration-fit';
import { cohortsRoutes } from './cohorts';
import { compareRoutes } from './compare';
import { completedStudiesRoutes } from './completed-studies';
import { ctisRoutes } from './ctis';
import { ctmsExtractRoutes } from './ctms-extract';
import { favoritesRoutes } from './favorites';
import { forecastCalibrationRoutes } from './forecast-calibration';
import { forecastHistoryRoutes } from './forecast-history';
import { healthRoutes } from './health';
import { metaRoutes } from './meta';
import { planRunsRoutes } from './plan-runs';
import { planUploadRoutes } from './plan-upload';
import { planCountriesRoutes } from './plan-countries';
import { plansRoutes } from './plans';
import { quickLinksRoutes } from './quick-links';
import { referenceDataRoutes } from './reference-data';
import { resultsRoutes } from './results';
import { sessionRoutes } from './session';
import { soeRoutes } from './soe';
import { soeForecastRoutes } from './soe-forecast';
import { soeUploadsRoutes } from './soe-uploads';
import { studiesRoutes } from './studies';

/** Every API resource, one folder each. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    healthRoutes,
    metaRoutes,
    sessionRoutes,
    studiesRoutes,
    favoritesRoutes,
    quickLinksRoutes,
    plansRoutes,
    planCountriesRoutes,
    planUploadRoutes,
    soeRoutes,
    soeForecastRoutes,
    soeUploadsRoutes,
    adminRoutes,
    auditRoutes,
    referenceDataRoutes,
    cohortsRoutes,
    ctisRoutes,
    planRunsRoutes,
    resultsRoutes,
    forecastHistoryRoutes,
    compareRoutes,
    forecastCalibrationRoutes,
    calibrationFitRoutes,
    completedStudiesRoutes,
    actualsRoutes,
    ctmsExtractRoutes,
    remodelRoutes,
  ]) {
    await app.register(routes);
  }
}
