import {
  CALIBRATED_SETTING_KEYS,
  CalibrationVersion,
  CalibrationVersionList,
  type CalibrationFitShare,
  type CalibrationSettingValues,
} from '@predict/shared';

export const DEFAULTS: CalibrationSettingValues = {
  studyRateCv: 0.2,
  countryRateCv: 0.6,
  siteRateCv: 0.8,
  startupCv: 0.25,
  siteInactivationPerYear: 0.2,
  siteDecayPerYear: 0,
};

const share = (count: number, n: number, lo: number, hi: number): CalibrationFitShare => ({
  count,
  n,
  share: count / n,
  lo,
  hi,
});

/**
 * A version whose fitted values are `base` + offset (SE 0.05, none for the decay); its study CV is also a
 * predictive value over a lower estimate (SE 0.18, estimate sqrt(value^2 - 0.18^2)).
 */
const studyCv = (value: number) =>
  value > 0.18 ? { value, se: 0.18, estimate: Math.sqrt(value ** 2 - 0.18 ** 2) } : { value, se: 0.05 };

export function version(
  n: number,
  status: CalibrationVersion['status'],
  offset: number,
  currentVersion: number | null = null,
): CalibrationVersion {
  const settings = Object.fromEntries(
    CALIBRATED_SETTING_KEYS.map((k) => [
      k,
      k === 'studyRateCv'
        ? studyCv(DEFAULTS[k] + offset)
        : { value: DEFAULTS[k] + offset, se: k === 'siteDecayPerYear' ? null : 0.05 },
    ]),
  );
  return CalibrationVersion.parse({
    version: n,
    status,
    settings,
    studyIds: Array.from({ length: 12 }, (_, i) => i + 1),
    figures: {
      folds: [{ cutMillis: Date.UTC(2025, 5, 1, 12), fittedStudies: 9, scoredStudies: 3 }],
      replications: 400,
      seed: 1,
      currentVersion,
      currentSettings: DEFAULTS,
      current: { n: 8, coverage: share(5, 8, 0.35, 0.85), belowMedian: share(7, 8, 0.6, 0.97) },
      fitted: { n: 8, coverage: share(6, 8, 0.45, 0.92), belowMedian: share(4, 8, 0.24, 0.76) },
      seconds: 3.2,
    },
    createdBy: 'Ada Admin',
    createdAt: '2026-05-01T09:30:00.000Z',
    approvedBy: status === 'fitted' ? null : 'Ada Admin',
    approvedAt: status === 'fitted' ? null : '2026-05-02T09:30:00.000Z',
  });
}

export function versionList(versions: CalibrationVersion[]): CalibrationVersionList {
  return CalibrationVersionList.parse({
    versions,
    approvedVersion: versions.find((v) => v.status === 'approved')?.version ?? null,
    defaults: DEFAULTS,
  });
}

export function fitStatus(
  status: 'queued' | 'running' | 'done' | 'failed',
  progress: number,
  step: string,
  extra: { version?: CalibrationVersion; message?: string } = {},
) {
  return {
    fitId: 5,
    status,
    progress,
    step,
    message: extra.message ?? null,
    studies: 12,
    requestedBy: 'Ada Admin',
    requestedAt: '2026-05-03T09:30:00.000Z',
    finishedAt: status === 'done' || status === 'failed' ? '2026-05-03T09:31:00.000Z' : null,
    version: extra.version ?? null,
  };
}
