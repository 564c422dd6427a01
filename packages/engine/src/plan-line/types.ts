/**
 * The plan line: deterministic expected curves (simulation model section 1). All curves are cumulative expected
 * counts at the end of each day, indexed by days since day 0, length horizonDays + 1. Milestones are days since day
 * 0, or null when not reached within the horizon.
 */
export interface Curves {
  /** Sites activated (initiated) so far. */
  activeSites: Float64Array;
  screened: Float64Array;
  enrolled: Float64Array;
  completedTreatment: Float64Array;
  completedFollowUp: Float64Array;
}

/** Plan-line milestones of one site group (days since day 0). */
export interface GroupPlanMilestones {
  firstSiteActivation: number | null;
  lastSiteActivation: number | null;
  /** First day with expected screening (> 0). */
  firstScreened: number | null;
  firstEnrolled: number | null;
  /** Last day with expected screening; null while the group still screens at the horizon. */
  lastScreened: number | null;
  lastEnrolled: number | null;
}

export interface GroupPlanLine {
  key: string;
  curves: Curves;
  milestones: GroupPlanMilestones;
  /** Site-months of screening exposure, from each site's first screening day to the group's last screening day. */
  siteMonths: number;
}

/** Study milestones on the plan line (spec/1 section 3 study milestones), days since day 0. */
export interface StudyPlanMilestones {
  /** Site ID finish: the latest group's (site identification is done when every country is done). */
  siteIdFinish: number | null;
  regulatorySubmission: number | null;
  firstRegulatoryApproval: number | null;
  /** FSIV: first site initiated. */
  firstSiteActivation: number | null;
  lastSiteActivation: number | null;
  /** FPS: first day with expected screening. */
  firstScreened: number | null;
  /** FPI: first day with expected enrollment. */
  firstEnrolled: number | null;
  enrolled25: number | null;
  enrolled50: number | null;
  enrolled75: number | null;
  /** LPI: the enrolled target is reached (the rounded curve shows it). */
  lastEnrolled: number | null;
  /** FPC: first patient completes treatment (FPI + treatment days). */
  firstCompletedTreatment: number | null;
  /** LPC: last patient completes treatment (LPI + treatment days). */
  lastCompletedTreatment: number | null;
  /** FPLV: first patient's last follow-up visit (FPI + treatment + follow-up days). */
  firstLastVisit: number | null;
  /** LPLV: last patient's last follow-up visit (LPI + treatment + follow-up days). */
  lastLastVisit: number | null;
  /** TFED: taken as LPLV (the end of treatment and follow-up data). */
  tfed: number | null;
  dbLock: number | null;
  csr: number | null;
  tmfClose: number | null;
}

/** A zero-intensity window created by a pause: screening stops on days [startDay, endDay]. */
export interface PauseWindow {
  /** Group key, or null for the study-level pause. */
  groupKey: string | null;
  startDay: number;
  endDay: number;
}

export interface PlanLine {
  horizonDays: number;
  groups: GroupPlanLine[];
  total: Curves;
  milestones: StudyPlanMilestones;
  /** Day on which study-wide screening stopped (target reached), or null. */
  screeningStopDay: number | null;
  pauses: PauseWindow[];
}

/** A count k counts as reached when the expected cumulative curve is at least k - 0.5 (its rounding shows k). */
export const REACH_TOLERANCE = 0.5;
/** Smallest expected count treated as positive (guards against floating-point residue). */
export const POSITIVE_EPS = 1e-9;
