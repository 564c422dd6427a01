import { COUNTRY_ALREADY_ADDED_MESSAGE, type StudyPlan } from '@predict/shared';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { addCountry, useRefreshPlan } from '../api/country-dialogs-api';
import type { AddCountryDialogProps } from '../components/add-country-dialog';
import type { AddCountryForm } from './use-add-country-form';

/** Save of Add Country (POST EnrollmentPlanCountryAdd); a site group already in the plan is refused first. */
export function useAddCountrySave(
  plan: StudyPlan,
  form: AddCountryForm,
  onAdded: AddCountryDialogProps['onAdded'],
) {
  const notify = useNotify();
  const refreshPlan = useRefreshPlan(plan.studyPlanId);
  const [saving, setSaving] = useState(false);
  const { group, ready, check, effort, startUp } = form;

  const save = async () => {
    // `ready` implies a chosen effort and time frame; the checks repeat it for their types.
    if (!group || !ready || effort === '' || startUp === '') return;
    const inPlan = plan.countries.some((c) => c.siteGroups.some((g) => g.siteGroupId === group.siteGroupId));
    if (inPlan) {
      notify.error(COUNTRY_ALREADY_ADDED_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      const answer = await addCountry(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        siteGroupId: group.siteGroupId,
        NUM_SITES_ACTIVATED_LOWER: check.lower,
        NUM_SITES_ACTIVATED_UPPER: check.upper,
        siteIdEffort: effort,
        countryStartUpTimeFrame: startUp,
        rowVersion: plan.rowVersion,
      });
      const first = answer[0];
      if (!first || first.returnCode !== '200') throw new Error('Country not added.');
      await refreshPlan();
      onAdded({ tabIndex: first.tabIndex, studyPlanSiteGroupId: first.studyPlanSiteGroupId });
    } catch (error) {
      // spec/1 section 8: a failed add only clears the loading state, unless the country is already there.
      if (isApiError(error) && error.message === COUNTRY_ALREADY_ADDED_MESSAGE) {
        notify.error(COUNTRY_ALREADY_ADDED_MESSAGE);
      }
      setSaving(false);
    }
  };

  return { saving, save };
}
