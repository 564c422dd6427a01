import type { SimulationInput } from '@predict/engine';
import type { Tx } from '../../db/client';
import { findApprovedCalibrationVersion } from '../../repositories/calibration-fit-repository';
import { versionSettingValues } from '../calibration-fit/current-settings';
import type { PlanDetail } from './plan-simulation-input';

/**
 * Which uncertainty settings a run uses (issue 24 part 3): with an approved calibration version and a plan that
 * does not pin its settings, the version's fitted settings for the fields the fit estimates (CALIBRATED_SETTING_KEYS)
 * over the plan's own for the rest, and the run records the version; otherwise the plan's own and no version.
 * Combination runs keep their members' inputs as they are (the run knows no settings of its own).
 */
export async function withCalibratedUncertainty<I extends SimulationInput | object>(
  tx: Tx,
  plan: Pick<PlanDetail, 'uncertainty'>,
  input: I,
  isCombination: boolean,
): Promise<{ input: I; calibrationVersion: number | null }> {
  if (isCombination || plan.uncertainty.pinDefaultUncertainty === true || !('plan' in input))
    return { input, calibrationVersion: null };
  const approved = await findApprovedCalibrationVersion(tx);
  if (!approved) return { input, calibrationVersion: null };
  const single = input as SimulationInput;
  const uncertainty = { ...single.plan.uncertainty, ...versionSettingValues(approved) };
  return {
    input: { ...single, plan: { ...single.plan, uncertainty } } as I,
    calibrationVersion: approved.version,
  };
}
