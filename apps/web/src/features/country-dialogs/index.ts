export { AddCountryDialog, type AddCountryDialogProps } from './components/add-country-dialog';
export { EditCountryDialog, type EditCountryDialogProps } from './components/edit-country-dialog';
export { DeleteCountryDialog, type DeleteCountryDialogProps } from './components/delete-country-dialog';
export {
  CtisSubmissionDialog,
  CTIS_RELOAD_DELAY_MS,
  type CtisSubmissionDialogProps,
} from './components/ctis-submission-dialog';
export { countryLabel } from './utils/country-values';
export { siteIdEffortFor, daysWithMonths, SITE_ID_EFFORT_TOOLTIP } from './utils/site-range';
