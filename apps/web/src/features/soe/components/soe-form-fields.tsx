import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  ADDL_TIME_ON_SITE_PCT_OPTIONS,
  CDA_REVIEW_PCT_OPTIONS,
  EST_ACTIVATED_NON_ENROLLING_SITES_PCT_OPTIONS,
  REPORTING_FREQUENCY_OPTIONS,
  REQ_ADMIN_IMV_OPTIONS,
  SOE_INTERVAL_TYPES,
  SOE_LIMITS,
  SOE_STATUSES,
  STUDY_REPORTING_HOURS_OPTIONS,
  SUBJECT_REPORTING_HOURS_OPTIONS,
} from '@predict/shared';
import { DateField } from '@/components/date-field';
import { DATE_FORMAT } from '@/lib/format';
import type { SoeForm } from '../hooks/use-soe-form';
import { CurrencyPicker } from './currency-picker';
import { SelectField, plainOptions } from './select-field';

export interface StudyPlanOption {
  studyPlanId: number;
  studyPlanName: string;
}

const half = { xs: 12, sm: 6 } as const;

/** The fields of the SOE form (spec/2 sections 3, 5 and 9), all disabled when `readOnly` (the View dialog). */
export function SoeFormFields({
  form,
  plans,
  readOnly = false,
}: {
  form: SoeForm;
  /** The study's plans for the Linked Study Plan select. */
  plans: readonly StudyPlanOption[];
  readOnly?: boolean;
}) {
  const planOptions = plans.map((p) => ({ value: p.studyPlanId, label: p.studyPlanName }));
  const linked = form.values.studyPlanId;
  // A linked plan missing from the list (deleted meanwhile) still shows as chosen rather than blank.
  if (linked !== null && !planOptions.some((o) => o.value === linked))
    planOptions.push({ value: linked, label: `Study plan ${linked}` });
  return (
    <Grid container spacing={2} sx={{ pt: 1 }}>
      <IdentityFields form={form} readOnly={readOnly} planOptions={planOptions} />
      <ProtocolFields form={form} readOnly={readOnly} />
      <ScheduleFields form={form} readOnly={readOnly} />
      <MonitoringFields form={form} readOnly={readOnly} />
      <ReportingFields form={form} readOnly={readOnly} />
    </Grid>
  );
}

interface FieldsProps {
  form: SoeForm;
  readOnly: boolean;
}

/** Name, description, status and the linked study plan. */
function IdentityFields({
  form,
  readOnly,
  planOptions,
}: FieldsProps & { planOptions: { value: number; label: string }[] }) {
  const { values: v, errors, set, touch } = form;
  const common = { disabled: readOnly };
  return (
    <>
      <Grid size={12}>
        <TextField
          label="SOE Name"
          required
          fullWidth
          size="small"
          value={v.scheduleOfEventsName}
          onChange={(e) => set('scheduleOfEventsName', e.target.value)}
          onBlur={() => touch('scheduleOfEventsName')}
          error={errors.scheduleOfEventsName !== undefined}
          helperText={errors.scheduleOfEventsName ?? `${v.scheduleOfEventsName.length}/${SOE_LIMITS.nameMax}`}
          slotProps={{ htmlInput: { maxLength: SOE_LIMITS.nameMax } }}
          {...common}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label="SOE Description"
          required
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          value={v.scheduleOfEventsDescr}
          onChange={(e) => set('scheduleOfEventsDescr', e.target.value)}
          onBlur={() => touch('scheduleOfEventsDescr')}
          error={errors.scheduleOfEventsDescr !== undefined}
          helperText={
            errors.scheduleOfEventsDescr ?? `${v.scheduleOfEventsDescr.length}/${SOE_LIMITS.descriptionMax}`
          }
          slotProps={{ htmlInput: { maxLength: SOE_LIMITS.descriptionMax } }}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Status"
          required
          value={v.scheduleOfEventsStatus}
          options={plainOptions(SOE_STATUSES)}
          onChange={(s) => s && set('scheduleOfEventsStatus', s)}
          error={errors.scheduleOfEventsStatus}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Linked Study Plan"
          allowEmpty
          value={v.studyPlanId}
          options={planOptions}
          onChange={(id) => set('studyPlanId', id)}
          error={errors.studyPlanId}
          {...common}
        />
      </Grid>
    </>
  );
}

/** Protocol version and date, each with its Not Available switch. */
function ProtocolFields({ form, readOnly }: FieldsProps) {
  const { values: v, errors, set, touch } = form;
  const common = { disabled: readOnly };
  return (
    <>
      <Grid size={half}>
        <TextField
          label="Protocol Version"
          required={!v.protocolVersionNotAvailable}
          fullWidth
          size="small"
          value={v.protocolVersion ?? ''}
          onChange={(e) => set('protocolVersion', e.target.value)}
          onBlur={() => touch('protocolVersion')}
          error={errors.protocolVersion !== undefined}
          helperText={errors.protocolVersion}
          disabled={readOnly || v.protocolVersionNotAvailable}
          slotProps={{ htmlInput: { maxLength: SOE_LIMITS.protocolVersionMax } }}
        />
        <FormControlLabel
          label="Protocol Version Not Available"
          control={
            <Switch
              size="small"
              checked={v.protocolVersionNotAvailable}
              onChange={(e) => set('protocolVersionNotAvailable', e.target.checked)}
              {...common}
            />
          }
        />
      </Grid>
      <Grid size={half}>
        <DateField
          label="Protocol Date"
          format={DATE_FORMAT}
          required={!v.protocolDateNotAvailable}
          fullWidth
          value={v.protocolDate ?? ''}
          onChange={(day) => set('protocolDate', day === '' ? null : day)}
          onBlur={() => touch('protocolDate')}
          error={errors.protocolDate !== undefined}
          helperText={errors.protocolDate}
          disabled={readOnly || v.protocolDateNotAvailable}
        />
        <FormControlLabel
          label="Protocol Date Not Available"
          control={
            <Switch
              size="small"
              checked={v.protocolDateNotAvailable}
              onChange={(e) => set('protocolDateNotAvailable', e.target.checked)}
              {...common}
            />
          }
        />
      </Grid>
    </>
  );
}

