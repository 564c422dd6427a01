import {
  CALIBRATED_SETTING_KEYS,
  CALIBRATED_SETTING_LABELS,
  type CalibrationFitShare,
  type CalibrationSettingValues,
  type CalibrationVersion,
  type CalibrationVersionList,
} from '@predict/shared';
import { formatDecimal, formatPercent } from '@/lib/format';

/** The settings new runs use now: the approved version's, else the engine defaults. */
export function currentSettings(list: CalibrationVersionList): {
  values: CalibrationSettingValues;
  source: string;
} {
  const approved = list.versions.find((v) => v.version === list.approvedVersion);
  if (!approved) return { values: list.defaults, source: 'Engine defaults' };
  const values = Object.fromEntries(
    CALIBRATED_SETTING_KEYS.map((k) => [k, approved.settings[k].value]),
  ) as CalibrationSettingValues;
  return { values, source: `Calibration version ${approved.version}` };
}

/** Rows of the settings table: label, current value, fitted (run) value, the estimate and its standard error. */
export function settingRows(current: CalibrationSettingValues, version: CalibrationVersion) {
  return CALIBRATED_SETTING_KEYS.map((key) => {
    const fitted = version.settings[key];
    return {
      key,
      label: CALIBRATED_SETTING_LABELS[key],
      current: formatDecimal(current[key], 2),
      fitted: formatDecimal(fitted.value, 2),
      estimate: formatDecimal(fitted.estimate ?? fitted.value, 2),
      se: fitted.se === null ? '—' : formatDecimal(fitted.se, 2),
    };
  });
}

/** A share with its 90% interval and n, e.g. "75% (52%-90%, n = 8)"; "—" without studies. */
export function shareText(s: CalibrationFitShare): string {
  if (s.n === 0 || s.share === null) return '— (n = 0)';
  return `${formatPercent(s.share)} (${formatPercent(s.lo)}-${formatPercent(s.hi)}, n = ${s.n})`;
}
