import {
  remodelRecomputedRate,
  type RemodelErrors,
  type RemodelFormBody,
  type RemodelFormData,
} from '@predict/shared';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export type RateSelection = 1 | 2 | 3;
export type SitesSelection = 1 | 2 | 3 | 4;

/** One country section as the user edits it; the planned/actual figures come from the GET answer. */
export interface SiteGroupValues {
  siteGroupName: string;
  enrollmentRateSelection: RateSelection;
  enrollmentRateOther: string;
  sitesSelection: SitesSelection;
  sitesOther: string;
}

/** The form's editable values (inputs kept as typed text; the server checks them with the same rules). */
export interface RemodelValues {
  studyPlanName: string;
  studyPlanDescr: string;
  studyPlanType: 1 | 2;
  enrollmentRateSelection: RateSelection;
  enrollmentRateOther: string;
  overallEnrollmentDurationSelection: 1 | 2;
  /** ISO day (YYYY-MM-DD) of the 'other' last patient enrolled date; '' for none. */
  lastPatientEnrolledDateOther: string;
  screenPatientsReModel: string;
  enrollPatientsReModel: string;
  completePatientsReModel: string;
  /** The re-model enroll and complete rates, recomputed from the figures (spec/3 section 4). */
  remodelEnrollRate: number | null;
  remodelCompleteRate: number | null;
  siteGroups: SiteGroupValues[];
}

export type FigureKey = 'screenPatientsReModel' | 'enrollPatientsReModel' | 'completePatientsReModel';

const WHOLE = /^\d+$/;
const whole = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : null);

/** The form as it opens: re-model figures start at the planned ones, every choice at 'planned'. */
export function initialValues(data: RemodelFormData): RemodelValues {
  return {
    studyPlanName: '',
    studyPlanDescr: '',
    studyPlanType: 1,
    enrollmentRateSelection: 1,
    enrollmentRateOther: '',
    overallEnrollmentDurationSelection: 1,
    lastPatientEnrolledDateOther: '',
    screenPatientsReModel: String(data.screenPatientsPlanned),
    enrollPatientsReModel: String(data.enrollPatientsPlanned),
    completePatientsReModel: String(data.completePatientsPlanned),
    remodelEnrollRate: data.enrollPatientsRate.planned,
    remodelCompleteRate: data.completePatientsRate.planned,
    siteGroups: data.siteGroups.map((g) => ({
      siteGroupName: g.siteGroupName,
      enrollmentRateSelection: 1,
      enrollmentRateOther: '',
      sitesSelection: 1,
      sitesOther: '',
    })),
  };
}

/**
 * A changed re-model figure; the enroll rate ((screened - enrolled) / screened) and complete rate
 * ((enrolled - completed) / enrolled) are recomputed only when the first figure is at least the second, otherwise
 * they keep their last value (spec/3 section 4).
 */
export function withFigure(values: RemodelValues, key: FigureKey, text: string): RemodelValues {
  const next = { ...values, [key]: text };
  const screened = whole(next.screenPatientsReModel);
  const enrolled = whole(next.enrollPatientsReModel);
  const completed = whole(next.completePatientsReModel);
  if (screened !== null && enrolled !== null) {
    next.remodelEnrollRate = remodelRecomputedRate(screened, enrolled) ?? next.remodelEnrollRate;
  }
  if (enrolled !== null && completed !== null) {
    next.remodelCompleteRate = remodelRecomputedRate(enrolled, completed) ?? next.remodelCompleteRate;
  }
  return next;
}

/** A rate as typed: digits and one dot only. */
export const RATE_TYPING = /^\d*\.?\d*$/;

/** Rounds a typed rate to 2 decimals on blur; text that is not a number stays for the rule to flag. */
export function roundRate(text: string): string {
  const t = text.trim();
  if (t === '' || !/^\d*\.?\d*$/.test(t) || t === '.') return text;
  return String(Math.round(Number(t) * 100) / 100);
}

// Plan dates are stored as millis at noon UTC, so the day is the same in every time zone.
const dayToMillis = (day: string) => (day ? dayjs.utc(day).add(12, 'hour').valueOf() : null);

/** The PATCH body: the spec's field names, planned and actual figures from the GET answer, removed countries dropped. */
export function toBody(values: RemodelValues, data: RemodelFormData): RemodelFormBody {
  return {
    studyPlanName: values.studyPlanName.trim(),
    studyPlanDescr: values.studyPlanDescr,
    studyPlanType: values.studyPlanType,
    enrollmentRateSelection: values.enrollmentRateSelection,
    enrollmentRatePlanned: data.enrollmentRatePlanned,
    enrollmentRateActual: data.enrollmentRateActual,
    enrollmentRateOther: values.enrollmentRateOther || null,
    overallEnrollmentDurationSelection: values.overallEnrollmentDurationSelection,
    lastPatientEnrolledDateMillisPlanned: data.lastPatientEnrolledDateMillisPlanned,
    lastPatientEnrolledDateMillisOther: dayToMillis(values.lastPatientEnrolledDateOther),
    screenPatientsPlanned: data.screenPatientsPlanned,
    screenPatientsReModel: values.screenPatientsReModel,
    enrollPatientsPlanned: data.enrollPatientsPlanned,
    enrollPatientsReModel: values.enrollPatientsReModel,
    completePatientsPlanned: data.completePatientsPlanned,
    completePatientsReModel: values.completePatientsReModel,
    siteGroups: values.siteGroups.flatMap((g, i) => {
      const source = data.siteGroups[i]!;
      if (g.sitesSelection === 4) return [];
      return [
        {
          siteGroupName: g.siteGroupName,
          enrollmentRateSelection: g.enrollmentRateSelection,
          enrollmentRatePlanned: source.enrollmentRatePlanned,
          enrollmentRateActual: source.enrollmentRateActual,
          enrollmentRateOther: g.enrollmentRateOther || null,
          sitesSelection: g.sitesSelection,
          sitesPlanned: source.sitesPlanned,
          sitesActual: source.sitesActual,
          sitesActualClosed: source.sitesActualClosed,
          sitesOther: g.sitesOther || null,
        },
      ];
    }),
  };
}

/** The rules run on the form's values, indexed like the form (not the body, whose removed groups are gone). */
export function formRuleInput(values: RemodelValues, data: RemodelFormData): RemodelFormBody {
  const body = toBody(values, data);
  return {
    ...body,
    siteGroups: values.siteGroups.map((g, i) => ({
      siteGroupName: g.siteGroupName,
      enrollmentRateSelection: g.enrollmentRateSelection,
      enrollmentRateOther: g.enrollmentRateOther,
      sitesSelection: g.sitesSelection,
      sitesOther: g.sitesOther,
      sitesActual: data.siteGroups[i]!.sitesActual,
    })),
  };
}

/**
 * Server field paths ('body.siteGroups.0.sitesOther') use the body's group indexes (removed groups dropped); this maps them back to the form's.
 */
export function serverErrorsToForm(
  fields: { path: string; message: string }[],
  values: RemodelValues,
): RemodelErrors {
  const kept = values.siteGroups.flatMap((g, i) => (g.sitesSelection === 4 ? [] : [i]));
  const out: RemodelErrors = {};
  for (const field of fields) {
    // The server names body fields 'body.<path>' (its invalidBody guard).
    const path = field.path.replace(/^body\./, '');
    const message = field.message;
    const m = /^siteGroups\.(\d+)\.(.+)$/.exec(path);
    const formIndex = m ? kept[Number(m[1])] : undefined;
    out[m && formIndex !== undefined ? `siteGroups.${formIndex}.${m[2]}` : path] = message;
  }
  return out;
}
