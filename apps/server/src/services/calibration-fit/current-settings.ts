import { DEFAULT_UNCERTAINTY } from '@predict/engine';
import {
  CALIBRATED_SETTING_KEYS,
  CalibrationFittedSettings,
  type CalibrationSettingValues,
} from '@predict/shared';
import type { CalibrationVersionRow } from '../../repositories/calibration-fit-repository';

/** The engine's defaults of the calibrated settings (what runs use without an approved version). */
export const DEFAULT_CALIBRATED_SETTINGS = Object.fromEntries(
  CALIBRATED_SETTING_KEYS.map((k) => [k, DEFAULT_UNCERTAINTY[k]]),
) as CalibrationSettingValues;

/** A version's fitted values, without their standard errors. */
export function versionSettingValues(row: Pick<CalibrationVersionRow, 'settings'>): CalibrationSettingValues {
  const settings = CalibrationFittedSettings.parse(row.settings);
  return Object.fromEntries(
    CALIBRATED_SETTING_KEYS.map((k) => [k, settings[k].value]),
  ) as CalibrationSettingValues;
}