/** Interval types, CDA review time, currency, assessor and the study's ad hoc review. */
function ScheduleFields({ form, readOnly }: FieldsProps) {
  const { values: v, errors, set, touch } = form;
  const common = { disabled: readOnly };
  return (
    <>
      <Grid size={half}>
        <SelectField
          label="Visit Interval Type"
          required
          value={v.visitIntervalType}
          options={plainOptions(SOE_INTERVAL_TYPES)}
          onChange={(t) => t && set('visitIntervalType', t)}
          error={errors.visitIntervalType}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Visit Window Interval Type"
          required
          value={v.visitWindowIntervalType}
          options={plainOptions(SOE_INTERVAL_TYPES)}
          onChange={(t) => t && set('visitWindowIntervalType', t)}
          error={errors.visitWindowIntervalType}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="CDA Review % Time"
          required
          value={v.CDAReviewPctTime}
          options={plainOptions(CDA_REVIEW_PCT_OPTIONS, '%')}
          onChange={(n) => n !== null && set('CDAReviewPctTime', n)}
          error={errors.CDAReviewPctTime}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <CurrencyPicker
          value={v.currency}
          onChange={(code) => set('currency', code)}
          error={errors.currency !== undefined}
          helperText={errors.currency}
          fullWidth
          minWidth={0}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <TextField
          label="Assessor Name"
          fullWidth
          size="small"
          value={v.assessorName ?? ''}
          onChange={(e) => set('assessorName', e.target.value)}
          onBlur={() => touch('assessorName')}
          error={errors.assessorName !== undefined}
          helperText={errors.assessorName}
          slotProps={{ htmlInput: { maxLength: SOE_LIMITS.assessorNameMax } }}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <TextField
          label="Study Ad Hoc Review"
          fullWidth
          size="small"
          value={form.adhocText}
          onChange={(e) => form.setAdhoc(e.target.value)}
          onBlur={() => touch('StudyAdhocReview')}
          error={errors.StudyAdhocReview !== undefined}
          helperText={errors.StudyAdhocReview}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 10 } }}
          {...common}
        />
      </Grid>
    </>
  );
}

/** Non-enrolling sites: their share and their administrative monitoring visits. */
function MonitoringFields({ form, readOnly }: FieldsProps) {
  const { values: v, errors, set } = form;
  const common = { disabled: readOnly };
  return (
    <>
      <Grid size={half}>
        <SelectField
          label="Additional Time on Site %"
          allowEmpty
          value={v.AddlTimeOnSitePct}
          options={plainOptions(ADDL_TIME_ON_SITE_PCT_OPTIONS, '%')}
          onChange={(n) => set('AddlTimeOnSitePct', n)}
          error={errors.AddlTimeOnSitePct}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Estimated Activated Non-Enrolling Sites %"
          allowEmpty
          value={v.EstActivatedNonEnrollingSitesPct}
          options={plainOptions(EST_ACTIVATED_NON_ENROLLING_SITES_PCT_OPTIONS, '%')}
          onChange={(n) => set('EstActivatedNonEnrollingSitesPct', n)}
          error={errors.EstActivatedNonEnrollingSitesPct}
          {...common}
        />
      </Grid>
      <Grid size={12}>
        <SelectField
          label="Required Administrative IMV for Non-Enrolling Sites"
          allowEmpty
          value={v.ReqAdminIMVNonEnrollingSites}
          options={plainOptions(REQ_ADMIN_IMV_OPTIONS)}
          onChange={(o) => set('ReqAdminIMVNonEnrollingSites', o)}
          error={errors.ReqAdminIMVNonEnrollingSites}
          {...common}
        />
      </Grid>
    </>
  );
}

/** How often subject and study reports are made, and the hours each takes. */
function ReportingFields({ form, readOnly }: FieldsProps) {
  const { values: v, errors, set } = form;
  const common = { disabled: readOnly };
  return (
    <>
      <Grid size={half}>
        <SelectField
          label="Subject Reporting Average Frequency"
          allowEmpty
          value={v.SubjectReportingAvgFrequency}
          options={plainOptions(REPORTING_FREQUENCY_OPTIONS)}
          onChange={(o) => set('SubjectReportingAvgFrequency', o)}
          error={errors.SubjectReportingAvgFrequency}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Subject Reporting Hours to Generate"
          allowEmpty
          value={v.SubjectReportingHoursToGenerate}
          options={plainOptions(SUBJECT_REPORTING_HOURS_OPTIONS)}
          onChange={(n) => set('SubjectReportingHoursToGenerate', n)}
          error={errors.SubjectReportingHoursToGenerate}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Study Reporting Average Frequency"
          allowEmpty
          value={v.StudyReportingAvgFrequency}
          options={plainOptions(REPORTING_FREQUENCY_OPTIONS)}
          onChange={(o) => set('StudyReportingAvgFrequency', o)}
          error={errors.StudyReportingAvgFrequency}
          {...common}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Study Reporting Hours to Generate"
          allowEmpty
          value={v.StudyReportingHoursToGenerate}
          options={plainOptions(STUDY_REPORTING_HOURS_OPTIONS)}
          onChange={(n) => set('StudyReportingHoursToGenerate', n)}
          error={errors.StudyReportingHoursToGenerate}
          {...common}
        />
      </Grid>
    </>
  );
}
