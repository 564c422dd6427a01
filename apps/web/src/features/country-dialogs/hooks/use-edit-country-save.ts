import {
  NOT_ALL_SAVES_MESSAGE,
  SAVE_SUCCESSFUL_MESSAGE,
  type PlanCountry,
  type PlanSiteGroup,
  type StudyPlan,
} from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { patchCountry, useRefreshPlan } from '../api/country-dialogs-api';
import type { EditCountryValues } from '../utils/country-values';
import { checkSiteRange, type SiteRange } from '../utils/site-range';

interface EditCountrySaveArgs {
  plan: StudyPlan;
  country: PlanCountry;
  group: PlanSiteGroup | undefined;
  withUpper: boolean;
  original: EditCountryValues;
  values: EditCountryValues;
  /** Asks about changed bounds first; answers the bounds the user kept. */
  confirmBounds: (range: SiteRange) => Promise<SiteRange>;
  onSaved: () => void;
}

/** Save of Edit Country (PATCH /ctpo/country): nothing is sent when the warnings voided every change. */
export function useEditCountrySave(args: EditCountrySaveArgs) {
  const { plan, country, group, withUpper, original, values, confirmBounds, onSaved } = args;
  const notify = useNotify();
  const refreshPlan = useRefreshPlan(plan.studyPlanId);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!group) return;
    setSaving(true);
    const range = await confirmBounds(values.range);
    const final = checkSiteRange(range, withUpper);
    const nothingLeft =
      range.lower === original.range.lower &&
      range.upper === original.range.upper &&
      values.effort === original.effort &&
      values.startUp === original.startUp;
    if (nothingLeft || !final.complete || values.effort === '' || values.startUp === '') {
      setSaving(false);
      return;
    }
    try {
      const answer = await patchCountry({
        studyPlanId: plan.studyPlanId,
        countryId: country.countryId,
        rowVersion: plan.rowVersion,
        siteGroups: [
          {
            siteGroupId: group.siteGroupId,
            NUM_SITES_ACTIVATED_LOWER: final.lower,
            NUM_SITES_ACTIVATED_UPPER: final.upper,
            timeSiteIdSize: values.effort,
            timeCountryStartUpSize: values.startUp,
          },
        ],
      });
      const allSaved = answer.length > 0 && answer.every((row) => row.returnCode === '200');
      await refreshPlan();
      if (!allSaved) {
        notify.error(NOT_ALL_SAVES_MESSAGE);
        setSaving(false);
        return;
      }
      notify.success(SAVE_SUCCESSFUL_MESSAGE);
      onSaved();
    } catch {
      notify.error(NOT_ALL_SAVES_MESSAGE);
      setSaving(false);
    }
  };

  return { saving, save };
}
