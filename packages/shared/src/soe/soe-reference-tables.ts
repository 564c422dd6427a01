/**
 * The fixed rows of an SOE's Initial Risk Assessment and visit sampling strategy tables (spec/2 sections 2, 3, 9).
 * Every new SOE gets these rows; users fill in the study specifics, scores and notes.
 */

/** Initial Risk Assessment categories with their low / moderate / high guidance (scores 0-3 each; 10 rows, 30 max). */
export const RISK_ASSESSMENT_CATEGORIES = [
  {
    category: 'Study Design Complexity',
    low: 'Single arm, few procedures',
    moderate: 'Randomised, several arms',
    high: 'Adaptive or platform design',
  },
  {
    category: 'Patient Population',
    low: 'Healthy volunteers or stable patients',
    moderate: 'Chronic disease',
    high: 'Critically ill, paediatric or vulnerable patients',
  },
  {
    category: 'Investigational Product',
    low: 'Marketed product',
    moderate: 'Known class, new indication',
    high: 'First in human or novel mechanism',
  },
  {
    category: 'Safety Profile',
    low: 'Well characterised',
    moderate: 'Some known risks',
    high: 'Serious known or unknown risks',
  },
  {
    category: 'Endpoints and Data Complexity',
    low: 'Few simple endpoints',
    moderate: 'Several endpoints, some central reads',
    high: 'Complex endpoints, many data sources',
  },
  {
    category: 'Site Experience',
    low: 'Experienced sites in the indication',
    moderate: 'Mixed experience',
    high: 'Mostly new sites',
  },
  {
    category: 'Recruitment',
    low: 'Common condition, broad criteria',
    moderate: 'Moderate competition',
    high: 'Rare condition or narrow criteria',
  },
  {
    category: 'Regulatory and Country Mix',
    low: 'One region',
    moderate: 'Several regions',
    high: 'Many countries with differing rules',
  },
  {
    category: 'Technology (eCOA, IRT, eConsent)',
    low: 'Standard EDC only',
    moderate: 'One additional system',
    high: 'Several integrated systems',
  },
  {
    category: 'Vendors',
    low: 'No third-party vendors',
    moderate: 'One or two vendors',
    high: 'Many vendors (labs, imaging, logistics)',
  },
] as const;

/** A sampling strategy table and its rows; `editField` names the SOE field an edit icon changes. */
export interface SamplingTableDefinition {
  tableSort: number;
  title: string;
  rows: { rowSort: number; rowLabel: string; editField?: string }[];
}

/** The visit sampling strategy tables, in the editor's order (spec/2 section 2). */
export const SAMPLING_TABLES: SamplingTableDefinition[] = [
  {
    tableSort: 1,
    title: 'Variables',
    rows: [
      { rowSort: 1, rowLabel: 'Assessor Name', editField: 'assessorName' },
      { rowSort: 2, rowLabel: 'CDA Review Factor of 100% SDR/SDV Time', editField: 'CDAReviewPctTime' },
      {
        rowSort: 3,
        rowLabel: 'Additional Time on Site factor based on initial risk score',
        editField: 'AddlTimeOnSitePct',
      },
      {
        rowSort: 4,
        rowLabel: 'Estimated Activated Non-enrolling Sites',
        editField: 'EstActivatedNonEnrollingSitesPct',
      },
      {
        rowSort: 5,
        rowLabel: 'Required Administrative IMV for Non-Enrolling Sites',
        editField: 'ReqAdminIMVNonEnrollingSites',
      },
    ],
  },
  {
    tableSort: 2,
    title: 'Study Specs',
    rows: [
      { rowSort: 1, rowLabel: 'Number of Countries' },
      { rowSort: 2, rowLabel: 'Number of Sites' },
      { rowSort: 3, rowLabel: 'Number of Patients Enrolled' },
      { rowSort: 4, rowLabel: 'Number of Visits per Patient' },
    ],
  },
  {
    tableSort: 3,
    title: 'CRA Time - SDR/SDV Time',
    rows: [
      { rowSort: 1, rowLabel: '100% SDR/SDV Time per Patient (minutes)' },
      { rowSort: 2, rowLabel: 'Onsite SDR/SDV per Patient (minutes)' },
      { rowSort: 3, rowLabel: 'CDA Review per Patient (minutes)' },
    ],
  },
  {
    tableSort: 4,
    title: 'IMV Budgeting',
    rows: [
      { rowSort: 1, rowLabel: 'Sampled Visits per Patient' },
      { rowSort: 2, rowLabel: 'Onsite Hours per Patient' },
    ],
  },
  {
    tableSort: 5,
    title: 'CDA Subject Review Time',
    rows: [
      {
        rowSort: 1,
        rowLabel: 'CDA Site/Subject Reporting, Average Frequency / Hours to generate',
        editField: 'SubjectReporting',
      },
    ],
  },
  {
    tableSort: 6,
    title: 'CDA Study Review Time',
    rows: [
      { rowSort: 1, rowLabel: 'CDA Study Level Review Report_Frequency', editField: 'StudyReporting' },
      {
        rowSort: 2,
        rowLabel: 'Ad Hoc Reviews based on intra-study milestones (IA, IDMC, SDM)',
        editField: 'StudyAdhocReview',
      },
    ],
  },
  {
    tableSort: 7,
    title: 'ePrice Info',
    rows: [
      { rowSort: 1, rowLabel: 'SOE Currency' },
      { rowSort: 2, rowLabel: 'Last ePrice Upload' },
    ],
  },
];
